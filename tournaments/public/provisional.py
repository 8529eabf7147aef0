"""Standings if the games ended now (issue 29): the published standings with every unfinished board of a published
round counted as its verdict says (:mod:`scoring.provisional`: the engine's checkmate or stalemate as it stands,
else the material verdict under dynamic scoring, else a draw), and each such board with its verdict.

The verdicts are read from the boards' live columns (variant, start, moves) through the engine, so they follow
every move; the table is computed on each request from one read of the records and one of the boards in play,
and kept for a few seconds under a digest of everything it depends on (a watcher's page asks again after each
move it hears of).
"""

from __future__ import annotations

import hashlib
import logging

from django.core.cache import cache

from scoring.provisional import Verdict, provisional_games, replay, verdict
from tournaments.models import Event, Game
from tournaments.public.queries import PUBLIC_ROUND_STATUSES, published_rounds
from tournaments.standings import event_records, standings_from_records
from variants.registry import get_engine

log = logging.getLogger(__name__)
CACHE_SECONDS = 30
#: ``?provisional=`` asks for the provisional table with one of YES, for the published one with one of NO.
YES, NO = ("1", "true"), ("", "0", "false")
LIVE_FIELDS = ("id", "board", "round__number", "white_id", "black_id", "variant", "start_position", "start_options",
               "moves", "status", "result_status", "version")  # fmt: skip


def unfinished_boards(event: Event) -> list[dict]:
    """The boards of the event's published rounds without a final result, in round and board order."""
    rows = (
        Game.objects.filter(round__event=event, round__status__in=PUBLIC_ROUND_STATUSES)
        .exclude(result_status=Game.ResultStatus.FINAL)
        .order_by("round__number", "board")
        .values(*LIVE_FIELDS)
    )
    return list(rows)


def board_verdict(event: Event, board: dict) -> Verdict | None:
    """The verdict of one unfinished board under the event's scoring; None when its variant or its moves no
    longer read (such a board stays uncounted, as in the published standings)."""
    try:
        engine = replay(get_engine(board["variant"]), board["start_position"], board["start_options"] or {}, board["moves"] or [])
        return verdict(event.profile, engine)
    except Exception:  # a stored game no engine can replay must not take the table down: it is left uncounted
        log.warning("game %s: no verdict (its variant or moves do not replay)", board["id"], exc_info=True)
        return None


def _verdict_key(event: Event, board: dict) -> str:
    # A board's verdict is a function of its variant, start, moves and the event's scoring: replaying a long game
    # costs milliseconds per move, so each position is judged once, whichever page or process asks first.
    basis = repr((board["variant"], board["start_position"], board["start_options"], board["moves"], event.scoring))
    return f"pages:verdict:{hashlib.sha256(basis.encode()).hexdigest()}"


def board_verdicts(event: Event, boards: list[dict] | None = None) -> dict[int, Verdict]:
    """game id -> verdict of every unfinished board of a published round that has one."""
    boards = unfinished_boards(event) if boards is None else boards
    keys = {board["id"]: _verdict_key(event, board) for board in boards}
    known = cache.get_many(list(keys.values()))
    found, fresh = {}, {}
    for board in boards:
        judged = known.get(keys[board["id"]])
        if judged is None:
            judged = board_verdict(event, board)
            if judged is not None:
                fresh[keys[board["id"]]] = judged
        if judged is not None:
            found[board["id"]] = judged
    if fresh:
        cache.set_many(fresh, CACHE_SECONDS * 20)
    return found


def provisional_standings(event: Event) -> dict:
    """The standings dict (the snapshot's format, with the crosstable) as if every game in play ended now, with
    ``provisional`` True, each row's ``rank_change`` against the standings as they are, and ``live_games``."""
    records = event_records(event)
    boards = unfinished_boards(event)
    basis = repr((records, boards, event.scoring, event.tiebreaks, event.tiebreak_edition, event.slug)).encode()
    key = f"pages:provisional:{event.pk}:{hashlib.sha256(basis).hexdigest()}"
    found = cache.get(key)
    if found is None:
        found = _computed(event, records, boards)
        cache.set(key, found, CACHE_SECONDS)
    return found


def _computed(event: Event, records: tuple, boards: list[dict]) -> dict:
    players, games, byes, rounds, complete = records
    verdicts = board_verdicts(event, boards)
    by_pairing = {(b["round__number"], b["white_id"], b["black_id"]): b["id"] for b in boards}
    at_index = {
        index: verdicts[by_pairing[(g.round, g.white, g.black)]]
        for index, g in enumerate(games)
        if not g.final and by_pairing.get((g.round, g.white, g.black)) in verdicts
    }
    data = standings_from_records(event, (players, provisional_games(games, at_index), byes, rounds, complete))
    now = {row["player_id"]: row["rank"] for row in standings_from_records(event, records)["rows"]}
    for row in data["rows"]:
        before = now.get(row["player_id"])
        row["rank_change"] = None if before is None else before - row["rank"]
    # A round paired but not published is nobody's business yet: its cells are left out, as the snapshot's are.
    visible = {str(n) for n in published_rounds(event).values_list("number", flat=True)}
    data["crosstable"] = {player: {n: cell for n, cell in cells.items() if str(n) in visible}
                          for player, cells in data["crosstable"].items()}  # fmt: skip
    data["provisional"] = True
    data["live_games"] = _live_games(boards, verdicts, {p.player_id: p for p in players})
    return data


def _live_games(boards: list[dict], verdicts: dict[int, Verdict], players: dict) -> list[dict]:
    rows = []
    for board in boards:
        judged = verdicts.get(board["id"])
        white, black = players.get(board["white_id"]), players.get(board["black_id"])
        rows.append(
            {
                "game": board["id"],
                "round": board["round__number"],
                "board": board["board"],
                "white": {"id": board["white_id"], "name": white.name if white else "", "rating": white.rating if white else 0},
                "black": {"id": board["black_id"], "name": black.name if black else "", "rating": black.rating if black else 0},
                "status": board["status"],
                "moves": len(board["moves"] or []),
                "verdict": judged.as_dict() if judged else None,
            }
        )
    return rows


def verdict_for(event: Event, game: Game) -> dict | None:
    """One board's verdict as the round page shows it (None for a board with a final result or none readable)."""
    if game.result_status == Game.ResultStatus.FINAL:
        return None
    board = {"id": game.pk, "variant": game.variant, "start_position": game.start_position,
             "start_options": game.start_options, "moves": game.moves}  # fmt: skip
    judged = board_verdicts(event, [board]).get(game.pk)
    return judged.as_dict() if judged else None
