"""The one hook between the two apps (docs/architecture.md).

``tournaments`` is the lower floor: it never imports ``games``. When something happens to the record that the
upper floor must react to, ``tournaments`` sends :data:`record_changed` and ``games`` connects its receivers in
``GamesConfig.ready``. Calls the other way (a live game ended, a report was confirmed) are plain calls of
``tournaments`` services, which is the direction imports may go.
"""

from __future__ import annotations

from django.dispatch import Signal

RESULT_FINAL = "result-final"  # a board's result became final or was corrected (record_result)
ROUND_PUBLISHED = "round-published"  # a round's pairings became public (publish_round)
STANDINGS_UPDATED = "standings-updated"  # the event's standings snapshot was replaced (publish_standings)
CHANGES = (RESULT_FINAL, ROUND_PUBLISHED, STANDINGS_UPDATED)

#: Sent inside the transaction that makes the change, with keyword arguments ``change`` (one of
#: :data:`CHANGES`), ``event`` (the :class:`tournaments.models.Event`), ``game`` (the board, for
#: ``result-final``; else None), ``round`` (the round, for ``round-published`` and ``result-final``; else None)
#: and ``by`` (the user who made the change, or None). A receiver that must not act before the commit uses
#: ``transaction.on_commit``; one that fails must not undo the change, so receivers catch what they can.
record_changed = Signal()


def send_change(change: str, *, event, game=None, round=None, by=None) -> None:
    """Send :data:`record_changed` (the one place that does, so every change carries the same arguments)."""
    assert change in CHANGES, change
    record_changed.send(sender=type(event), change=change, event=event, game=game, round=round, by=by)
