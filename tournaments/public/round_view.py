"""What the round page shows: each board with both players' ratings, federations and scores before the round,
the result (or a link to the game while it is being played), and the variant in force with its diagram (the
template adds the legend of its pieces with the ``piece_legend`` tag of the piece set).

No HTML is written here but the SVG diagram (:mod:`tournaments.board_svg`); the template escapes every other value.
"""

from __future__ import annotations

from tournaments.models import Event, Game, Round
from tournaments.public import provisional, queries
from tournaments.public.display import PENDING_LABELS, fmt_points, result_display, variant_board
from tournaments.public.variant import current_variant, variant_from_block
from tournaments.services.explanations import round_explanations


def _side(player, score_before: float) -> dict:
    return {"player": player, "rating": player.rating or "", "federation": player.federation, "score": fmt_points(score_before)}


def _result_cell(game: Game, row: dict) -> dict:
    """The result as the page shows it: final result, "reported"/"disputed", "live" (a link) or nothing yet."""
    if row["result"]:
        return {"text": result_display(row["result"]), "kind": "final"}
    if game.result_status in PENDING_LABELS:
        return {"text": PENDING_LABELS[game.result_status], "kind": "pending"}
    if game.status == Game.Status.LIVE:
        return {"text": "live", "kind": "live"}
    return {"text": "", "kind": ""}


def board_rows(rnd: Round) -> list[dict]:
    """The boards of ``rnd`` in board order, each side with its score before the round."""
    rows = []
    games = queries.round_games(rnd)
    before = queries.scores_before(rnd) if games else {}
    why = round_explanations(rnd) if games else {}
    for game in games:
        row = queries.game_row(game, before)
        points = (row["white_points"], row["black_points"])
        rows.append(
            {
                "id": game.id,
                "board": game.board,
                "white": _side(game.white, row["white"]["score_before"]),
                "black": _side(game.black, row["black"]["score_before"]),
                "result": _result_cell(game, row),
                "termination": row["termination"],
                "points": " – ".join(fmt_points(p) for p in points) if None not in points else "",
                "verdict": _verdict(rnd, game),
                "explanation": why.get(game.pk, ""),
            }
        )
    return rows


def _verdict(rnd: Round, game: Game) -> dict | None:
    """A board in play: what it would count for if it ended now (issue 29), as the provisional standings count it."""
    if game.status != Game.Status.LIVE or game.result_status == Game.ResultStatus.FINAL:
        return None
    found = provisional.verdict_for(rnd.event, game)
    if found is None:
        return None
    points = (found["white_points"], found["black_points"])
    return {**found, "result": result_display(found["result"]), "points": " – ".join(fmt_points(p) for p in points)}


def explained_rows(rnd: Round, games: list[Game], before: dict[int, float]) -> list[dict]:
    """The API's board rows of ``rnd`` (``queries.game_row``), each with its ``explanation`` (issue 29)."""
    why = round_explanations(rnd) if games else {}
    return [{**queries.game_row(game, before), "explanation": why.get(game.pk, "")} for game in games]


def bye_rows(rnd: Round) -> list[dict]:
    byes = queries.round_byes(rnd)
    before = queries.scores_before(rnd) if byes else {}
    return [
        {**_side(b.player, before.get(b.player_id, 0.0)), "kind": b.shown_kind(), "points": fmt_points(b.points)} for b in byes
    ]


# --- the variant in force -----------------------------------------------------------------------------------------


def round_variant(event: Event, rnd: Round) -> dict | None:
    """The variant the round is played in: its block's, or (a fixed variant without blocks) the event's."""
    if rnd.variant_block is not None:
        return variant_from_block(event, rnd, rnd.variant_block)
    return current_variant(event)


def variant_panel(event: Event, rnd: Round) -> dict | None:
    """The round's variant with its start diagram (the legend of its pieces is the ``piece_legend`` tag's)."""
    variant = round_variant(event, rnd)
    if variant is None:
        return None
    return {"variant": variant, "board_svg": variant_board(variant, svg_id="round-variant")}
