"""A reader of FIDE TRF-16 written from the FIDE specification (C.04 Annex 2, "Tournament Report File Format
Version 2016", approved Elista 2015), not from our writer: every field is read at the columns the standard's
tables give and checked against what the standard allows there, so an export that shifts a column or writes a
code the standard lacks fails here.

The standard, in short (positions are 1-based columns):

* every line ends with a carriage return (Remark 1);
* tournament section, data identification ``??2``, the value from column 5: 012 name, 022 city, 032 federation,
  042 start date, 052 end date, 062 players, 072 rated players, 082 teams, 092 type, 102 chief arbiter, 112 deputy
  chief arbiter (one line each), 122 allotted times, 132 dates of the rounds (``YY/MM/DD`` at 92-99, 102-109, ...);
* TRF-2026 (approved 12/05/2025) gives the dates 042 and 052 as ``YYYY/MM/DD``; 062, 072 and 082 are counts; 032 is
  a three-letter federation code;
* player section ``001``: 5-8 starting rank (1 to 9999), 10 sex (m/w), 11-13 title (GM IM WGM FM WIM CM WFM WCM),
  15-47 name "Lastname, Firstname", 49-52 FIDE rating, 54-56 federation, 58-68 FIDE number, 70-79 birth date
  ``YYYY/MM/DD``, 81-84 points (``11.5``), 86-89 rank; then one block per round from column 92, ten columns each:
  92-95 the scheduled opponent's starting rank (``0000`` or blanks: none), 97 colour (``w``, ``b``, ``-`` or
  blank), 99 result (``+ - W D L 1 = 0 H F U Z`` or blank, letters in either case).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

TOURNAMENT_TAGS = ("012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132")
TITLES = {"", "GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"}
RESULTS = set("+-WDL1=0HFUZ ") | set("wdlhfuz")
# Points per result code in the usual system (1, ½, 0; the pairing-allocated bye and the full-point bye a win).
POINTS = {"+": 1.0, "W": 1.0, "1": 1.0, "F": 1.0, "U": 1.0, "D": 0.5, "=": 0.5, "H": 0.5}
# (first column, last column) of the blanks that separate the 001 fields.
SEPARATORS = ((4, 4), (9, 9), (14, 14), (48, 48), (53, 53), (57, 57), (69, 69), (80, 80), (85, 85), (90, 91))


class SpecError(AssertionError):
    pass


@dataclass
class Round:
    opponent: int | None
    colour: str
    result: str


@dataclass
class Player:
    start_rank: int
    sex: str
    title: str
    name: str
    rating: int | None
    federation: str
    fide_id: str
    birth: str
    points: float
    rank: int | None
    rounds: list[Round] = field(default_factory=list)


@dataclass
class Report:
    tags: dict[str, list[str]] = field(default_factory=dict)  # tag -> the value of each of its lines
    round_dates: list[str] = field(default_factory=list)
    players: list[Player] = field(default_factory=list)
    other: list[str] = field(default_factory=list)  # lines of other records (e.g. XXR of TRF(x))


def _cols(line: str, first: int, last: int) -> str:
    return line[first - 1 : last].ljust(last - first + 1)


def _blank(line: str, first: int, last: int, number: int) -> None:
    if _cols(line, first, last).strip():
        raise SpecError(f"line {number}: columns {first}-{last} must be blank, found {_cols(line, first, last)!r}")


def _int_or_none(text: str, what: str, number: int) -> int | None:
    if not text.strip():
        return None
    if not text.strip().isdigit():
        raise SpecError(f"line {number}: {what} must be digits, found {text!r}")
    return int(text)


def _round_dates(line: str, number: int) -> list[str]:
    dates, column = [], 92
    while column <= len(line):
        text = _cols(line, column, column + 7)
        if text.strip() and not re.fullmatch(r"\d\d/\d\d/\d\d", text):
            raise SpecError(f"line {number}: a round date is YY/MM/DD at column {column}, found {text!r}")
        dates.append(text.strip())
        _blank(line, column + 8, column + 9, number)
        column += 10
    return dates


def _round(line: str, column: int, number: int) -> Round:
    opponent = _int_or_none(_cols(line, column, column + 3), "the opponent's starting rank", number)
    _blank(line, column + 4, column + 4, number)
    colour = _cols(line, column + 5, column + 5)
    _blank(line, column + 6, column + 6, number)
    result = _cols(line, column + 7, column + 7)
    if colour not in ("w", "b", "-", " "):
        raise SpecError(f"line {number}: colour at column {column + 5} is w, b, - or blank, found {colour!r}")
    if result not in RESULTS:
        raise SpecError(f"line {number}: {result!r} at column {column + 7} is not a TRF-16 result code")
    return Round(opponent or None, "-" if colour == " " else colour, result.upper())


def _header_value(tag: str, value: str, number: int) -> None:
    """What the standard allows in the value of the records that have a format."""
    if tag in ("042", "052") and value and not _is_date(value):
        raise SpecError(f"line {number}: {tag} is a date YYYY/MM/DD, found {value!r}")
    if tag in ("062", "072", "082") and value and not value.isdigit():
        raise SpecError(f"line {number}: {tag} is a count, found {value!r}")
    if tag == "032" and value and not re.fullmatch(r"[A-Z]{3}", value):
        raise SpecError(f"line {number}: 032 is a three-letter federation code, found {value!r}")


def _is_date(text: str) -> bool:
    found = re.fullmatch(r"(\d{4})/(\d\d)/(\d\d)", text)
    if not found:
        return False
    year, month, day = (int(part) for part in found.groups())
    return 1 <= month <= 12 and 1 <= day <= 31 and year >= 1800


def _identity_fields(line: str, number: int) -> None:
    """Rating 49-52, federation 54-56 and FIDE number 58-68: digits, three letters, digits (or blank)."""
    for first, last, pattern, what in ((49, 52, r" *\d{1,4}", "a rating"), (54, 56, r"[A-Z]{3}", "a federation"),
                                       (58, 68, r" *\d{1,11}", "a FIDE number")):  # fmt: skip
        text = _cols(line, first, last)
        if text.strip() and not re.fullmatch(pattern, text):
            raise SpecError(f"line {number}: columns {first}-{last} hold {what}, found {text!r}")


def _player(line: str, number: int) -> Player:
    for first, last in SEPARATORS:
        _blank(line, first, last, number)
    _identity_fields(line, number)
    if not _cols(line, 15, 47).strip() or any(not char.isprintable() for char in _cols(line, 15, 47)):
        raise SpecError(f"line {number}: a name of printing characters at columns 15-47, found {_cols(line, 15, 47)!r}")
    start_rank = _int_or_none(_cols(line, 5, 8), "the starting rank", number)
    if start_rank is None or not 1 <= start_rank <= 9999:
        raise SpecError(f"line {number}: starting rank 1 to 9999 at columns 5-8, found {_cols(line, 5, 8)!r}")
    sex, title = _cols(line, 10, 10).strip(), _cols(line, 11, 13).strip()
    if sex not in ("", "m", "w") or title not in TITLES:
        raise SpecError(f"line {number}: sex {sex!r} or title {title!r} is not one the standard lists")
    birth = _cols(line, 70, 79).strip()
    if birth and not _is_date(birth):
        raise SpecError(f"line {number}: birth date YYYY/MM/DD at 70-79, found {birth!r}")
    points = _cols(line, 81, 84)
    if not re.fullmatch(r" *\d+\.\d", points):
        raise SpecError(f"line {number}: points like 11.5 at columns 81-84, found {points!r}")
    player = Player(
        start_rank=start_rank, sex=sex, title=title, name=_cols(line, 15, 47).strip(),
        rating=_int_or_none(_cols(line, 49, 52), "the rating", number), federation=_cols(line, 54, 56).strip(),
        fide_id=_cols(line, 58, 68).strip(), birth=birth, points=float(points),
        rank=_int_or_none(_cols(line, 86, 89), "the rank", number),
    )  # fmt: skip
    column = 92
    while column <= len(line):
        player.rounds.append(_round(line, column, number))
        _blank(line, column + 8, column + 9, number)
        column += 10
    return player


def _lines(text: str) -> list[str]:
    """The lines of ``text``, each checked to end with a carriage return (CR, or CR LF)."""
    ending = "\r\n" if "\n" in text else "\r"
    if not text.endswith(ending):
        raise SpecError("every line ends with a carriage return (Remark 1), the last one too")
    lines = text[: -len(ending)].split(ending)
    for number, line in enumerate(lines, start=1):
        if "\r" in line or "\n" in line:
            raise SpecError(f"line {number} does not end with a carriage return")
    return lines


def read(text: str) -> Report:
    """The report in ``text``; raises :class:`SpecError` naming the line and columns of the first departure."""
    report = Report()
    for number, line in enumerate(_lines(text), start=1):
        tag = line[:3]
        if tag == "001":
            report.players.append(_player(line, number))
        elif tag == "132":
            report.round_dates = _round_dates(line, number)
            report.tags.setdefault(tag, []).append("")
        elif tag in TOURNAMENT_TAGS:
            _blank(line, 4, 4, number)
            _header_value(tag, line[4:].strip(), number)
            report.tags.setdefault(tag, []).append(line[4:].strip())
        else:
            report.other.append(line)
    return report


def check_consistency(report: Report) -> None:
    """What the standard's semantics require across lines: a named opponent exists and names the player back with
    the other colour and the matching result, and each player's points are the sum of the round results."""
    by_rank = {p.start_rank: p for p in report.players}
    agrees = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+-", "W": "L", "L": "W", "D": "D"}
    for player in report.players:
        for index, entry in enumerate(player.rounds):
            if entry.opponent is None:
                if entry.result in ("1", "0", "=", "W", "D", "L"):
                    raise SpecError(f"player {player.start_rank} round {index + 1}: a game result without an opponent")
                continue
            other = by_rank.get(entry.opponent)
            back = other.rounds[index] if other and index < len(other.rounds) else None
            if back is None or back.opponent != player.start_rank:
                raise SpecError(f"player {player.start_rank} round {index + 1}: opponent {entry.opponent} does not name them")
            if entry.result.strip() and back.result not in agrees.get(entry.result, ""):
                raise SpecError(f"player {player.start_rank} round {index + 1}: {entry.result} against {back.result}")
            if {entry.colour, back.colour} != {"w", "b"}:
                raise SpecError(f"player {player.start_rank} round {index + 1}: colours {entry.colour}/{back.colour}")
        total = sum(POINTS.get(entry.result, 0.0) for entry in player.rounds)
        if abs(total - player.points) > 1e-9:
            raise SpecError(f"player {player.start_rank}: {player.points} points but the results add up to {total}")
