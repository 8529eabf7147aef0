"""The result grid: every board of a round entered at once, every row checked before any is saved.

What a row may say comes from the board's variant engine and the event's scoring (:func:`board_choices`): the
results, the terminations this variant can end with, whether the termination needs the forcing or checking side,
and whether a material decision needs the final position (taken from the live game when there is one).
:func:`enter_results` reports every bad row at once (:class:`RowErrors`, naming board and field) and then saves
nothing; otherwise it writes each row through ``record_result``, the one way a result becomes final.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction

from scoring import Profile, get_profile
from tournaments.models import Game, Round
from tournaments.services.errors import Conflict, RowErrors, reasons
from tournaments.services.locking import lock_round
from tournaments.services.results import RESULTS, SIDES, compute_points, record_result
from tournaments.services.rounds import refresh_round_status
from variants.terminations import Ending

RESULT_LABELS = {"1-0": "1-0 (White wins)", "0-1": "0-1 (Black wins)", "1/2-1/2": "½-½ (draw)", "0-0": "0-0 (double forfeit)"}
FIELDS = ("result", "termination", "forcing_side", "checking_side", "position")


@dataclass(frozen=True)
class BoardChoices:
    """What the grid offers for one board: its variant's endings, graded by the event's scoring profile."""

    endings: dict[str, Ending]  # name -> ending, sorted by name
    profile: Profile | None
    live_position: str  # the final position of the live game, when it was played on the server

    @property
    def terminations(self) -> tuple[str, ...]:
        return tuple(self.endings)

    def label(self, termination: str) -> str:
        return self.endings[termination].label

    def side_field(self, termination: str) -> str | None:
        """The side a termination's points depend on: who forced stalemate, who gave perpetual check (dynamic)."""
        ending = self.endings.get(termination)
        return self.profile.side_needed(ending) if ending and self.profile else None

    def needs_position(self, termination: str) -> bool:
        ending = self.endings.get(termination)
        return bool(ending and self.profile and self.profile.needs_material(ending))


def board_choices(game: Game) -> BoardChoices:
    from variants.registry import get_engine

    try:
        engine = get_engine(game.variant)
    except KeyError:
        return BoardChoices({}, None, "")
    try:
        profile = get_profile(game.round.event.scoring)
    except ValueError:  # a profile no longer registered: the grid still lists the endings
        profile = None
    live = game.position if (game.moves and game.position) else ""
    return BoardChoices({e.name: e for e in sorted(engine.endings, key=lambda e: e.name)}, profile, live)


def _text(row: dict, name: str) -> str:
    value = row.get(name)
    return value.strip() if isinstance(value, str) else ("" if value is None else str(value))


def _board_number(row: dict) -> int | None:
    value = row.get("board")
    return value if isinstance(value, int) and not isinstance(value, bool) else None  # JSON's number, as the schema


NULLABLE = ("forcing_side", "checking_side")


def _typed(board: int, row: dict) -> list[dict]:
    """Each field of ``row`` that is not the JSON string the schema says, or holds a NUL (PostgreSQL cannot store
    one): refused on every database alike."""
    errors = []
    for name in FIELDS:
        value = row.get(name)
        if name not in row or (value is None and name in NULLABLE):
            continue
        if not isinstance(value, str):
            errors.append({"board": board, "field": name, "reason": "must be a string"})
        elif "\x00" in value:
            errors.append({"board": board, "field": name, "reason": "a NUL character (\\u0000) is not allowed"})
    return errors


def _check_row(game: Game, row: dict) -> list[dict]:
    """Every problem of one row (field by field), then what the scoring says about the whole row."""
    board = game.board
    choices = board_choices(game)
    result, termination = _text(row, "result"), _text(row, "termination")
    errors = _typed(board, row)
    if errors:
        return errors
    if result not in RESULTS:
        errors.append({"board": board, "field": "result", "reason": f"choose one of {', '.join(RESULTS)}"})
    if termination not in choices.terminations:
        reason = f"{termination or 'nothing'} cannot end this game; choose one of {', '.join(choices.terminations)}"
        errors.append({"board": board, "field": "termination", "reason": reason})
    for name in ("forcing_side", "checking_side"):
        if _text(row, name) not in ("", *SIDES):
            errors.append({"board": board, "field": name, "reason": "choose white or black"})
    side = choices.side_field(termination)
    if side and not _text(row, side) and result not in ("1-0", "0-1"):
        who = f"{'forced' if side == 'forcing_side' else 'gave'} {choices.label(termination)}"
        errors.append({"board": board, "field": side, "reason": f"say which army {who}: it decides the points"})
    if choices.needs_position(termination) and not (_text(row, "position") or choices.live_position):
        reason = f"{termination} is decided on material: give the final position"
        errors.append({"board": board, "field": "position", "reason": reason})
    if errors:
        return errors
    try:
        compute_points(game, **_details(row))
    except ValidationError as exc:
        return [{"board": board, "field": f, "reason": r} for f, r in reasons(exc)]
    return []


def _details(row: dict) -> dict:
    return {
        "result": _text(row, "result"),
        "termination": _text(row, "termination"),
        "position": _text(row, "position"),
        "forcing_side": _text(row, "forcing_side") or None,
        "checking_side": _text(row, "checking_side") or None,
    }


def check_results(rnd: Round, rows: list[dict]) -> tuple[list[tuple[Game, dict]], list[dict]]:
    """Match each row to its board and check it: ([(game, row)], every error)."""
    games = {g.board: g for g in rnd.games.select_related("round__event", "white", "black")}
    errors: list[dict] = []
    matched: list[tuple[Game, dict]] = []
    seen: set[int] = set()
    for position, row in enumerate(rows, start=1):
        if not isinstance(row, dict):
            errors.append({"board": None, "field": "board", "reason": f"row {position} is not an object"})
            continue
        board = _board_number(row)
        if board not in games:
            where = f"board {row.get('board')!r}" if board is None else f"board {board}"
            errors.append({"board": board, "field": "board", "reason": f"{where} is not a board of round {rnd.number}"})
            continue
        if board in seen:
            errors.append({"board": board, "field": "board", "reason": f"board {board} is given twice"})
            continue
        seen.add(board)
        row_errors = _check_row(games[board], row)
        errors += row_errors
        if not row_errors:
            matched.append((games[board], row))
    return matched, errors


@transaction.atomic
def enter_results(rnd: Round, rows: list[dict], *, by=None) -> list[Game]:
    """Enter or correct the results of ``rows`` ([{board, result, termination, forcing_side?, checking_side?,
    position?}]) of a published round: all saved, or (RowErrors listing every bad row) none."""
    rnd = lock_round(rnd, "event")
    if rnd.status in (Round.Status.PENDING, Round.Status.PAIRED):
        raise Conflict({"round": f"round {rnd.number} is not published yet: results are entered once it is"})
    if not rows:
        raise RowErrors([{"board": None, "field": "board", "reason": "no rows: give at least one board's result"}], "board")
    matched, errors = check_results(rnd, rows)
    if errors:
        raise RowErrors(errors, "board")
    saved = [record_result(game, by=by, **_details(row)) for game, row in matched]
    refresh_round_status(rnd)
    return saved
