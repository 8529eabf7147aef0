"""PGN text for every engine whose games are PGN (chess and rvc on the fairy engine; reach, twilight and sscc on
python-chess): reading the tags and move words of one game, and writing a game back.

The reader knows nothing about any variant's moves: it returns the words between the move numbers, which each
engine parses itself (twilight warps ``h7@P``/``h70P``, drops ``P@e4``, sscc switches ``c3/S``, 12x8 squares).
python-chess's own reader cannot be used for them: it rejects words it cannot parse as chess moves and variant
names it does not know. Parity Chess has its own one-turn-per-line format (:mod:`variants.parity`).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

SEVEN_TAGS = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
TAG_DEFAULTS = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?", "White": "?", "Black": "?"}
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")

# One lexical item of PGN text, in the order they are tried: a tag pair, a comment (brace comments may span
# lines and hold ';'), a rest-of-line comment, a variation bracket, a word. The two "broken" forms catch an
# unclosed comment or tag so that it is reported instead of being read as moves.
_ITEM = re.compile(
    r'(?P<tag>\[\s*(?P<name>[A-Za-z0-9_]+)\s+"(?P<value>(?:[^"\\]|\\.)*)"\s*\])'
    r"|(?P<comment>\{[^}]*\})"
    r"|(?P<open_comment>\{[^}]*$)"
    r"|(?P<line_comment>;[^\n]*)"
    r"|(?P<bracket>[()])"
    r"|(?P<broken_tag>\[[^\]\n]*\]?)"
    r"|(?P<word>[^\s(){};\[]+)"
)
_ESCAPE_LINE = re.compile(r"^%[^\n]*$", re.MULTILINE)  # PGN's escape mechanism: a line starting with '%'
_NUMBER = re.compile(r"^\d+\.+")  # "12." or "12..." (also glued to the move: "12...h7@P")
_ANNOTATION = re.compile(r"[!?]+")  # "c3!!", "Qd5?!": no move notation uses these characters


class PgnError(ValueError):
    """PGN text that cannot be read (an unclosed comment or a malformed tag). The message is one line."""


@dataclass
class PgnGame:
    """The first game of a PGN text: its tags, its move words, and the result word that ended the movetext."""

    tags: dict[str, str] = field(default_factory=dict)
    words: list[str] = field(default_factory=list)
    result: str | None = None  # "1-0", "0-1", "1/2-1/2", "*" or None when the movetext has no result word

    @property
    def empty(self) -> bool:
        return not self.tags and not self.words and self.result is None


def read(text: str) -> PgnGame:
    """The first game in ``text``. Comments, variations, NAGs, move numbers and ``!``/``?`` marks are skipped;
    a movetext result word stands in for a missing Result tag.

    Tags may share a line (as in the seeds). A tag after the first move word starts the next game, so reading
    stops there, as it does at the result word. Raises :class:`PgnError` for an unclosed comment or bad tag.
    """
    game = PgnGame()
    depth = 0
    for item in _ITEM.finditer(_ESCAPE_LINE.sub(" ", text.replace("\r\n", "\n"))):
        kind = item.lastgroup
        if kind == "tag":
            if game.words:
                break
            game.tags[item["name"]] = item["value"].replace('\\"', '"').replace("\\\\", "\\")
        elif kind == "open_comment":
            raise PgnError(f"a comment that starts with {item.group().split(chr(10))[0][:20]!r} is never closed with '}}'")
        elif kind == "broken_tag":
            raise PgnError(f'cannot read the tag {item.group()[:40]!r} (expected [Name "value"])')
        elif kind == "bracket":
            depth = depth + 1 if item.group() == "(" else max(0, depth - 1)
        elif kind == "word" and depth == 0:
            word = item.group()
            if word in RESULTS:
                game.result = word
                break
            word = _ANNOTATION.sub("", _NUMBER.sub("", word))
            if word and not word.startswith("$"):
                game.words.append(word)
    if game.result is not None:
        # A game without a Result tag still states its result at the end of the movetext.
        game.tags.setdefault("Result", game.result)
    return game


def write(
    tags: Mapping[str, str],
    moves: Sequence[str],
    result: str,
    first_fullmove: int = 1,
    black_first: bool = False,
) -> str:
    """A PGN game: the seven-tag roster (``?`` for what is unknown), the other tags in their given order, a blank
    line, and the movetext with move numbers, lines under 80 characters, ending with ``result``."""
    headers = {**TAG_DEFAULTS, **{name: str(value) for name, value in tags.items()}, "Result": result}
    ordered = list(SEVEN_TAGS) + [name for name in headers if name not in SEVEN_TAGS]
    head = "\n".join(f'[{name} "{_escape(headers[name])}"]' for name in ordered)
    words = []
    number = first_fullmove
    white = not black_first
    for index, move in enumerate(moves):
        if white:
            words.append(f"{number}.")
        elif index == 0:
            words.append(f"{number}...")
        words.append(move)
        if not white:
            number += 1
        white = not white
    words.append(result)
    body = textwrap.fill(" ".join(words), width=79, break_long_words=False, break_on_hyphens=False)
    return f"{head}\n\n{body}\n"


_NON_PRINTING = re.compile(r"\s*[\x00-\x1f\x7f-\x9f\u2028\u2029]+\s*")


def _escape(value: str) -> str:
    """A PGN string's content (standard, section 7): a backslash before a backslash or a quote; non-printing
    characters (a newline, a tab) are not allowed in a string, so each run of them becomes a space."""
    return _NON_PRINTING.sub(" ", value).replace("\\", "\\\\").replace('"', '\\"')
