"""Writing a game's result: the one way a result becomes final (contract in docs/rules/scoring.md).

Every path - a confirmed player report, an arbiter's entry, the live game ending, the demo - calls
:func:`record_result`, so points are always computed by the server under the event's scoring profile.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from record import game_states
from scoring import game_points, get_profile, result_from_points
from tournaments.models import Game
from tournaments.services.audit import RESULT_CORRECTED, RESULT_ENTERED, audit, result_state
from tournaments.services.rounds import refresh_round_status_locked
from tournaments.signals import RESULT_FINAL, send_change
from variants.terminations import FORFEIT, Ending

if TYPE_CHECKING:
    from django.contrib.auth.models import User

RESULTS = ("1-0", "0-1", "1/2-1/2", "0-0")
WINNER_OF = {"1-0": "white", "0-1": "black", "1/2-1/2": None, "0-0": None}
SIDES = ("white", "black")


def read_material(game: Game, position: str) -> dict[str, float]:
    """Material of each army in ``position`` read by the game's variant engine; ValidationError if unreadable."""
    from variants.registry import get_engine

    if not position:
        raise ValidationError({"position": "the final position is required: this ending is decided on material"})
    try:
        engine_class = get_engine(game.variant)
    except (KeyError, ImportError):
        raise ValidationError({"position": f"material cannot be read: no engine for variant {game.variant!r}"}) from None
    # A rolled variant needs its start options (Random Variant Chess: the rolls that chose its fairy pieces).
    options = game.start_options or {}
    try:
        material = engine_class.material_of(position, **options)
    except Exception as exc:  # any engine failure on user input is a bad position, never a 500
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ValidationError({"position": f"not a valid {game.variant} position: {reason}"}) from None
    return {side: float(material[side]) for side in SIDES}


def game_ending(game: Game, termination: str) -> Ending:
    """The ending ``termination`` as the game's variant engine declares it; ValidationError naming ``termination``
    for an unknown variant or an ending the variant cannot have."""
    from variants.registry import get_engine

    try:
        engine = get_engine(game.variant)
    except KeyError:
        raise ValidationError({"termination": f"unknown variant {game.variant!r}"}) from None
    if termination not in engine.terminations:
        possible = ", ".join(sorted(engine.terminations))
        raise ValidationError({"termination": f"{termination!r} cannot end a {game.variant} game; possible: {possible}"})
    return engine.ending(termination)


def compute_points(
    game: Game,
    *,
    result: str,
    termination: str,
    position: str = "",
    checking_side: str | None = None,
    forcing_side: str | None = None,
) -> tuple[Decimal, Decimal]:
    """Validate a result for ``game`` and return its (white, black) points; raises ValidationError({field: reason})."""
    if result not in RESULTS:
        raise ValidationError({"result": f"must be one of {', '.join(RESULTS)}, not {result!r}"})
    ending = game_ending(game, termination)
    if result == "0-0" and not ending.unplayed:
        raise ValidationError({"result": f"0-0 is only for a double forfeit (termination {FORFEIT!r})"})
    for name, value in (("checking_side", checking_side), ("forcing_side", forcing_side)):
        if value not in (None, *SIDES):
            raise ValidationError({name: "must be 'white' or 'black'"})

    try:
        profile = get_profile(game.round.event.scoring)
    except ValueError as exc:  # a profile no longer registered
        raise ValidationError({"termination": str(exc)}) from None
    material = None
    if profile.needs_material(ending):
        material = read_material(game, position or game.position)
    try:
        white, black = game_points(
            profile,
            termination=ending,
            winner=WINNER_OF[result],
            material=material,
            checking_side=checking_side,
            forcing_side=forcing_side,
            controllers=game.controllers or None,
        )
    except ValueError as exc:
        raise ValidationError({"termination": str(exc)}) from None
    implied = result_from_points(white, black)
    # A draw on the board ("1/2-1/2") is what the live game and an honest reporter see after a stalemate,
    # perpetual or agreed draw; the profile then decides who scored more. Only a decisive result the scoring
    # contradicts is refused.
    if implied != result and not (result == "1/2-1/2" and implied in ("1-0", "0-1")):
        scores = f"this {termination} scores {white:g}-{black:g}, which is {implied}, not {result}"
        raise ValidationError({"result": f"under {profile.key} scoring {scores}"})
    return Decimal(str(white)), Decimal(str(black))


def sides_from_points(game: Game, termination: str, white: Decimal, black: Decimal) -> dict[str, str]:
    """The ``forcing_side`` / ``checking_side`` behind server-computed points, for replaying a stored report.

    A report keeps outcome, termination, position and the points computed when it was made, not the side that
    forced stalemate or gave perpetual check; with a drawn outcome ("1/2-1/2") that side is only in the points:
    the army of the seat that scored more. Equal points (classical scoring) need no side.
    """
    try:
        side = get_profile(game.round.event.scoring).side_needed(game_ending(game, termination))
    except ValidationError:
        return {}
    if side is None or white == black:
        return {}
    seat = "white" if white > black else "black"
    army = next((a for a, s in (game.controllers or {}).items() if s == seat), seat)
    return {side: army}


def stored_result(white: Decimal, black: Decimal) -> str:
    """The result kept on the game: the one its points stand for (see docs/rules/scoring.md)."""
    return result_from_points(float(white), float(black))


def record_result(
    game: Game,
    *,
    result: str,
    termination: str,
    position: str = "",
    checking_side: str | None = None,
    forcing_side: str | None = None,
    by: User | None = None,
    action: str = game_states.RESULT,
) -> Game:
    """Make ``result`` the final result of ``game`` with server-computed points; idempotent for an identical retry.

    ``action`` is what makes it final (record.game_states): an arbiter's ``result`` (the default; also a live
    game ending on its own, checked where its move or action was), a ``confirm`` or a matching ``report``.
    Raises ValidationError({field: reason}) for bad input, :class:`~record.game_states.Refused` when the
    game's state refuses ``action``, and then changes nothing. Sends :data:`tournaments.signals.record_changed`
    (``result-final``) in the same transaction, on which the standings snapshot is queued.
    """
    with transaction.atomic():
        locked = Game.objects.select_for_update(of=("self",)).select_related("round__event").get(pk=game.pk)
        game_states.check(locked.state, action)
        sides = {"checking_side": checking_side, "forcing_side": forcing_side}
        white, black = compute_points(locked, result=result, termination=termination, position=position, **sides)
        result = stored_result(white, black)
        if _already_final(locked, result, termination, white, black):
            return locked
        before = result_state(locked)
        _write_result(locked, result, termination, white, black, position)
        _log_result(locked, by, before)
        locked.round = refresh_round_status_locked(locked.round_id)  # locked: results made final at once
        # The standings snapshot is queued on it (tournaments.receivers), in this transaction.
        send_change(RESULT_FINAL, event=locked.round.event, game=locked, round=locked.round, by=by)
    return locked


def _already_final(game: Game, result: str, termination: str, white: Decimal, black: Decimal) -> bool:
    return game.result_status == Game.ResultStatus.FINAL and (
        game.result,
        game.termination,
        game.white_points,
        game.black_points,
    ) == (result, termination, white, black)


def _write_result(game: Game, result: str, termination: str, white: Decimal, black: Decimal, position: str) -> None:
    """Set and save the result fields; a game still in play stops (its finish time is now)."""
    game.result, game.termination = result, termination
    game.white_points, game.black_points = white, black
    game.result_status = Game.ResultStatus.FINAL
    if position and not (game.moves and game.position):  # a live game keeps the position its moves reached
        game.position = position
    if game.status != Game.Status.FINISHED:
        game.status = Game.Status.FINISHED
        game.finished_at = game.finished_at or timezone.now()
    fields = ["result", "termination", "white_points", "black_points", "result_status", "position", "status", "finished_at"]
    game.save(update_fields=fields)


def _log_result(game: Game, by: User | None, before: dict | None) -> None:
    """Every result of record is audited, the first entry like a correction (who, when, before and after)."""
    now = f"{game.result} ({game.termination}, {game.white_points:g}-{game.black_points:g})"
    where = f"Round {game.round.number} board {game.board} ({game.white} - {game.black})"
    if before is None:
        action, text = RESULT_ENTERED, f"{where}: result {now}"
    else:
        was = f"{before['result']} ({before['termination']}, {before['points'][0]:g}-{before['points'][1]:g})"
        action, text = RESULT_CORRECTED, f"{where}: result changed from {was} to {now}"
    audit(game.round.event, action, text, by=by, round=game.round, before=before, after=result_state(game))
