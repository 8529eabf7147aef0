"""What the ratings app does on the hook (:data:`tournaments.signals.record_changed`): a final result in a complete
round of a rated event (its last result, or a correction after it), or an event marked rated or no longer rated,
queues the rating lists' update (ratings.tasks) in the change's transaction."""

from __future__ import annotations

from ratings.tasks import queue_sync
from tournaments.models import Event, Round
from tournaments.signals import RATED_CHANGED, RESULT_FINAL


def follow_the_record(sender: type, change: str, event: Event | None = None, round: Round | None = None,
                      **kwargs: object) -> None:  # fmt: skip
    if event is None:
        return
    if change == RATED_CHANGED or (
        change == RESULT_FINAL and event.rated and round is not None and round.status == Round.Status.COMPLETE
    ):
        queue_sync()
