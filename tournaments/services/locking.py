"""The round a director's write works on, locked: or a Conflict when another request deleted it meanwhile.

A view loads the round, then the service locks it; a concurrent delete (publishing a round while it is
deleted, editing a board of it) commits in between, so the lock finds no row. That is the state of the event
changing under the request, a 409 naming the round, never a ``Round.DoesNotExist`` (a 500).
"""

from __future__ import annotations

from tournaments.models import Round
from tournaments.services.errors import Conflict


def lock_round(rnd: Round, *related: str) -> Round:
    """``rnd`` read again under a row lock (with ``related`` joined), or Conflict if it no longer exists."""
    query = Round.objects.select_for_update(of=("self",))
    if related:
        query = query.select_related(*related)
    found = query.filter(pk=rnd.pk).first()
    if found is None:
        raise Conflict({"round": f"round {rnd.number} was deleted meanwhile: read the event again"})
    return found
