"""The life of a paired game as one state machine: its states, what moves it on, and what each state refuses.

Pure Python (no Django): the board of record, :class:`tournaments.models.Game`, derives its state from the columns
it already keeps (``status``, ``result_status``, ``result``) through :func:`state_of`, and each place that lets an
action through asks :func:`refusal` here, on the row it has already read or locked:

* a move, and the play actions (resign, draw offers, claims): ``games.play.table.run_locked``;
* the arbiter's clock: ``games.play.arbiter``; the flag falling: ``games.play.flags.check_flag``;
* a player's report, the opponent's confirmation or dispute: ``games.reports``;
* a result of record: ``tournaments.services.results.record_result`` (an arbiter may always decide or correct).

``docs/game-states.md`` is this table in words; ``tests/tournaments/test_game_states_table.py`` checks it.
"""

from __future__ import annotations

from record.refusals import CONFLICT, Refusal

# The states (the values the API shows).
PAIRED = "paired"  # published pairing, no move played on the server yet
IN_PLAY = "in-play"  # played live on the server: moves, clocks
REPORTED = "reported"  # a player reported a result; the opponent confirms or disputes it
DISPUTED = "disputed"  # the players disagree (or a live ending could not be scored): an arbiter decides
FINAL = "final"  # the result of record; only an arbiter changes it
STATES = (PAIRED, IN_PLAY, REPORTED, DISPUTED, FINAL)

# The actions.
MOVE = "move"  # a move (or a sealed Parity move), also the move sent with an offer or a claim
PLAY = "play"  # resign, offer / accept / decline a draw, claim / concede / refuse a claim, the arbiter's ruling on one
CLOCK = "clock"  # the arbiter pauses, resumes or adjusts the clocks
FLAG = "flag"  # a flag falls (the flag check, a read, a move): the game ends on time
REPORT = "report"  # a player reports the result
CONFIRM = "confirm"  # the opponent confirms the report
DISPUTE = "dispute"  # the opponent disputes the report
RESULT = "result"  # an arbiter enters or corrects the result (the result grid, the API, accepting a report)
ACTIONS = (MOVE, PLAY, CLOCK, FLAG, REPORT, CONFIRM, DISPUTE, RESULT)

# The stored values the state is read from (tournaments.models.Game.Status and .ResultStatus; a test checks them).
LIVE, FINISHED = "live", "finished"
RESULT_REPORTED, RESULT_DISPUTED, RESULT_FINAL = "reported", "disputed", "final"

# Every allowed (state, action) and the states it can lead to. What is not here is refused.
TRANSITIONS: dict[tuple[str, str], frozenset[str]] = {
    (PAIRED, MOVE): frozenset({IN_PLAY}),
    (PAIRED, PLAY): frozenset({PAIRED, FINAL, DISPUTED}),  # an offer before the first move; resigning ends it
    (PAIRED, CLOCK): frozenset({PAIRED}),
    (PAIRED, REPORT): frozenset({REPORTED}),  # a game played over the board
    (PAIRED, RESULT): frozenset({FINAL}),  # forfeits, a game played elsewhere
    # A live ending the event's scoring cannot score goes to the arbiter as disputed (games.play.ending).
    (IN_PLAY, MOVE): frozenset({IN_PLAY, FINAL, DISPUTED}),
    (IN_PLAY, PLAY): frozenset({IN_PLAY, FINAL, DISPUTED}),
    (IN_PLAY, CLOCK): frozenset({IN_PLAY}),
    (IN_PLAY, FLAG): frozenset({FINAL, DISPUTED}),
    (IN_PLAY, RESULT): frozenset({FINAL}),  # the arbiter decides a game in play: its clocks stop
    # A new report replaces the reporter's own; the same as the opponent's confirms it; a different one disputes it.
    (REPORTED, REPORT): frozenset({REPORTED, FINAL, DISPUTED}),
    (REPORTED, CONFIRM): frozenset({FINAL}),
    (REPORTED, DISPUTE): frozenset({DISPUTED}),
    (REPORTED, RESULT): frozenset({FINAL}),
    # A player may still correct their report (the opponent then answers it again); else the arbiter decides.
    (DISPUTED, REPORT): frozenset({REPORTED, FINAL, DISPUTED}),
    (DISPUTED, RESULT): frozenset({FINAL}),
    (FINAL, RESULT): frozenset({FINAL}),  # a correction, audited
}

_NO_PLAY = "{state}: no moves, play actions or clock changes until the result is settled"
# What a state answers to the actions it refuses: one reason for the state, sharpened for some actions.
_REASONS: dict[str, str] = {
    PAIRED: "the game has not started and nothing has been reported",
    IN_PLAY: (
        "the game is in play on the server: it ends on the board, by resignation, an agreed draw or a claim, "
        "or by an arbiter's result; there is no report to make or answer"
    ),
    REPORTED: _NO_PLAY.format(state="a result has been reported and awaits the opponent's confirmation or dispute"),
    DISPUTED: _NO_PLAY.format(state="the result is disputed and an arbiter decides it"),
    FINAL: "the game is over: its result is final and only an arbiter can correct it",
}
_ACTION_REASONS: dict[tuple[str, str], str] = {
    (PAIRED, FLAG): "the game has not started: no clock runs",
    (DISPUTED, CONFIRM): "the result is disputed: an arbiter decides it (or a player reports again)",
    (DISPUTED, DISPUTE): "the result is already disputed: an arbiter decides it",
}


class Refused(Refusal):
    """An action the game's state refuses: a conflict about the ``game``, naming the state and why."""

    def __init__(self, state: str, action: str, reason: str) -> None:
        super().__init__(CONFLICT, "game", reason)
        self.state, self.action = state, action


def state_of(status: str, result_status: str, result: str = "") -> str:
    """The state of a game from its stored columns: the result's status first (a live game that was reported or
    could not be scored is not in play any more), then whether it was finished, then whether it started."""
    if result_status == RESULT_FINAL:
        return FINAL
    if result_status == RESULT_DISPUTED:
        return DISPUTED
    if result_status == RESULT_REPORTED:
        return REPORTED
    if status == FINISHED or result:
        return FINAL
    return IN_PLAY if status == LIVE else PAIRED


def allows(state: str, action: str) -> bool:
    return (state, action) in TRANSITIONS


def refusal(state: str, action: str) -> str | None:
    """Why ``state`` refuses ``action``, or None when it allows it. A dictionary lookup: the move path asks it."""
    if (state, action) in TRANSITIONS:
        return None
    return _ACTION_REASONS.get((state, action)) or _REASONS[state]


def check(state: str, action: str) -> None:
    """Raise :class:`Refused` unless ``state`` allows ``action``."""
    reason = refusal(state, action)
    if reason is not None:
        raise Refused(state, action, reason)
