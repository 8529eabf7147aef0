"""``tiebreaks_trf``: the standings of a TRF-16 file with FIDE C.07 tie-breaks (pure, no Django).

``python manage.py tiebreaks_trf FILE --tiebreaks BH-C1,BH,SB [--edition 2024|2026] [--json]`` prints each player's
rank, points and tie-breaks, in standings order: the same engine as the public standings
(:mod:`scoring.standings`), fed from the file instead of the database, so an arbiter can check any event.

How the file is read (docs/rules/tiebreaks.md): ``1 = 0`` and ``W D L`` are games over the board; ``+ -`` with
an opponent are forfeits (``- -`` a double forfeit); ``U`` is the pairing-allocated bye; ``F`` (or ``+`` without
an opponent) a full-point bye, ``H`` a half-point bye, ``Z``, ``-`` or blank an absence. The rounds counted are
those the file holds. A round-robin is a file whose 092 type names one (``Round robin``, ``RR``, ``Berger``), or
with no type whose players number the rounds (or the rounds plus one); a Swiss otherwise. Without ``--edition``
the C.07 text in force on the 042 start date applies (the 2026 text from 1 March 2026); without ``--tiebreaks``
the TRF-2026 record 202 gives the list. A malformed file is one line naming the line and column, status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date

from pairing.trf import TrfError, TrfTournament, parse_trf
from scoring.records import ByeRecord, GameRecord, PlayerInfo
from scoring.standings import compute_standings
from scoring.tiebreak_codes import EDITIONS, edition_for, parse_tiebreaks

GAME_POINTS = {"1": 1.0, "W": 1.0, "=": 0.5, "D": 0.5, "0": 0.0, "L": 0.0, "+": 1.0, "-": 0.0}
BYES = {"U": ("pairing", 1.0), "F": ("requested", 1.0), "+": ("requested", 1.0), "H": ("requested", 0.5), "=": ("requested", 0.5)}


class TiebreaksTrfError(Exception):
    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a TRF-16 file (TRF-2026 records 042, 092, 142 and 202 are read when present)")
    parser.add_argument("--tiebreaks", help="comma-separated C.07 codes, e.g. BH-C1,BH,SB,DE,WIN,BPG")
    parser.add_argument("--edition", choices=EDITIONS, help="the C.07 text (default: in force on the 042 start date)")
    parser.add_argument("--json", action="store_true", help='print {"players": [{"start", "rank", "points", "tiebreaks"}]}')


def _header(tournament: TrfTournament, tag: str) -> str:
    for line in tournament.headers:
        if line[:3] == tag:
            return line[4:].strip()
    return ""


def _start_date(tournament: TrfTournament) -> date | None:
    text = _header(tournament, "042").replace("-", "/").replace(".", "/")
    parts = text.split("/")
    try:
        return date(int(parts[0]), int(parts[1]), int(parts[2])) if len(parts) == 3 else None
    except ValueError:
        return None


def rounds_in(tournament: TrfTournament) -> int:
    return max((len(p.rounds) for p in tournament.players), default=0)


def is_round_robin(tournament: TrfTournament) -> bool:
    kind = _header(tournament, "092").upper()
    if "SWISS" in kind:
        return False
    if any(word in kind for word in ("RR", "ROBIN", "BERGER")):
        return True
    players, rounds = len(tournament.players), rounds_in(tournament)
    return players in (rounds, rounds + 1) or 2 * players in (rounds, rounds + 1)


def records(tournament: TrfTournament) -> tuple[list[PlayerInfo], list[GameRecord], list[ByeRecord]]:
    """The file's players, games (each once, from White's line or the lower number's) and byes as plain records."""
    players = [PlayerInfo(p.number, p.name, p.rating, p.federation, p.number) for p in tournament.players]
    games, byes = [], []
    lines = {p.number: p.rounds for p in tournament.players}
    for player in tournament.players:
        for index, entry in enumerate(player.rounds, start=1):
            if entry.opponent is None:
                kind, points = BYES.get(entry.result, ("absent", 0.0))
                byes.append(ByeRecord(index, player.number, kind, points))
                continue
            first = entry.colour == "w" or (entry.colour != "b" and player.number < entry.opponent)
            if not first:
                continue
            other = lines[entry.opponent][index - 1]
            forfeit = entry.result in "+-" or other.result in "+-"
            games.append(GameRecord(index, player.number, entry.opponent, GAME_POINTS.get(entry.result, 0.0),
                                    GAME_POINTS.get(other.result, 0.0), forfeit=forfeit))  # fmt: skip
    return players, games, byes


def tiebreaks_trf(file: str, codes: str | None = None, edition: str | None = None) -> list[dict]:
    """Every player as ``{"start", "rank", "points", "tiebreaks"}`` in standings order."""
    tournament = _read(file)
    try:
        order = parse_tiebreaks(codes if codes is not None else _header(tournament, "202").replace("/", "-").replace(" ", ","))
    except ValueError as exc:
        raise TiebreaksTrfError(f"{file}: --tiebreaks: {exc}") from None
    if not order:
        raise TiebreaksTrfError(f"{file}: no tie-breaks: give --tiebreaks or a 202 record")
    players, games, byes = records(tournament)
    standings, _ = compute_standings(
        players, games, byes, rounds=rounds_in(tournament), tiebreaks=order, game_total=1.0,
        round_robin=is_round_robin(tournament), edition=edition or edition_for(_start_date(tournament)),
    )  # fmt: skip
    return [{"start": s.info.player_id, "rank": s.rank, "points": s.points, "tiebreaks": dict(s.tiebreaks)} for s in standings]


def _read(file: str) -> TrfTournament:
    try:
        with open(file, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise TiebreaksTrfError(f"{file}: cannot read it ({exc.strerror})") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:  # older Windows programs write Latin-1; only names use letters beyond ASCII
        text = data.decode("latin-1")
    try:
        return parse_trf(text, for_pairing=False)
    except TrfError as exc:
        raise TiebreaksTrfError(f"{file}: {exc}") from None


def _number(value: float | None) -> str:
    if value is None:
        return "-"
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def render(rows: list[dict], as_json: bool) -> str:
    if as_json:
        return json.dumps({"players": rows}) + "\n"
    codes = list(rows[0]["tiebreaks"]) if rows else []
    lines = ["\t".join(["Rank", "Start", "Points", *codes])]
    for row in rows:
        values = [_number(row["tiebreaks"][code]) for code in codes]
        lines.append("\t".join([str(row["rank"]), str(row["start"]), _number(row["points"]), *values]))
    return "".join(f"{line}\n" for line in lines)


def main(argv: list[str] | None = None) -> int:
    """``python -m tournaments.tiebreak_trf FILE --tiebreaks ...``: the same tool without starting Django."""
    parser = argparse.ArgumentParser(prog="python -m tournaments.tiebreak_trf", description=__doc__.splitlines()[0])
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        rows = tiebreaks_trf(args.file, args.tiebreaks, args.edition)
    except TiebreaksTrfError as exc:
        sys.stderr.write(f"{exc}\n")
        return exc.status
    sys.stdout.write(render(rows, args.json))
    return 0


if __name__ == "__main__":
    sys.exit(main())
