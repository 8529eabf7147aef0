"""Where the seeding reads players' ratings when an event seeds by the rating list (``Event.seed_by``, issue 28).

The rating lists live in the ratings app, above this one: tournaments never imports it. The ratings app registers
its lookup here when it is ready (``ratings.apps``); without one (the app not installed) every player keeps the
rating typed for them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tournaments.models import Event, Player

#: (event, players) -> {player id: rating from the list of the event's variant}; a player without one is left out.
Provider = Callable[["Event", Iterable["Player"]], dict[int, int]]
_providers: list[Provider] = []


def register(provider: Provider) -> None:
    """Make ``provider`` the one the seeding asks (the last registered wins; registering it again is harmless)."""
    if provider in _providers:
        _providers.remove(provider)
    _providers.append(provider)


def unregister(provider: Provider) -> None:
    if provider in _providers:
        _providers.remove(provider)


def list_ratings(event: Event, players: Iterable[Player]) -> dict[int, int]:
    """The list rating of each of ``players`` who has one, for ``event``'s variant; {} without a provider."""
    if not _providers:
        return {}
    return _providers[-1](event, list(players))


def seeding_ratings(event: Event, players: Iterable[Player]) -> dict[int, int]:
    """The rating each player is seeded by: the list's under ``seed_by: rating`` (the typed one for a player the
    list does not know), else the typed one."""
    players = list(players)
    typed = {player.pk: player.rating for player in players}
    if event.seed_by != event.SeedBy.RATING:
        return typed
    return {**typed, **list_ratings(event, players)}
