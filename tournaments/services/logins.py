"""Logins for the players of an event (issue 23): invitations by e-mail and the organizer's own hand.

An invitation goes to each player of the event who has an e-mail address and no login they use yet: a login is
made for them (no password; the username the import suggested, or one from their name) with a one-time link
to choose username and password (:mod:`accounts.invitations`). A player whose address belongs to an existing
account is linked to it and told so. An organizer may also set a username and password for a player of their own
events (and only theirs), which makes or resets the player's login.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction

import tournaments.services.audit as log
from accounts import invitations, notifications
from outbox.mail import queue_mail
from tournaments.models import Event, Player, Registration, sees_every_event
from tournaments.services.errors import Conflict
from tournaments.services.events import is_organizer

PLAYERS_INVITED = "players-invited"
LOGIN_SET = "login-set"


@dataclass
class Invited:
    sent: int = 0
    skipped: list[dict] = field(default_factory=list)
    names: list[str] = field(default_factory=list)


def may_manage_logins(user, event: Event) -> bool:
    return is_organizer(user, event) or sees_every_event(user)


def _players(event: Event, only: list[int] | None):
    regs = Registration.objects.filter(event=event).exclude(status=Registration.Status.WITHDRAWN)
    if only is not None:
        regs = regs.filter(player_id__in=only)
    return [r.player for r in regs.select_related("player__user").order_by("seed", "id")]


@transaction.atomic
def invite_players(event: Event, *, by=None, only: list[int] | None = None) -> Invited:
    """Invite every player of ``event`` (or those of ``only``) who has an e-mail and no login in use."""
    if only is not None:
        unknown = sorted(set(only) - set(Registration.objects.filter(event=event).values_list("player_id", flat=True)))
        if unknown:
            raise ValidationError({"players": f"not players of {event}: {', '.join(map(str, unknown))}"})
    done = Invited()
    for player in _players(event, only):
        reason = _invite(event, Player.objects.select_for_update().get(pk=player.pk), by)
        if reason:
            done.skipped.append({"player": player.pk, "reason": reason})
        else:
            done.sent += 1
            done.names.append(player.name)
    if done.sent:
        log.audit(event, PLAYERS_INVITED, f"Invited {done.sent} player(s) to log in", by=by,
                  after={"players": done.names})  # fmt: skip
    return done


def _invite(event: Event, player: Player, by) -> str:
    """Send ``player`` their invitation; the reason when none is sent."""
    if not player.email:
        return "no e-mail address"
    user = player.user
    if user is not None and user.has_usable_password():
        return "has a login already"
    linked = False
    if user is None:
        existing = invitations.account_with_email(player.email)
        if existing is not None and hasattr(existing, "player"):
            return f"the account with this e-mail plays as {existing.player}"
        user = existing or invitations.new_login(player.email, player.username, player.name)
        linked = existing is not None and existing.has_usable_password()
        player.user = user
        player.save(update_fields=["user"])
    organizer = (by.get_full_name() or by.get_username()) if by else ""
    context = {"player": player.name, "event": event.name, "username": user.get_username(), "linked": linked,
               "organizer": organizer, "link": invitations.invite_url(user)}  # fmt: skip
    queue_mail(player.email, "invitation", context, kind=notifications.INVITATION)
    return ""


@transaction.atomic
def set_login(event: Event, player: Player, *, username: str, password: str, by) -> object:
    """Make or reset ``player``'s login (organizer of ``event``, where the player plays); the login is returned."""
    if not may_manage_logins(by, event):
        raise Conflict({"player": f"only the organizer of {event} sets its players' logins"})
    if not Registration.objects.filter(event=event, player=player).exists():
        raise ValidationError({"player": f"{player} does not play in {event}"})
    User = get_user_model()
    user = player.user or User(email=player.email)
    try:
        User.username_validator(username)
    except ValidationError as exc:
        raise ValidationError({"username": exc.messages}) from None
    if User.objects.filter(username__iexact=username).exclude(pk=user.pk).exists():
        raise ValidationError({"username": f"the username {username!r} is taken"})
    if user.pk and (user.is_staff or user.is_superuser):
        raise ValidationError({"player": f"{player}'s login is a staff account: its owner resets it"})
    validate_password(password, user)
    created = user.pk is None
    user.username = username
    user.set_password(password)
    user.save()
    if created:
        player.user = user
        player.save(update_fields=["user"])
    what = "made" if created else "reset"
    log.audit(event, LOGIN_SET, f"Login {username!r} {what} for {player}", by=by, after={"player": player.name})
    return user
