"""A reader of PGN written from the standard ("Portable Game Notation Specification and Implementation Guide",
Steven J. Edwards, 1994-03-12), not from our writer, python-chess or variants.pgn_text: it checks the export format
of the tag pair section strictly and splits a file into games, so a tag that a quote or a newline breaks, a game a
stray line splits in two, or a result that disagrees with its tag fails here.

The standard, in short (section numbers are the standard's):

* 7: a string token is zero or more printing characters between two quotes; a quote inside is ``\\"``, a backslash
  ``\\\\``; non-printing characters such as newline and tab are not permitted; at most 255 characters of data. A
  symbol token starts with a letter or digit, followed by letters, digits and ``_ + # = : -``.
* 8.1: a tag pair is a left bracket, a symbol (the tag name), a string (the value), a right bracket; in export
  format each tag pair is on a line of its own, with no white space after ``[`` or before ``]`` and one space
  between the name and the value. Tag names are made of letters, digits and the underscore (8.1: "composed
  exclusively of letters, digits, and the underscore character"), and start with an upper case letter.
* 8.1.1: the Seven Tag Roster comes first, in the order Event, Site, Date, Round, White, Black, Result, and each tag
  name appears once; Date is ``YYYY.MM.DD`` with ``??`` for an unknown part; Result is ``1-0``, ``0-1``,
  ``1/2-1/2`` or ``*``.
* 8.2, 8.2.6 and 3.2 (export format): a blank line separates the tag pairs from the movetext, which ends with a game
  termination marker equal to the Result tag; a blank line follows each game. Export format movetext lines have
  "less than 80 printing characters" and neither start nor end with a space (8.2.1).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

SEVEN_TAG_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
MAX_STRING = 255
MAX_MOVETEXT_LINE = 79
TAG_NAME = re.compile(r"[A-Z][A-Za-z0-9_]*")
DATE = re.compile(r"(\d{4}|\?{4})\.(\d\d|\?\?)\.(\d\d|\?\?)")


class SpecError(AssertionError):
    pass


@dataclass
class Game:
    tags: dict[str, str] = field(default_factory=dict)  # the values as the strings mean them (escapes undone)
    order: list[str] = field(default_factory=list)
    movetext: str = ""
    first_line: int = 0


def _printing(char: str) -> bool:
    # Printing: not a C0 or C1 control character, not DEL, not a Unicode line or paragraph separator.
    return not (ord(char) < 32 or 127 <= ord(char) < 160 or char in "\u2028\u2029")


def read_string(text: str, start: int, line: int) -> tuple[str, int]:
    """The string token whose opening quote is at ``text[start]``: (its value, the index after the closing quote)."""
    if text[start : start + 1] != '"':
        raise SpecError(f"line {line}: a string starts with a quote")
    value, index = [], start + 1
    while index < len(text):
        char = text[index]
        if char == '"':
            if len(value) > MAX_STRING:
                raise SpecError(f"line {line}: a string holds at most {MAX_STRING} characters, this one {len(value)}")
            return "".join(value), index + 1
        if char == "\\":
            escaped = text[index + 1 : index + 2]
            if escaped not in ('"', "\\"):
                raise SpecError(f"line {line}: a backslash in a string escapes a quote or a backslash, not {escaped!r}")
            value.append(escaped)
            index += 2
            continue
        if not _printing(char):
            raise SpecError(f"line {line}: a string may not hold the non-printing character {char!r}")
        value.append(char)
        index += 1
    raise SpecError(f"line {line}: a string is never closed by a quote")


def read_tag_pair(text: str, line: int) -> tuple[str, str]:
    """One export-format tag pair line: ``[Name "value"]``."""
    found = re.match(r"\[([^\s\"\]]*) ", text)
    if not found:
        raise SpecError(f"line {line}: a tag pair is [, the name, one space, the value, ]: {text[:60]!r}")
    name = found.group(1)
    if not TAG_NAME.fullmatch(name):
        raise SpecError(f"line {line}: tag name {name!r} is not letters, digits and _ starting with a capital")
    value, end = read_string(text, found.end(), line)
    if text[end:] != "]":
        raise SpecError(f"line {line}: after the value comes ] and the end of the line, not {text[end:][:20]!r}")
    return name, value


def _check_tags(game: Game) -> None:
    if game.order[:7] != list(SEVEN_TAG_ROSTER):
        raise SpecError(f"game at line {game.first_line}: the Seven Tag Roster first and in order, not {game.order[:7]}")
    if len(set(game.order)) != len(game.order):
        raise SpecError(f"game at line {game.first_line}: a tag name appears twice")
    if not DATE.fullmatch(game.tags["Date"]):
        raise SpecError(f"game at line {game.first_line}: Date {game.tags['Date']!r} is not YYYY.MM.DD")
    if game.tags["Result"] not in RESULTS:
        raise SpecError(f"game at line {game.first_line}: Result {game.tags['Result']!r} is not one of {RESULTS}")


def _check_movetext(game: Game, lines: list[str], first: int) -> None:
    for number, text in enumerate(lines, start=first):
        if len(text) > MAX_MOVETEXT_LINE:
            raise SpecError(f"line {number}: a movetext line of {len(text)} characters (at most {MAX_MOVETEXT_LINE})")
        if text.startswith("["):
            raise SpecError(f"line {number}: a tag pair inside the movetext (a game split in two?)")
        if text != text.strip():
            raise SpecError(f"line {number}: an export format line neither starts nor ends with a space")
    words = " ".join(lines).split()
    if not words or words[-1] != game.tags["Result"]:
        raise SpecError(f"game at line {game.first_line}: the movetext ends with {words[-1:]} but Result is "
                        f"{game.tags['Result']!r}")  # fmt: skip
    game.movetext = " ".join(lines)


def read(text: str) -> list[Game]:
    """Every game of an export-format PGN text; raises :class:`SpecError` at the first departure from the standard."""
    lines = text.replace("\r\n", "\n").split("\n")
    games, index = [], 0
    while index < len(lines):
        if not lines[index]:
            index += 1
            continue
        game = Game(first_line=index + 1)
        while index < len(lines) and lines[index].startswith("["):
            name, value = read_tag_pair(lines[index], index + 1)
            game.tags[name], index = value, index + 1
            game.order.append(name)
        if not game.order:
            raise SpecError(f"line {index + 1}: a game starts with its tag pairs, not {lines[index][:40]!r}")
        if index >= len(lines) or lines[index]:
            raise SpecError(f"line {index + 1}: a blank line separates the tag pairs from the movetext")
        _check_tags(game)
        index += 1
        first = index
        while index < len(lines) and lines[index]:
            index += 1
        _check_movetext(game, lines[first:index], first + 1)
        games.append(game)
    return games
