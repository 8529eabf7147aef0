"""Who a player is across events: the rating lists, the player's page and the series follow a person, not a row.

The same :class:`tournaments.models.Player` row may play many events, but an import or a second registration can
make another row for the same person. A person is (docs/ratings.md, "Who is one player"): the linked user account
when there is one; else the federation and FIDE id when a FIDE id is known; else the name (case and spacing
ignored) with the federation.
"""

from __future__ import annotations

from typing import Protocol


class Person(Protocol):
    user_id: int | None
    fide_id: str
    federation: str
    name: str


def identity_of(player: Person) -> str:
    """The key of the person ``player`` is (at most 230 characters: a name has at most 200)."""
    if player.user_id:
        return f"user:{player.user_id}"
    federation = (player.federation or "").strip().upper()
    if (player.fide_id or "").strip():
        return f"fide:{federation}:{player.fide_id.strip()}"
    return f"name:{' '.join(player.name.casefold().split())}|{federation}"
