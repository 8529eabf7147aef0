"""The director's "Logins" page of an event (issue 23): who can log in, invitations by e-mail, and a login made or
reset by the organizer for a player of their own event (tournaments.services.logins)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponseRedirect
from django.urls import reverse

from tournaments import models
from tournaments.admin.director import event_for, render
from tournaments.admin.scoped import error_text
from tournaments.services.errors import reasons
from tournaments.services.logins import invite_players, may_manage_logins, set_login


class LoginForm(forms.Form):
    player = forms.TypedChoiceField(coerce=int, label="Player")
    username = forms.CharField(max_length=150, widget=forms.TextInput(attrs={"autocomplete": "off"}))
    password = forms.CharField(max_length=128, strip=False, widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
                               help_text="Tell it to the player in person; they can change it at once.")  # fmt: skip

    def __init__(self, *args, players: list[tuple[int, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = players


def _rows(event: models.Event) -> list[dict]:
    regs = event.registrations.select_related("player__user").order_by("seed", "id")
    rows = []
    for reg in regs:
        user = reg.player.user
        login = "none" if user is None else (user.get_username() if user.has_usable_password() else "invited, not yet taken up")
        rows.append({"reg": reg, "player": reg.player, "login": login, "has_login": bool(user and user.has_usable_password())})
    return rows


def logins_view(model_admin, request, pk: int):
    """The players' logins: invite everyone with an e-mail and no login; make or reset one login by hand."""
    event = event_for(model_admin, request, pk, organizer=True)
    if not may_manage_logins(request.user, event):
        raise PermissionDenied
    rows = _rows(event)
    players = [(row["player"].pk, row["player"].name) for row in rows]
    form = LoginForm(request.POST if request.POST.get("op") == "login" else None, players=players, prefix="login")
    if request.method == "POST" and request.POST.get("op") == "invite":
        done = invite_players(event, by=request.user)
        messages.success(request, f"Invitations sent: {done.sent}. Skipped: {len(done.skipped)}.")
        return HttpResponseRedirect(reverse("admin:tournaments_event_logins", args=[event.pk]))
    if form.is_bound and form.is_valid():
        player = models.Player.objects.get(pk=form.cleaned_data["player"])
        try:
            user = set_login(event, player, username=form.cleaned_data["username"], password=form.cleaned_data["password"],
                             by=request.user)  # fmt: skip
        except ValidationError as exc:
            for field, reason in reasons(exc):
                form.add_error(field if field in form.fields else None, reason)
            messages.error(request, f"Nothing changed: {error_text(exc)}")
        else:
            messages.success(request, f"{player} logs in as {user.get_username()}.")
            return HttpResponseRedirect(reverse("admin:tournaments_event_logins", args=[event.pk]))
    waiting = sum(1 for row in rows if row["player"].email and not row["has_login"])
    return render(model_admin, request, "admin/tournaments/event/logins.html", event, f"Logins: {event}", page="logins",
                  rows=rows, form=form, waiting=waiting)  # fmt: skip
