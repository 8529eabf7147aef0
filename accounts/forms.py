"""The login forms of the site (/accounts/login/) and the admin (/admin/login/), under the API login's limits.

Both forms check a password, so both count like ``POST /api/auth/token/`` (:mod:`accounts.throttling`): the
``login`` rate per client address and the backoff per account, in the store every process shares. A refusal is a
form error that keeps the username typed; the password is not checked while a wait runs.
"""

from __future__ import annotations

import math

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from rest_framework.exceptions import APIException, Throttled

from accounts.throttling import address_wait, forgive, record_failure, reserve_attempt


def _refusal(exc: APIException) -> forms.ValidationError:
    if isinstance(exc, Throttled) and exc.wait is not None:
        seconds = max(1, math.ceil(exc.wait))  # as the API's Retry-After says it
        return forms.ValidationError(f"Too many login attempts: try again in {seconds} s.", code="throttled")
    return forms.ValidationError(str(exc.detail), code="unavailable")


class ThrottledLogin:
    """A mixin for Django's AuthenticationForm: the limits are checked before the password is."""

    request = None

    def clean(self):
        username = self.cleaned_data.get("username")
        if not username or not self.cleaned_data.get("password"):
            return super().clean()
        address = self.request.META.get("REMOTE_ADDR", "") if self.request is not None else ""
        try:
            wait = address_wait(self.request) if self.request is not None else None
            if wait is not None:
                raise Throttled(wait=wait)
            failures = reserve_attempt(username)
        except APIException as exc:
            raise _refusal(exc) from None
        try:
            cleaned = super().clean()
        except forms.ValidationError:
            record_failure(username, failures, address)
            raise
        forgive(username)
        return cleaned


class SiteLoginForm(ThrottledLogin, AuthenticationForm):
    """The site's login form (``/accounts/login/``)."""


class AdminLoginForm(ThrottledLogin, AdminAuthenticationForm):
    """The admin's login form (``/admin/login/``)."""
