"""What a game day checks at the end, from the served API, the PGN export and the stack's database.

* every move the server acknowledged is stored once (one row of the move log per ``client_id``, with the move
  the answer named), and each game's moves are its move log in order;
* every game has its final result;
* the served standings equal those recomputed (scoring.standings) from the PGN export and the event's public
  facts alone, as tests/clients/test_four_bots_play_a_round_robin_of_each_seed_variant.py recomputes them.
"""

from __future__ import annotations

import io

import chess.pgn

from benchmarks.gameday_bots import Day
from scoring import get_profile
from scoring.records import ByeRecord, GameRecord, PlayerInfo
from scoring.standings import compute_standings


def recompute_from_pgn(event: dict, pgn: str, byes: list[ByeRecord]) -> list[tuple]:
    """(rank, player id, points, tie-breaks) per row, from the PGN export, the byes and the event's public facts."""
    ids = {p["name"]: p["id"] for p in event["players"]}
    players = [PlayerInfo(p["id"], p["name"], p["rating"], seed=p["seed"]) for p in event["players"]]
    stream, games = io.StringIO(pgn), []
    while (tags := chess.pgn.read_headers(stream)) is not None:
        white, black = float(tags["WhitePoints"]), float(tags["BlackPoints"])
        games.append(GameRecord(int(tags["Round"]), ids[tags["White"]], ids[tags["Black"]], white, black, tags["Result"]))
    profile = get_profile(event["scoring"])
    rounds = len(event["rounds"])
    standings, _ = compute_standings(players, games, byes, rounds=rounds, tiebreaks=event["tiebreaks"],
                                     game_total=profile.game_total)  # fmt: skip
    return [(s.rank, s.info.player_id, s.points, s.tiebreaks) for s in standings]


async def byes_of(day: Day, event: dict) -> list[ByeRecord]:
    found = []
    for rnd in event["rounds"]:
        body = await day.http.json("GET", f"/api/events/{day.slug}/rounds/{rnd['number']}/")
        found += [ByeRecord(rnd["number"], b["player"]["id"], b["kind"], float(b["points"])) for b in body["byes"]]
    return found


async def standings_problems(day: Day) -> list[str]:
    event = await day.http.json("GET", f"/api/events/{day.slug}/")
    response = await day.http.send("GET", f"/events/{day.slug}/export/games.pgn")
    served = await day.http.json("GET", f"/api/events/{day.slug}/standings/")
    recomputed = recompute_from_pgn(event, response.text, await byes_of(day, event))
    rows = [(r["rank"], r["player_id"], r["points"], r["tiebreaks"]) for r in served["rows"]]
    if rows == recomputed:
        return []
    differ = [f"served {a} recomputed {b}" for a, b in zip(rows, recomputed) if a != b]
    return [f"the standings differ from the PGN's recomputation ({len(differ)} rows), first: {differ[:2]}"]


def stored_problems(day: Day, database_url: str) -> list[str]:
    """Acknowledged moves stored once and as answered; each game's moves are its log; every game final."""
    import psycopg

    with psycopg.connect(database_url) as conn:
        log = conn.execute(
            "SELECT m.game_id, m.client_id, m.notation, m.ply, m.sealed FROM games_move m "
            "JOIN tournaments_game g ON g.id = m.game_id JOIN tournaments_round r ON r.id = g.round_id "
            "JOIN tournaments_event e ON e.id = r.event_id WHERE e.slug = %s ORDER BY m.game_id, m.ply",
            [day.slug],
        ).fetchall()
        games = conn.execute(
            "SELECT g.id, g.moves, g.result, g.result_status FROM tournaments_game g JOIN tournaments_round r "
            "ON r.id = g.round_id JOIN tournaments_event e ON e.id = r.event_id WHERE e.slug = %s",
            [day.slug],
        ).fetchall()
    problems = []
    rows: dict[tuple[int, str], list[str]] = {}
    for game_id, client_id, notation, _, _ in log:
        rows.setdefault((game_id, client_id), []).append(notation)
    for key, notation in day.metrics.acknowledged.items():
        stored = rows.get(key, [])
        if stored != [notation]:
            problems.append(f"acknowledged move {key} = {notation!r} stored as {stored}")
    unacknowledged = [key for key in rows if key not in day.metrics.acknowledged]
    if unacknowledged:
        problems.append(f"{len(unacknowledged)} stored moves were never acknowledged, e.g. {unacknowledged[:3]}")
    played, sealing = {}, {game_id for game_id, *_, sealed in log if sealed}
    for game_id, _, notation, _, _ in log:
        played.setdefault(game_id, []).append(notation)
    for game_id, moves, result, status in games:
        if status != "final" or not result:
            problems.append(f"game {game_id} has no final result ({result!r}, {status!r})")
        # A sealed move is revealed into the game's list with its pair: only unsealed games list their log as is.
        if game_id not in sealing and played.get(game_id, []) != list(moves or []):
            logged = len(played.get(game_id, []))
            problems.append(f"game {game_id}: its {len(moves or [])} moves are not its move log of {logged}")
    return problems[:50]
