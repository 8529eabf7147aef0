"""Minimal PGN reading and writing for the fairy engines (tags, SAN movetext, comments and variations skipped)."""

from __future__ import annotations

import re
import textwrap

SEVEN_TAGS = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")

_TAG = re.compile(r'^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
_MOVE_NUMBER = re.compile(r"^\d+\.+")


class PgnError(ValueError):
    pass


def read(text: str) -> tuple[dict[str, str], list[str]]:
    """Tags and SAN tokens of the first game in ``text``."""
    tags: dict[str, str] = {}
    body: list[str] = []
    for line in text.replace("\r\n", "\n").split("\n"):
        stripped = line.strip()
        if stripped.startswith("[") and not body:
            found = _TAG.match(stripped)
            if not found:
                raise PgnError(f"cannot read the tag line {stripped!r}")
            tags[found[1]] = found[2].replace('\\"', '"').replace("\\\\", "\\")
        elif stripped and not stripped.startswith("%"):
            body.append(stripped.split(";", 1)[0])
    return tags, _tokens(" ".join(body))


def _tokens(movetext: str) -> list[str]:
    # Remove comments and (possibly nested) variations, then NAGs, move numbers and the result.
    text = re.sub(r"\{[^}]*\}", " ", movetext)
    depth = 0
    kept = []
    for char in text:
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif depth == 0:
            kept.append(char)
    tokens = []
    for token in "".join(kept).split():
        token = _MOVE_NUMBER.sub("", token)
        if not token or token.startswith("$") or token in RESULTS:
            continue
        tokens.append(token)
    return tokens


def write(tags: dict[str, str], sans: list[str], result: str, first_fullmove: int = 1, black_first: bool = False) -> str:
    ordered = {name: tags.get(name, "?") for name in SEVEN_TAGS}
    ordered["Result"] = result
    for name, value in tags.items():
        if name not in ordered:
            ordered[name] = value
    head = "\n".join(f'[{name} "{_escape(value)}"]' for name, value in ordered.items())
    words = []
    number = first_fullmove
    white_to_move = not black_first
    for index, move in enumerate(sans):
        if white_to_move:
            words.append(f"{number}. {move}")
        else:
            words.append(f"{number}... {move}" if index == 0 else move)
            number += 1
        white_to_move = not white_to_move
    words.append(result)
    body = textwrap.fill(" ".join(words), width=79, break_long_words=False, break_on_hyphens=False)
    return f"{head}\n\n{body}\n"


def _escape(value: str) -> str:
    return str(value).replace("\\", "\\\\").replace('"', '\\"')
