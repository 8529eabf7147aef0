"""Registering oneself for an event (issue 23): ``Event.registration`` is closed (the director enters players),
open, or approval (the director approves or refuses each).

A registration counts once its e-mail is confirmed by a link (a login whose address a link already reached
counts at once): then, under approval, it waits for the director; otherwise, and once approved, it takes a place
or waits on the list (:mod:`tournaments.services.waiting_list`). Registrations close at
``registration_closes_at`` and when round 1 is paired; late entry stays the director's. Every step is audited and
mailed to the person.
"""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

import tournaments.services.audit as log
from accounts import notifications
from outbox.mail import queue_mail
from tournaments.models import Event, Player, Registration, RegistrationMode, SignUp
from tournaments.services.errors import Conflict
from tournaments.services.sections import placement, rows_of
from tournaments.services.waiting_list import place, round_one_paired, tell

CONFIRM_SALT = "tournaments.sign-up.confirm"
CONFIRM_MAX_AGE = 7 * 24 * 3600
REGISTRATION_RECEIVED = "registration-received"
REGISTRATION_DECIDED = "registration-decided"


def closed_because(event: Event, now=None) -> str:
    """Why nobody can register now, or "" when registration is open."""
    now = now or timezone.now()
    if event.registration == RegistrationMode.CLOSED:
        return f"{event} takes no registrations: the organizer enters its players"
    if event.status in (Event.Status.DRAFT, Event.Status.CLOSED):
        return f"{event} is {event.get_status_display().lower()}"
    if event.system.competitors == 2:
        return "a match has its two players"
    if event.registration_closes_at and now >= event.registration_closes_at:
        return f"registration closed at {event.registration_closes_at:%Y-%m-%d %H:%M %Z}"
    if round_one_paired(event):
        return "round 1 is paired: registration is closed (a late entry is the organizer's)"
    return ""


def _player_for(user, *, name: str, rating: int, federation: str, fide_id: str) -> Player:
    player = Player.objects.filter(user=user).first()
    if fide_id and Player.objects.filter(fide_id=fide_id).exclude(pk=getattr(player, "pk", None)).exists():
        raise ValidationError({"fide_id": f"FIDE id {fide_id} belongs to another player: ask the organizer"})
    if player is None:
        return Player.objects.create(user=user, name=name, rating=rating, federation=federation, fide_id=fide_id,
                                     email=user.email)  # fmt: skip
    return player


@transaction.atomic
def sign_up(event: Event, user, *, name: str, rating: int = 0, federation: str = "", fide_id: str = "") -> SignUp:
    """``user`` registers for ``event`` with the data given; returns the SignUp (its status says where it stands).
    An event of sections takes it in the section the rating allows (or the one the request named, if it allows)."""
    event = Event.objects.select_for_update().get(pk=placement(event, rating).pk)
    reason = closed_because(event)
    if reason:
        raise Conflict({"registration": reason})
    if not user.email:
        raise ValidationError({"email": "your login has no e-mail address: the registration is confirmed by mail"})
    player = _player_for(user, name=name, rating=rating, federation=federation.upper(), fide_id=fide_id)
    if Registration.objects.filter(event__in=rows_of(event), player=player).exists() or SignUp.objects.filter(
        event=event, player=player).exclude(status=SignUp.Status.WITHDRAWN).exists():  # fmt: skip
        raise Conflict({"player": f"you are registered for {event} already"})
    SignUp.objects.filter(event=event, player=player).delete()  # a withdrawn sign-up is replaced
    entry = SignUp.objects.create(event=event, user=user, player=player, name=name, rating=rating,
                                  federation=federation.upper(), fide_id=fide_id)  # fmt: skip
    log.audit(event, REGISTRATION_RECEIVED, f"{name} registered themself ({user.email})", by=user,
              after={"player": name, "rating": rating})  # fmt: skip
    confirmed = notifications.profile_of(user).confirmed_email.casefold() == user.email.casefold()
    if confirmed:
        return _confirmed(entry, by=user)
    link = settings.SITE_URL + reverse("event-register-confirm", args=[event.slug, confirm_token(entry)])
    queue_mail(user.email, "confirm_email", {"player": name, "event": event.name, "link": link},
               kind=notifications.CONFIRM_EMAIL)  # fmt: skip
    return entry


def confirm_token(entry: SignUp) -> str:
    return signing.dumps({"sign_up": entry.pk, "email": entry.user.email}, salt=CONFIRM_SALT, compress=True)


def _confirmed(entry: SignUp, *, by=None) -> SignUp:
    entry.email_confirmed_at = timezone.now()
    entry.save(update_fields=["email_confirmed_at"])
    if entry.event.registration == RegistrationMode.APPROVAL and entry.approved_at is None:
        tell(entry, "received")
        return entry
    return place(entry, by=by)


@transaction.atomic
def confirm_email(token: str) -> SignUp:
    """The link of the confirmation mail: the e-mail is confirmed and the registration counts from now."""
    try:
        data = signing.loads(token, salt=CONFIRM_SALT, max_age=CONFIRM_MAX_AGE)
    except signing.BadSignature:
        raise ValidationError({"token": "this link is not valid: it is older than 7 days or was not copied whole"}) from None
    entry = SignUp.objects.select_for_update().select_related("event", "user", "player").filter(pk=data.get("sign_up")).first()
    if entry is None or entry.user.email.casefold() != str(data.get("email", "")).casefold():
        raise ValidationError({"token": "this registration no longer exists"})
    if entry.email_confirmed_at is not None:
        return entry  # a second click changes nothing
    if round_one_paired(entry.event):
        raise Conflict({"registration": "round 1 is paired: registration is closed (a late entry is the organizer's)"})
    profile = notifications.profile_of(entry.user)
    profile.confirmed_email = entry.user.email
    profile.save(update_fields=["confirmed_email"])
    return _confirmed(entry, by=entry.user)


@transaction.atomic
def decide(entry: SignUp, *, approve: bool, by) -> SignUp:
    """The director approves (a place or the waiting list, once the e-mail is confirmed) or refuses a registration."""
    entry = SignUp.objects.select_for_update().select_related("event", "user", "player").get(pk=entry.pk)
    if entry.status != SignUp.Status.PENDING or entry.approved_at is not None:
        raise Conflict({"status": f"this registration is {entry.get_status_display().lower()} already"})
    if approve and round_one_paired(entry.event):
        raise Conflict({"registration": "round 1 is paired: enter the player as a late entry instead"})
    entry.decided_by = by
    if not approve:
        entry.status = SignUp.Status.REFUSED
        entry.save(update_fields=["status", "decided_by"])
        tell(entry, "refused")
    else:
        entry.approved_at = timezone.now()
        entry.save(update_fields=["approved_at", "decided_by"])
        if entry.email_confirmed_at is not None:
            place(entry, by=by)
    what = "approved" if approve else "refused"
    log.audit(entry.event, REGISTRATION_DECIDED, f"Registration of {entry.name} {what}", by=by,
              after={"player": entry.name, "decision": what})  # fmt: skip
    return entry
