"""The waiting list of an event open to registration (issue 23): past ``max_players`` registrations wait in order,
and move up when a place frees (a withdrawal) until round 1 is paired; after that, late entry is the director's.

Also the registration mails (received, registered, waiting, moved up, refused), which go to the person's login.
Below :mod:`tournaments.services.events`, which calls :func:`move_up` after every withdrawal.
"""

from __future__ import annotations

from django.utils import timezone

import tournaments.services.audit as log
from accounts import notifications
from outbox.mail import queue_mail
from tournaments.models import Event, Registration, Round, SignUp
from tournaments.services.seeding import next_seed, rank_unseeded

REGISTRATION_ACTIVE = "registration-active"
REGISTRATION_MOVED_UP = "registration-moved-up"


def round_one_paired(event: Event) -> bool:
    return Round.objects.filter(event=event).exclude(status=Round.Status.PENDING).exists()


def places_left(event: Event) -> int | None:
    """Free places (None: no limit)."""
    if not event.max_players:
        return None
    return max(0, event.max_players - Registration.objects.filter(event=event, status=Registration.Status.ACTIVE).count())


def tell(sign_up: SignUp, state: str, **context) -> None:
    """Mail the person of ``sign_up`` what became of their registration (``state``: a template's case)."""
    to = sign_up.user.email or sign_up.player.email
    if to:
        context = {"player": sign_up.name, "event": sign_up.event.name, "slug": sign_up.event.slug, "state": state, **context}
        queue_mail(to, "registration", context, kind=notifications.REGISTRATION)


def activate(sign_up: SignUp, *, by=None, moved_up: bool = False) -> SignUp:
    """Make ``sign_up`` a registration and tell the person. Before round 1 is paired it is ranked by rating among
    the others whose number nobody gave (tournaments.services.seeding, as an import is); later it takes the next
    number."""
    event = sign_up.event
    reg = Registration.objects.create(event=event, player=sign_up.player, seed=next_seed(event), seed_given=False,
                                      joined_round=1)  # fmt: skip
    rank_unseeded(event)  # nothing once round 1 is paired
    reg.refresh_from_db(fields=["seed"])
    seed = reg.seed
    sign_up.registration, sign_up.status = reg, SignUp.Status.ACTIVE
    sign_up.save(update_fields=["registration", "status"])
    action = REGISTRATION_MOVED_UP if moved_up else REGISTRATION_ACTIVE
    text = f"{sign_up.name} moved up from the waiting list" if moved_up else f"{sign_up.name} registered"
    log.audit(event, action, text, by=by, after={"player": sign_up.name, "seed": seed})
    tell(sign_up, "moved_up" if moved_up else "registered")
    return sign_up


def place(sign_up: SignUp, *, by=None) -> SignUp:
    """A confirmed (and, under approval, approved) registration: a place if one is free, else the waiting list."""
    left = places_left(sign_up.event)
    if left is not None and left <= 0:
        sign_up.status, sign_up.waiting_since = SignUp.Status.WAITING, timezone.now()
        sign_up.save(update_fields=["status", "waiting_since"])
        tell(sign_up, "waiting", position=position(sign_up))
        return sign_up
    return activate(sign_up, by=by)


def position(sign_up: SignUp) -> int:
    """Its place on the waiting list, from 1."""
    ahead = SignUp.objects.filter(event=sign_up.event, status=SignUp.Status.WAITING, waiting_since__lt=sign_up.waiting_since)
    return ahead.count() + 1


def move_up(event: Event, *, by=None) -> list[SignUp]:
    """Give the places a withdrawal freed to the first on the waiting list (until round 1 is paired)."""
    withdrawn = Registration.objects.filter(event=event, status=Registration.Status.WITHDRAWN)
    SignUp.objects.filter(registration__in=withdrawn).update(status=SignUp.Status.WITHDRAWN)
    if round_one_paired(event):
        return []
    moved = []
    left = places_left(event)
    waiting = SignUp.objects.select_for_update().filter(event=event, status=SignUp.Status.WAITING)
    for sign_up in waiting.select_related("user", "player", "event").order_by("waiting_since", "id"):
        if left is not None and left <= 0:
            break
        moved.append(activate(sign_up, by=by, moved_up=True))
        left = None if left is None else left - 1
    return moved
