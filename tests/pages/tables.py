"""Reads the tables of a page as the user (and a screen reader) gets them: caption, column headers, rows."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Table:
    caption: str = ""
    headers: list[str] = field(default_factory=list)  # th scope="col"
    rows: list[list[str]] = field(default_factory=list)  # body rows, every cell's text
    row_headers: list[str] = field(default_factory=list)  # th scope="row"


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tables: list[Table] = []
        self.stack: list[Table] = []
        self.cell: list[str] | None = None
        self.cell_scope = ""
        self.in_caption = False
        self.row: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table":
            self.stack.append(Table())
        elif tag == "caption":
            self.in_caption = True
        elif tag == "tr":
            self.row = []
        elif tag in ("td", "th"):
            self.cell, self.cell_scope = [], attrs.get("scope", "") if tag == "th" else "td"

    def handle_endtag(self, tag):
        if tag == "table" and self.stack:
            self.tables.append(self.stack.pop())
        elif tag == "caption":
            self.in_caption = False
        elif tag in ("td", "th") and self.cell is not None and self.stack:
            text = " ".join("".join(self.cell).split())
            table = self.stack[-1]
            if self.cell_scope == "col":
                table.headers.append(text)
            else:
                if self.cell_scope == "row":
                    table.row_headers.append(text)
                if self.row is not None:
                    self.row.append(text)
            self.cell = None
        elif tag == "tr" and self.row is not None and self.stack:
            if self.row:
                self.stack[-1].rows.append(self.row)
            self.row = None

    def handle_data(self, data):
        if self.in_caption and self.stack:
            self.stack[-1].caption += data
        if self.cell is not None:
            self.cell.append(data)


def tables(html: str) -> list[Table]:
    parser = _Parser()
    parser.feed(html)
    return parser.tables


def table_with_caption(html: str, words: str) -> Table:
    found = [t for t in tables(html) if words in t.caption]
    assert found, f"no table whose caption contains {words!r}; captions: {[t.caption for t in tables(html)]}"
    return found[0]
