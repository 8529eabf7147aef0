"""Writing a TRF file: the player lines (shared with the event's TRF export) and the TRF(x) lines, CR LF ends."""

from __future__ import annotations

from pairing.trf.records import NOT_PAIRED, POINT_CODES, PointSystem, RoundEntry, TrfPlayer, TrfTournament


def _block(entry: RoundEntry) -> str:
    if entry == NOT_PAIRED:
        return " " * 10
    opponent = f"{entry.opponent:>4}" if entry.opponent is not None else "0000"
    return f"  {opponent} {entry.colour} {entry.result}"


def _points(tenths: int) -> str:
    return f"{tenths // 10}.{tenths % 10}"


def player_line(player: TrfPlayer, rank: int = 0) -> str:
    head = (
        f"001 {player.number:>4} {player.sex[:1]:1}{player.title[:3]:>3} {player.name[:33]:<33} "
        f"{player.rating or '':>4} {player.federation[:3]:>3} {player.fide_id[:11]:>11} {player.birth[:10]:>10} "
        f"{_points(player.points):>4} {rank or '':>4}"
    )
    return (head + "".join(_block(entry) for entry in player.rounds)).rstrip()


def _header(line: str, tournament: TrfTournament) -> str:
    """A header line as read, but TRF-2026's 142 (rounds) and 152 (initial colour) with the current values."""
    if line.startswith("142") and tournament.total_rounds:
        return f"142 {tournament.total_rounds}"
    if line.startswith("152") and tournament.initial_colour:
        return f"152 {tournament.initial_colour.upper()}"
    return line


def write_trf(tournament: TrfTournament) -> str:
    """The tournament as TRF-16 text with the TRF(x) lines (CR LF line ends, as the annex asks). A file read with
    TRF-2026's 142 and 152 records gets them back in place of XXR and XXC white1/black1."""
    order = sorted(tournament.players, key=lambda p: (-p.points, p.number))
    ranks = {p.number: index for index, p in enumerate(order, start=1)}
    lines = [_header(line, tournament) for line in tournament.headers]
    has = {line[:3] for line in lines}
    lines += [player_line(p, ranks[p.number]) for p in tournament.players]
    if tournament.total_rounds and "142" not in has:
        lines.append(f"XXR {tournament.total_rounds}")
    colour = tournament.initial_colour if "152" not in has else None
    options = ([f"{colour}1".replace("w1", "white1").replace("b1", "black1")]
               if colour else []) + (["rank"] if tournament.by_rank else [])  # fmt: skip
    if options:
        lines.append("XXC " + " ".join(options))
    lines += ["XXP " + " ".join(str(n) for n in numbers) for numbers in tournament.forbidden]
    for number, values in sorted(tournament.accelerations.items()):
        lines.append(f"XXA {number:>4} " + " ".join(f"{_points(v):>4}" for v in values))
    defaults = PointSystem(pairing_bye=tournament.points.win)
    for code, name in POINT_CODES.items():
        value = getattr(tournament.points, name)
        if value != getattr(defaults, name):
            lines.append(f"{code} {_points(value):>4}")
    return "\r\n".join(lines) + "\r\n"
