"""The report service: a player reports a result, the opponent confirms or disputes it; the state machine decides.

Each action locks the game's row, answers an identical retry as it answered the first time, then asks the game's
state (:mod:`record.game_states`) whether it may happen: a game in play, disputed (for confirmations) or final
refuses, naming why. A report becomes a result the same way on every path (the opponent confirms, both report the
same, the admin's "accept"): through :func:`tournaments.services.results.record_result`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone

from games import mail
from games.models import ResultReport
from games.push import push_game_after_commit
from record import game_states
from record.refusals import CONFLICT, FORBIDDEN, Refusal
from tournaments.models import Game
from tournaments.services.results import compute_points, record_result, sides_from_points

if TYPE_CHECKING:
    from django.contrib.auth.models import User

OPEN = (ResultReport.Status.PENDING, ResultReport.Status.DISPUTED)
CLAIM_FIELDS = ("result", "termination", "position", "checking_side", "forcing_side")


def _lock(game_id: int) -> Game:
    return Game.objects.select_for_update(of=("self",)).select_related("round__event").get(pk=game_id)


def _set_result_status(game: Game, result_status: str) -> None:
    """A report or an answer changes what the game accepts (docs/game-states.md): a new version, pushed, so the
    players' pages stop offering moves at once."""
    game.result_status = result_status
    game.version += 1
    game.save(update_fields=["result_status", "version"])
    push_game_after_commit(game)


def _answer(report: ResultReport, answered_status: str, by, *fields: str) -> None:
    """Mark ``report`` confirmed or disputed by its opponent ``by`` (saving any other ``fields`` changed)."""
    report.status = answered_status
    report.responder = by
    report.save(update_fields=["status", "responder", *fields, "updated_at"])


def record_report(report: ResultReport, *, by: User | None, action: str = game_states.RESULT) -> Game:
    """Make ``report``'s claim the final result of its game; ValidationError({field: reason}) if it is not valid,
    :class:`record.game_states.Refused` if the game's state refuses ``action`` (an arbiter's is always allowed).

    The side that forced stalemate or gave perpetual check is read back from the report's points.
    """
    game = report.game
    return record_result(
        game,
        result=report.result,
        termination=report.termination,
        position=report.position,
        by=by,
        action=action,
        **sides_from_points(game, report.termination, report.white_points, report.black_points),
    )


def report_result(game: Game, user, claim: dict, comment: str = "") -> ResultReport:
    """``user`` (a player of ``game``) reports ``claim`` (the fields of :data:`CLAIM_FIELDS`): pending until the
    opponent answers; the same as the opponent's pending report confirms it, a different one disputes both.

    Raises ValidationError naming the field (the claim cannot be scored) or Refused (the game's state)."""
    white, black = compute_points(game, **claim)  # before the lock: the engine reads the position
    with transaction.atomic():
        game = _lock(game.pk)
        mine = game.reports.filter(reporter=user)
        same = mine.filter(result=claim["result"], termination=claim["termination"], position=claim["position"])
        existing = same.exclude(status=ResultReport.Status.SUPERSEDED).first()
        if existing is not None:  # an identical retry
            return existing
        game_states.check(game.state, game_states.REPORT)
        mine.filter(status__in=OPEN).update(status=ResultReport.Status.SUPERSEDED)
        report = ResultReport(
            game=game,
            reporter=user,
            result=claim["result"],
            termination=claim["termination"],
            position=claim["position"],
            white_points=white,
            black_points=black,
            comment=comment,
        )
        theirs = game.reports.filter(status=ResultReport.Status.PENDING).exclude(reporter=user).first()
        if theirs is None:
            report.status = ResultReport.Status.PENDING
            _set_result_status(game, Game.ResultStatus.REPORTED)
        elif (theirs.result, theirs.termination, theirs.white_points, theirs.black_points) == (
            report.result,
            report.termination,
            white,
            black,
        ):
            # Both players reported the same: that is a confirmation (answered before the result is recorded, so
            # that the result's receiver, which settles the reports still open, leaves it confirmed).
            _answer(theirs, ResultReport.Status.CONFIRMED, user)
            record_result(game, **claim, by=user, action=game_states.REPORT)
            report.status = ResultReport.Status.CONFIRMED
        else:
            report.status = ResultReport.Status.DISPUTED
            _answer(theirs, ResultReport.Status.DISPUTED, user)
            _set_result_status(game, Game.ResultStatus.DISPUTED)
        report.save()
        if report.status == ResultReport.Status.PENDING:
            mail.result_reported(report)  # the opponent is told, with links to confirm or dispute (issue 23)
    return report


def _opponents_report(game: Game, user, action: str) -> tuple[ResultReport, bool]:
    """(the report to answer, already answered by ``user``: an identical retry). Refuses one's own report
    (forbidden), an answer the game's state refuses (``game_states.Refused``), and nothing to answer (conflict)."""
    answered_status = ResultReport.Status.CONFIRMED if action == game_states.CONFIRM else ResultReport.Status.DISPUTED
    answered = game.reports.filter(status=answered_status, responder=user).exclude(reporter=user).first()
    pending = game.reports.filter(status=ResultReport.Status.PENDING)
    theirs = pending.exclude(reporter=user).first()
    if theirs is None and answered is not None:
        return answered, True
    if theirs is None and pending.filter(reporter=user).exists():
        raise Refusal(FORBIDDEN, "report", "this is your own report: your opponent must answer it")
    game_states.check(game.state, action)
    if theirs is None:
        raise Refusal(CONFLICT, "report", "there is no report from your opponent awaiting an answer")
    return theirs, False


def answer_report(game: Game, user, action: str, comment: str = "") -> ResultReport:
    """The opponent confirms (``game_states.CONFIRM``: the result becomes final) or disputes (``DISPUTE``: an
    arbiter decides) the pending report; an identical retry answers the same report again and changes nothing."""
    with transaction.atomic():
        game = _lock(game.pk)
        report, done = _opponents_report(game, user, action)
        if done:
            return report
        if action == game_states.CONFIRM:
            _answer(report, ResultReport.Status.CONFIRMED, user)  # first: the result's receiver settles open ones
            record_report(report, by=user, action=game_states.CONFIRM)
        else:
            report.comment = comment or report.comment
            _answer(report, ResultReport.Status.DISPUTED, user, "comment")
            _set_result_status(game, Game.ResultStatus.DISPUTED)
    return report


def decision_of(game: Game, comment: str = "") -> str:
    """The arbiter's decision as a settled report keeps it: the result of record, and what the arbiter said."""
    points = f"{float(game.white_points):g}-{float(game.black_points):g}" if game.white_points is not None else ""
    words = f"{game.result} ({game.termination}{', ' + points if points else ''})"
    return f"{words}: {comment}" if comment else words


def settle_open_reports(game: Game, *, by: User | None) -> int:
    """The result of ``game`` became final while reports were still open (pending or disputed): an arbiter decided
    (the result grid, the admin or the API). Each is settled with that decision and who made it; returns how many.
    Called by the hook's receiver (games.receivers) in the result's transaction; the players' own confirmations
    are answered before the result is recorded, so they are never open here."""
    return game.reports.filter(status__in=OPEN).update(
        status=ResultReport.Status.SETTLED, settled_by=by, decision=decision_of(game), updated_at=timezone.now()
    )


def note_decision(game: Game, *, by: User | None, comment: str) -> None:
    """Add the arbiter's ``comment`` to the decision of the reports ``by`` just settled on ``game``."""
    if comment:
        settled = game.reports.filter(status=ResultReport.Status.SETTLED, settled_by=by)
        settled.update(decision=decision_of(game, comment))
