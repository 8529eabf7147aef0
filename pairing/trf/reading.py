"""Reading a TRF file: every line checked as it is read, then the file as a whole (opponents agree, rounds within
XXR, points add up); every refusal a :class:`~.records.TrfError` naming the line and column."""

from __future__ import annotations

import re
from dataclasses import replace

from pairing.trf.records import (
    FIRST_ROUND_COLUMN,
    NO_OPPONENT_ONLY,
    NOT_PAIRED,
    PLAYED,
    POINT_CODES,
    RESULT_CODES,
    RoundEntry,
    TrfError,
    TrfPlayer,
    TrfTournament,
    played_rounds,
)


def _number(text: str, line: int, column: int, what: str, blank: int | None = None) -> int:
    stripped = text.strip()
    if not stripped and blank is not None:
        return blank
    if not stripped.isdigit():
        raise TrfError(line, column, f"{what} must be a whole number, not {text!r}")
    return int(stripped)


BAKU_TYPES = ("FIDE_DUTCH_BAKU", "FIDE_DUTCH_2025_BAKU", "FIDE_DUTCH_2026_BAKU")  # 192 values bbpPairings reads
_POINTS = re.compile(r"^\s*(\d{1,3})(?:\.(\d))?$")


def _tenths(text: str, line: int, column: int, what: str = "points") -> int:
    found = _POINTS.match(text)
    if not found:
        raise TrfError(line, column, f"{what} must read like 4.5, not {text!r}")
    return int(found.group(1)) * 10 + int(found.group(2) or 0)


def _expect_blank(text: str, start: int, end: int, line: int, what: str) -> None:
    for index in range(start, min(end, len(text))):
        if text[index] != " ":
            raise TrfError(line, index + 1, f"column {index + 1} must be blank ({what}), found {text[index]!r}")


def _round_entry(block: str, number: int, line: int, column: int) -> RoundEntry | None:
    """One 8-character block ``OOOO C R`` starting at ``column``; None when all blank."""
    opponent_text, colour, result = block[0:4], block[5], block[7]
    if block[4] != " " or block[6] != " ":
        bad = 4 if block[4] != " " else 6
        raise TrfError(line, column + bad, f"column {column + bad} must be blank, found {block[bad]!r}")
    if not block.strip():
        return None
    opponent = _number(opponent_text, line, column, "the opponent's start number", blank=0) or None
    if opponent == number:
        raise TrfError(line, column, f"player {number} cannot meet themselves")
    if colour not in "wb- ":
        raise TrfError(line, column + 5, f"colour must be w, b or -, not {colour!r}")
    if result not in RESULT_CODES:
        raise TrfError(line, column + 7, f"result code {result!r} is not a TRF-16 code (one of + - W D L 1 = 0 H F U Z)")
    colour = "-" if colour == " " else colour
    if opponent is None and colour != "-":
        raise TrfError(line, column + 5, "a colour needs an opponent")
    if opponent is not None and result in NO_OPPONENT_ONLY:
        raise TrfError(line, column + 7, f"result {result!r} is a bye or absence and cannot have an opponent")
    if result in PLAYED and colour == "-" and not (result == "=" and opponent is None):
        raise TrfError(line, column + 5, f"a played game ({result!r}) needs the colour w or b")
    return RoundEntry(opponent, colour, result)


def _player(text: str, line: int) -> TrfPlayer:
    if len(text) < 84:
        raise TrfError(line, len(text) + 1, "a 001 line runs at least to column 84 (the points)")
    _expect_blank(text, 3, 4, line, "after 001")
    number = _number(text[4:8], line, 5, "the start number")
    if number == 0:
        raise TrfError(line, 5, "start number 0 is not allowed")
    _expect_blank(text, 8, 9, line, "after the start number")
    player = TrfPlayer(
        number=number, sex=text[9].strip(), title=text[10:13].strip(), name=text[14:47].strip(),
        rating=_number(text[48:52], line, 49, "the rating", blank=0), federation=text[53:56].strip(),
        fide_id=text[57:68].strip(), birth=text[69:79].strip(), points=_tenths(text[80:84], line, 81), line=line,
    )  # fmt: skip
    _expect_blank(text, 84, 85, line, "after the points")
    if len(text) > 85:
        _number(text[85:89], line, 86, "the rank", blank=0)
    _expect_blank(text, 89, 91, line, "before round 1")
    rounds: list[RoundEntry | None] = []
    start = FIRST_ROUND_COLUMN - 1
    while start < len(text.rstrip()):
        block = text[start : start + 8].ljust(8)
        rounds.append(_round_entry(block, number, line, start + 1))
        _expect_blank(text, start + 8, start + 10, line, "between rounds")
        start += 10
    while rounds and rounds[-1] is None:
        rounds.pop()
    player.rounds = [entry or NOT_PAIRED for entry in rounds]
    return player


def _xxa(text: str, line: int) -> tuple[int, list[int]]:
    number = _number(text[4:8], line, 5, "the start number")
    values, start = [], 9
    while start < len(text.rstrip()):
        values.append(_tenths(text[start : start + 4], line, start + 1, "an acceleration"))
        _expect_blank(text, start + 4, start + 5, line, "between accelerations")
        start += 5
    return number, values


def _rounds_line(text: str, line: int) -> int:
    """``XXR n`` (TRF(x)) or TRF-2026's ``142 n``: the rounds of the event, read as bbpPairings reads both."""
    code = text[:3]
    value = _number(text[3:], line, 5, f"{code} (the number of rounds)")
    if value <= 0:
        raise TrfError(line, 5, f"{code} must be at least 1")
    return value


def _set_rounds(tournament: TrfTournament, text: str, line: int) -> None:
    """XXR and 142 say the same thing; a file may carry both (a TRF-2026 writer keeping TRF(x) readers), but
    not with two different values."""
    value = _rounds_line(text, line)
    if tournament.total_rounds is not None and tournament.total_rounds != value:
        raise TrfError(line, 5, f"{text[:3]} {value} contradicts {tournament.total_rounds} rounds on line "
                       f"{tournament.xxr_line}")  # fmt: skip
    tournament.total_rounds, tournament.xxr_line, tournament.rounds_code = value, line, text[:3]


def _initial_colour_line(text: str, line: int) -> str:
    """TRF-2026's ``152 W`` or ``152 B``: the colour of the top player in round 1 (XXC white1/black1)."""
    colour = text[4:].strip()
    if colour not in ("W", "B", "w", "b") or text[3:4] != " ":
        raise TrfError(line, 5, f"152 (the initial colour) must be W or B, not {text[4:]!r}")
    return colour.lower()


def _read_line(tournament: TrfTournament, text: str, line: int, seen: dict[int, int]) -> None:
    code = text[:3]
    if code == "001":
        player = _player(text, line)
        if player.number in seen:
            raise TrfError(line, 5, f"start number {player.number} appears twice (first on line {seen[player.number]})")
        seen[player.number] = line
        tournament.players.append(player)
    elif code == "XXR":
        _set_rounds(tournament, text, line)
    elif code == "XXC":
        for word in text[3:].split():
            if word in ("white1", "black1"):
                tournament.initial_colour = word[0]
            elif word == "rank":
                tournament.by_rank = True
    elif code == "XXP":
        numbers = tuple(_number(token, line, 5, "a start number in XXP") for token in text[3:].split())
        tournament.forbidden.append(numbers)
    elif code == "XXA":
        number, values = _xxa(text, line)
        tournament.accelerations[number] = values
    elif code in POINT_CODES:
        tournament.points = replace(tournament.points, **{POINT_CODES[code]: _tenths(text[4:8], line, 5)})
    else:
        if code == "142":  # TRF-2026's record of the rounds, kept in place and rewritten by write_trf
            _set_rounds(tournament, text, line)
        elif code == "152":
            tournament.initial_colour = _initial_colour_line(text, line)
        elif code == "192" and text[4:].strip() in BAKU_TYPES:
            tournament.baku = True
        tournament.headers.append(text)


def parse_trf(text: str, *, for_pairing: bool = True) -> TrfTournament:
    """Read a TRF; with ``for_pairing`` also require what pairing the next round needs (XXR with a round left)."""
    tournament = TrfTournament()
    seen: dict[int, int] = {}
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    bye_points_given = False
    for index, line in enumerate(lines, start=1):
        if index == 1 and line.startswith("\ufeff"):
            line = line[1:]
        if len(line.rstrip()) < 3:
            continue
        _read_line(tournament, line, index, seen)
        bye_points_given = bye_points_given or line.startswith("BBU")
    if not bye_points_given:  # the pairing-allocated bye is worth a win unless BBU says otherwise
        tournament.points = replace(tournament.points, pairing_bye=tournament.points.win)
    _check(tournament, len(lines) + 1, for_pairing)
    return tournament


# --- consistency -----------------------------------------------------------------------------------------------
_AGREES = {"1": "0L", "W": "0L", "0": "1W", "L": "1W", "=": "=D", "D": "=D", "+": "-", "-": "+-"}


def _column(round_index: int) -> int:
    return FIRST_ROUND_COLUMN + 10 * round_index


def _check_opponents(tournament: TrfTournament, by_number: dict[int, TrfPlayer]) -> None:
    for player in tournament.players:
        for index, entry in enumerate(player.rounds):
            if entry.opponent is None:
                continue
            other = by_number.get(entry.opponent)
            if other is None:
                raise TrfError(player.line, _column(index), f"opponent {entry.opponent} is not a player in the file")
            back = other.rounds[index] if index < len(other.rounds) else NOT_PAIRED
            if back.opponent != player.number:
                raise TrfError(player.line, _column(index), f"round {index + 1}: player {other.number}'s line (line "
                               f"{other.line}) does not name {player.number} as the opponent")  # fmt: skip
            if back.result not in _AGREES.get(entry.result, ""):
                raise TrfError(player.line, _column(index) + 7, f"round {index + 1}: result {entry.result!r} does not "
                               f"agree with {back.result!r} on line {other.line}")  # fmt: skip
            if entry.played and back.colour == entry.colour:
                raise TrfError(player.line, _column(index) + 5, f"round {index + 1}: both players have colour "
                               f"{entry.colour!r}")  # fmt: skip


def _check_rounds(tournament: TrfTournament, end_line: int, for_pairing: bool) -> None:
    total = tournament.total_rounds
    if total is None:
        if for_pairing:
            raise TrfError(end_line, 1, "no XXR or 142 line: pairing the next round needs the number of rounds")
        return
    for player in tournament.players:
        if len(player.rounds) > total:
            raise TrfError(player.line, _column(total), f"round {total + 1} is beyond {tournament.rounds_code} {total} "
                           f"(line {tournament.xxr_line})")  # fmt: skip
    if for_pairing and played_rounds(tournament) >= total:
        raise TrfError(
            tournament.xxr_line, 5, f"all {total} rounds of {tournament.rounds_code} are already paired: nothing left to pair"
        )


def _check_points(tournament: TrfTournament, played: int) -> None:
    system = tournament.points
    for player in tournament.players:
        scored = sum(entry.points(system) for entry in player.rounds[:played])
        ahead = player.rounds[played].points(system) if len(player.rounds) > played else 0
        acceleration = tournament.accelerations.get(player.number, [])
        boost = acceleration[played] if played < len(acceleration) else 0
        # bbpPairings accepts the score with the pre-entered next round and the round's acceleration included
        if player.points not in {scored, scored + ahead, scored + boost, scored + ahead + boost}:
            raise TrfError(player.line, 81, f"player {player.number} has {player.points / 10:.1f} points but the "
                           f"results add up to {scored / 10:.1f}")  # fmt: skip


def _check(tournament: TrfTournament, end_line: int, for_pairing: bool) -> None:
    by_number = {p.number: p for p in tournament.players}
    if not tournament.by_rank:
        for player in tournament.players:
            if player.number > len(tournament.players):
                missing = min(set(range(1, len(tournament.players) + 1)) - set(by_number))
                raise TrfError(player.line, 5, f"start numbers must run from 1 without gaps: {missing} is missing")
    for numbers in tournament.forbidden + [(n,) for n in tournament.accelerations]:
        for number in numbers:
            if number not in by_number:
                raise TrfError(end_line, 1, f"XXP/XXA name player {number}, who has no 001 line")
    _check_rounds(tournament, end_line, for_pairing)
    _check_opponents(tournament, by_number)
    _check_points(tournament, played_rounds(tournament))
