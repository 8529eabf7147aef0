"""The event and round lifecycle: the services the admin, the API and the commands all call.

Every function validates first and raises django's ValidationError({field: reason}) naming the row or player;
every write runs in one transaction, so a refusal leaves nothing half-written.
"""

from tournaments.services.colour_draw import commit_colour_draw, first_white
from tournaments.services.colour_report import colour_report
from tournaments.services.dice import block_for_round, block_index, commit_block, enter_physical_roll, revealed_seed, roll_block
from tournaments.services.events import (
    close_event,
    create_event,
    enter_result,
    is_arbiter,
    is_organizer,
    prepare_event,
    register_player,
    request_bye,
    withdraw_player,
)
from tournaments.services.rounds import (
    pair_round,
    publish_round,
    refresh_round_status,
    rounds_total,
    set_round_pairings,
    swap_colours,
    unpair_round,
)

__all__ = [
    "block_for_round",
    "block_index",
    "close_event",
    "colour_report",
    "commit_block",
    "commit_colour_draw",
    "create_event",
    "enter_physical_roll",
    "enter_result",
    "first_white",
    "import_players",
    "is_arbiter",
    "is_organizer",
    "pair_round",
    "prepare_event",
    "publish_round",
    "refresh_round_status",
    "register_player",
    "request_bye",
    "revealed_seed",
    "roll_block",
    "rounds_total",
    "set_round_pairings",
    "swap_colours",
    "unpair_round",
    "withdraw_player",
]


def import_players(event, text: str, *, by=None):
    """Import players from CSV text into ``event`` (see :mod:`tournaments.csv_import`)."""
    from tournaments.csv_import import import_players as _import

    return _import(event, text, by=by)
