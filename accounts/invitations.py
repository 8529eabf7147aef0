"""Logins made for invited players, and their one-time links (Django's password-reset token: signed, valid for
PASSWORD_RESET_TIMEOUT, spent when the password is set, since the token signs the password it replaces)."""

from __future__ import annotations

import re

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.text import slugify


def invite_url(user) -> str:
    """The absolute one-time link where ``user`` chooses username and password (``/accounts/invite/...``)."""
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    return settings.SITE_URL + reverse("invite", args=[uid, default_token_generator.make_token(user)])


def free_username(wanted: str, name: str) -> str:
    """``wanted`` if no login has it, else one made from the name (``anna.berger``, ``anna.berger2``, ...)."""
    users = get_user_model().objects
    if wanted and not users.filter(username__iexact=wanted).exists():
        return wanted
    base = re.sub(r"[^\w.@+-]", "", slugify(name).replace("-", "."))[:140] or "player"
    candidate, n = base, 2
    while users.filter(username__iexact=candidate).exists():
        candidate, n = f"{base}{n}", n + 1
    return candidate


def new_login(email: str, wanted: str, name: str):
    """A login with no password yet (nobody can log in with it before the invitation is taken up)."""
    user = get_user_model()(username=free_username(wanted, name), email=email)
    user.set_unusable_password()
    user.save()
    return user


def account_with_email(email: str):
    """The one active login with this address (case-insensitive), or None (none, or several: ambiguous)."""
    found = list(get_user_model().objects.filter(email__iexact=email, is_active=True)[:2]) if email else []
    return found[0] if len(found) == 1 else None
