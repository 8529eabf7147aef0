"""What a player asks for themself (issue 23): a bye in a future round and withdrawal from the rest of the event.

The same services as the director's (:func:`~tournaments.services.events.request_bye`,
:func:`~tournaments.services.events.withdraw_player`), audited alike with the player as the one who acted; a
withdrawal before round 1 is paired gives the place to the first on the waiting list.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from tournaments.models import ByeRequest, Event, Player, Registration
from tournaments.services.events import request_bye, withdraw_player


def player_of(user) -> Player | None:
    if user is None or not user.is_authenticated:
        return None
    return Player.objects.filter(user=user).first()


def own_registration(event: Event, user) -> Registration:
    """The user's registration in ``event``; PermissionDenied if they do not play in it."""
    player = player_of(user)
    reg = Registration.objects.filter(event=event, player=player).select_related("player").first() if player else None
    if reg is None:
        raise PermissionDenied(f"you do not play in {event}")
    return reg


@transaction.atomic
def request_own_bye(event: Event, user, round_number: int) -> ByeRequest:
    """The player asks to sit out round ``round_number`` (until it is paired; at most the event's limit)."""
    reg = own_registration(event, user)
    return request_bye(event, reg.player, round_number, by=user)


@transaction.atomic
def withdraw_self(event: Event, user) -> Registration:
    """The player withdraws from the next round to pair on (a place before round 1 goes to the waiting list)."""
    reg = own_registration(event, user)
    if reg.status == Registration.Status.WITHDRAWN:
        raise ValidationError({"player": f"you have already withdrawn from {event}"})
    return withdraw_player(event, reg.player, by=user)  # which moves the waiting list up
