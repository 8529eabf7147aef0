"""What the round page shows: each board with both players' ratings, federations and scores before the round,
the result (or a link to the game while it is being played), and the variant in force with its diagram and
the legend of its pieces (figure, name, value, move and move diagram, from :mod:`variants.legend`).

No HTML is written here but the SVG diagrams (:mod:`tournaments.board_svg`, :func:`variants.legend.diagram_svg`);
the template escapes every other value.
"""

from __future__ import annotations

from functools import lru_cache

from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage

from tournaments.board_svg import BoardParseError, parse_board
from tournaments.models import Event, Game, Round
from tournaments.public import queries
from tournaments.public.display import PENDING_LABELS, fmt_points, result_display, variant_board
from tournaments.public.variant import current_variant, variant_from_block
from variants.legend import DIAGRAM_KEY, diagram_svg, legend

LEGEND_DIAGRAM_PX = 72


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
    for game in queries.round_games(rnd):
        row = queries.game_row(game)
        points = (row["white_points"], row["black_points"])
        rows.append(
            {
                "id": game.id,
                "board": game.board,
                "white": _side(game.white, game.white_score_before),
                "black": _side(game.black, game.black_score_before),
                "result": _result_cell(game, row),
                "termination": row["termination"],
                "points": " – ".join(fmt_points(p) for p in points) if None not in points else "",
            }
        )
    return rows


def bye_rows(rnd: Round) -> list[dict]:
    return [
        {**_side(b.player, b.score_before), "kind": b.get_kind_display(), "points": fmt_points(b.points)}
        for b in queries.round_byes(rnd)
    ]


# --- the variant in force -----------------------------------------------------------------------------------------


def round_variant(event: Event, rnd: Round) -> dict | None:
    """The variant the round is played in: its block's, or (a fixed variant without blocks) the event's."""
    if rnd.variant_block is not None:
        return variant_from_block(event, rnd, rnd.variant_block)
    return current_variant(event)


def piece_names(position: str) -> list[str]:
    """White's pieces of ``position`` in the order a reader meets them (rank 1 a..h/l first, pawns after),
    each once; empty for a position that cannot be read."""
    try:
        board = parse_board(position)
    except BoardParseError:
        return []
    white = sorted((p for p in board.pieces if p.is_white), key=lambda p: (p.rank, p.file))
    return list(dict.fromkeys(p.name for p in white))


def _figure_url(path: str) -> str:
    """The URL of a piece figure under the static root, or "" when it is not there (the legend then draws the
    piece's letter instead of failing the page)."""
    if finders.find(path) is None:
        return ""
    try:
        return staticfiles_storage.url(path)
    except ValueError:  # not in the collected manifest
        return ""


@lru_cache(maxsize=64)
def legend_rows(names: tuple[str, ...]) -> tuple[dict, ...]:
    """The legend of ``names`` (built once per set of pieces: the catalogue does not change while we run)."""
    try:
        entries = legend(names)
    except KeyError:  # a piece the catalogue lacks: no legend rather than no page
        return ()
    rows = []
    for entry in entries:
        figure = _figure_url(entry.white_figure)
        rows.append(
            {
                "name": entry.name,
                "symbol": entry.symbol,
                "value": fmt_points(entry.value),
                "moves": entry.moves,
                "figure": figure,
                "black_figure": _figure_url(entry.black_figure),
                "diagram": diagram_svg(entry, px=LEGEND_DIAGRAM_PX, figure_href=figure or None),
            }
        )
    return tuple(rows)


def variant_panel(event: Event, rnd: Round) -> dict | None:
    """The round's variant with its start diagram, the legend of its pieces and the key of the move diagrams."""
    variant = round_variant(event, rnd)
    if variant is None:
        return None
    position = variant["start_position"]
    return {
        "variant": variant,
        "board_svg": variant_board(variant, svg_id="round-variant"),
        "legend": legend_rows(tuple(piece_names(position))) if position else (),
        "diagram_key": DIAGRAM_KEY,
    }
