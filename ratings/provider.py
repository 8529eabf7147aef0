"""The seeding's rating lookup (registered in ``tournaments.rating_source`` when the app is ready): an event seeding
by the rating list reads each player's rating in the list of the event's variant (its family for a rolled one)."""

from __future__ import annotations

from collections.abc import Iterable

from ratings.identity import identity_of
from ratings.models import Rating
from tournaments.models import Event, Player
from variants.registry import rating_key_of


def list_ratings(event: Event, players: Iterable[Player]) -> dict[int, int]:
    """{player id: rounded list rating} for the players the list of ``event``'s variant knows."""
    try:
        key = rating_key_of(event.variant_key)
    except KeyError:
        return {}
    people = {player.pk: identity_of(player) for player in players}
    found = dict(Rating.objects.filter(key=key, identity__in=set(people.values())).values_list("identity", "rating"))
    return {pk: round(found[who]) for pk, who in people.items() if who in found}
