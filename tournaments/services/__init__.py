"""The event and round lifecycle: the services the admin, the organizer API and the commands all call.

Every function validates first and raises django's ValidationError({field: reason}) naming the row or player
(:class:`~tournaments.services.errors.RowErrors` for many rows at once, :class:`~tournaments.services.errors.Conflict`
when the state forbids it now); every write runs in one transaction, so a refusal leaves nothing half-written, and
every change is audited (:mod:`tournaments.services.audit`).
"""

from tournaments.services.colour_draw import commit_colour_draw, first_white
from tournaments.services.colour_report import colour_report
from tournaments.services.corrections import bye_board, forfeit_board, unpublish_round
from tournaments.services.csv_import import import_players
from tournaments.services.dice import (
    block_for_round,
    block_index,
    commit_block,
    enter_physical_roll,
    has_block,
    revealed_seed,
    roll_block,
    roll_for_round,
    roll_now,
)
from tournaments.services.errors import Conflict, RowErrors
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
from tournaments.services.lifecycle import announce_event, late_entry, schedule_round
from tournaments.services.pairing_edits import exchange_players, move_bye, set_board, set_round_pairings, swap_colours
from tournaments.services.pairing_system import pairing_system_for, pairing_system_label
from tournaments.services.result_grid import enter_results
from tournaments.services.rounds import (
    PairedRound,
    delete_round,
    pair_round,
    pair_round_outcome,
    publish_round,
    refresh_round_status,
    repair_round,
    rounds_total,
    unpair_round,
)
from tournaments.services.seeding import rank_unseeded

__all__ = [
    "Conflict",
    "PairedRound",
    "RowErrors",
    "announce_event",
    "block_for_round",
    "block_index",
    "bye_board",
    "close_event",
    "colour_report",
    "commit_block",
    "commit_colour_draw",
    "create_event",
    "delete_round",
    "enter_physical_roll",
    "has_block",
    "enter_result",
    "enter_results",
    "exchange_players",
    "first_white",
    "forfeit_board",
    "import_players",
    "is_arbiter",
    "is_organizer",
    "late_entry",
    "move_bye",
    "pair_round",
    "pair_round_outcome",
    "pairing_system_for",
    "pairing_system_label",
    "prepare_event",
    "publish_round",
    "rank_unseeded",
    "refresh_round_status",
    "register_player",
    "repair_round",
    "request_bye",
    "revealed_seed",
    "roll_block",
    "roll_for_round",
    "roll_now",
    "rounds_total",
    "schedule_round",
    "set_board",
    "set_round_pairings",
    "swap_colours",
    "unpair_round",
    "unpublish_round",
    "withdraw_player",
]
