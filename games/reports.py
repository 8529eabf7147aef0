"""Player result reports: turning an accepted report into the final result, and closing the open ones.

Used by the result API (the opponent confirms) and the admin (an arbiter accepts), so a report becomes a result
the same way on both paths: through :func:`tournaments.services.results.record_result`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.models import ResultReport
from tournaments.models import Game
from tournaments.services.results import record_result, sides_from_points

if TYPE_CHECKING:
    from django.contrib.auth.models import User

# A report names its outcome in words; the result it stands for is what record_result takes.
OUTCOMES = {"white_wins": "1-0", "black_wins": "0-1", "draw": "1/2-1/2"}
OPEN = (ResultReport.Status.PENDING, ResultReport.Status.DISPUTED)


def record_report(report: ResultReport, *, by: User | None) -> Game:
    """Make ``report``'s claim the final result of its game; ValidationError({field: reason}) if it is not valid.

    The side that forced stalemate or gave perpetual check is read back from the report's points.
    """
    game = report.game
    return record_result(
        game,
        result=OUTCOMES[report.outcome],
        termination=report.termination,
        position=report.position,
        by=by,
        **sides_from_points(game, report.termination, report.white_points, report.black_points),
    )


def resolve_open_reports(game: Game, *, by: User | None, comment: str | None = None) -> None:
    """Mark the game's pending and disputed reports resolved by an arbiter (``comment`` replaces theirs if given)."""
    changes: dict[str, object] = {"status": ResultReport.Status.RESOLVED, "responder": by}
    if comment is not None:
        changes["comment"] = comment
    game.reports.filter(status__in=OPEN).update(**changes)
