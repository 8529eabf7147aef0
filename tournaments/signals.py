"""The one hook between the two apps (docs/architecture.md).

``tournaments`` is the lower floor: it never imports ``games``. When something happens to the record that must be
followed up, the service sends :data:`record_changed`, and the receivers do the rest: the tournaments app's own
(``tournaments.receivers``: the standings snapshot, the warming of its pages; connected in
``TournamentsConfig.ready``) and the games app's (connected in ``GamesConfig.ready``). So a service never imports
a task or a view. Calls the other way (a live game ended, a report was confirmed) are plain calls of
``tournaments`` services, which is the direction imports may go.
"""

from __future__ import annotations

from contextvars import ContextVar

from django.dispatch import Signal

RESULT_FINAL = "result-final"  # a board's result became final or was corrected (record_result)
ROUND_PUBLISHED = "round-published"  # a round's pairings became public (publish_round)
STANDINGS_UPDATED = "standings-updated"  # the event's standings snapshot was replaced (publish_standings)
TIEBREAKS_CHANGED = "tiebreaks-changed"  # the event's tie-break list or C.07 edition changed (event_settings.update_event)
# A published round's pairing was corrected before play, or the round unpublished (tournaments.services.corrections
# and pairing_edits); ``detail`` says what: {"what", "text", "players": [ids of the players concerned]}.
ROUND_CORRECTED = "round-corrected"
RATED_CHANGED = "rated-changed"  # the event was marked rated or no longer rated (event_settings.update_event)
CHANGES = (RESULT_FINAL, ROUND_PUBLISHED, STANDINGS_UPDATED, TIEBREAKS_CHANGED, ROUND_CORRECTED, RATED_CHANGED)

#: Sent inside the transaction that makes the change, with keyword arguments ``change`` (one of
#: :data:`CHANGES`), ``event`` (the :class:`tournaments.models.Event`), ``game`` (the board, for
#: ``result-final``; else None), ``round`` (the round, for ``round-published``, ``result-final`` and
#: ``round-corrected``; else None), ``by`` (the user who made the change, or None) and ``detail`` (a JSON-able dict
#: for ``round-corrected``, else None). A receiver that must not act before the commit uses
#: ``transaction.on_commit``; one that fails must not undo the change, so receivers catch what they can.
record_changed = Signal()


# The changes waiting while one is being delivered in this context; None: none is being delivered.
_waiting: ContextVar[list[dict] | None] = ContextVar("record_changed_waiting", default=None)


def send_change(change: str, *, event, game=None, round=None, by=None, detail: dict | None = None) -> None:
    """Send :data:`record_changed` (the one place that does, so every change carries the same arguments).

    Changes are delivered one at a time, in the order they happen: a change sent by a receiver while another is
    being delivered (the standings receiver, without a broker, publishes the snapshot at once: ``standings-updated``
    inside ``result-final``) waits until the first has reached every receiver, still in the same transaction."""
    assert change in CHANGES, change
    arguments = {"change": change, "event": event, "game": game, "round": round, "by": by, "detail": detail}
    waiting = _waiting.get()
    if waiting is not None:
        waiting.append(arguments)
        return
    waiting = [arguments]
    token = _waiting.set(waiting)
    try:
        while waiting:
            arguments = waiting.pop(0)
            record_changed.send(sender=type(arguments["event"]), **arguments)
    finally:
        _waiting.reset(token)
