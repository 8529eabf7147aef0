"""The pages of a player's way in (issue 23): ``/events/{slug}/register/`` (with a login made on the way for a
visitor who has none), the link that confirms the registration's e-mail, and the event page's buttons (check in,
request a bye, withdraw), which post to ``/events/{slug}/me/``. A refused form keeps what was typed."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from accounts.invitations import account_with_email
from tournaments.services import check_in as checking
from tournaments.services.errors import Conflict, reasons
from tournaments.services.player_requests import own_registration, request_own_bye, withdraw_self
from tournaments.services.self_registration import closed_because, confirm_email, sign_up
from tournaments.views_public import public_event_or_404


class RegisterForm(forms.Form):
    name = forms.CharField(max_length=200, help_text="As it should appear on the pairings.")
    rating = forms.IntegerField(min_value=0, max_value=4000, required=False)
    federation = forms.RegexField(r"^[A-Za-z]{3}$", required=False, help_text="Three letters, e.g. AUT.")
    fide_id = forms.RegexField(r"^[0-9]{1,12}$", required=False, label="FIDE id")


class NewAccountForm(RegisterForm):
    """A visitor with no login chooses one as they register."""

    email = forms.EmailField(help_text="The registration is confirmed by a link mailed here.")
    username = forms.CharField(max_length=150)
    password = forms.CharField(strip=False, widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}))

    def clean_email(self) -> str:
        email = self.cleaned_data["email"]
        if account_with_email(email) is not None:
            raise forms.ValidationError("An account has this e-mail: log in first, then register.")
        return email

    def clean_username(self) -> str:
        username = self.cleaned_data["username"].strip()
        User = get_user_model()
        User.username_validator(username)
        if User.objects.filter(username__iexact=username).exists():
            raise forms.ValidationError("This username is taken: choose another.")
        return username

    def clean(self):
        data = super().clean()
        if data.get("password") and data.get("username"):
            user = get_user_model()(username=data["username"], email=data.get("email", ""))
            try:
                validate_password(data["password"], user)
            except ValidationError as exc:
                self.add_error("password", exc)
        return data


def _initial(user) -> dict:
    player = getattr(user, "player", None) if user.is_authenticated else None
    if player is None:
        return {}
    return {"name": player.name, "rating": player.rating or None, "federation": player.federation, "fide_id": player.fide_id}


@require_http_methods(["GET", "POST"])
def register(request, slug: str):
    event = public_event_or_404(slug, section=request.GET.get("section"))
    form_class = RegisterForm if request.user.is_authenticated else NewAccountForm
    form = form_class(request.POST or None, initial=_initial(request.user))
    closed, status, entry = closed_because(event), 200, None
    if request.method == "POST" and form.is_valid():
        try:
            entry = _register(request, event, form.cleaned_data)
        except ValidationError as exc:
            status = 409 if isinstance(exc, Conflict) else 400
            for field, reason in reasons(exc):
                form.add_error(field if field in form.fields else None, reason)
    elif request.method == "POST":
        status = 400
    context = {"event": event, "form": form, "closed": closed, "entry": entry}
    return render(request, "tournaments/register.html", context, status=status)


@transaction.atomic
def _register(request, event, data: dict):
    user = request.user
    if not user.is_authenticated:
        user = get_user_model().objects.create_user(data["username"], data["email"], data["password"])
    entry = sign_up(event, user, name=data["name"], rating=data.get("rating") or 0,
                    federation=data.get("federation") or "", fide_id=data.get("fide_id") or "")  # fmt: skip
    if not request.user.is_authenticated:
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    return entry


@require_http_methods(["GET"])
def confirm(request, slug: str, token: str):
    event = public_event_or_404(slug, section=request.GET.get("section"))
    try:
        entry = confirm_email(token)
    except ValidationError as exc:
        context = {"event": event, "error": "; ".join(reason for _, reason in reasons(exc))}
        return render(request, "tournaments/register_confirmed.html", context, status=409 if isinstance(exc, Conflict) else 400)
    return render(request, "tournaments/register_confirmed.html", {"event": event, "entry": entry})


@login_required
@require_POST
def me(request, slug: str):
    """The event page's buttons: ``op`` is check-in, check-out, bye (with ``round``) or withdraw."""
    event = public_event_or_404(slug, section=request.GET.get("section"))
    op = request.POST.get("op", "")
    try:
        player = own_registration(event, request.user).player
        if op == "check-in":
            entry = checking.check_in(event, player)
            messages.success(request, f"You are checked in for round {entry.round_number}.")
        elif op == "check-out":
            messages.success(request, f"Your check-in for round {checking.check_out(event, player)} is taken back.")
        elif op == "bye":
            number = request.POST.get("round", "")
            if not (number.isascii() and number.isdigit() and len(number) < 3):
                raise ValidationError({"round": "choose a round"})
            request_own_bye(event, request.user, int(number))
            messages.success(request, f"You have a bye in round {number}.")
        elif op == "withdraw":
            reg = withdraw_self(event, request.user)
            messages.success(request, f"You withdrew from round {reg.withdrawn_after_round + 1} on.")
        else:
            raise ValidationError({"op": "unknown request"})
    except PermissionDenied:
        raise
    except ValidationError as exc:
        messages.error(request, "; ".join(reason for _, reason in reasons(exc)))
    return redirect(reverse("event-detail", args=[event.slug]) + "#way-in-heading")
