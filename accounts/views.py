"""The pages of a person's login: the invitation (choose a username and password), the password reset by e-mail
(Django's views, our templates, the mail sent through the outbox) and the choice of mails.

An invitation link is Django's password-reset token of the account made for the player (accounts.invitations):
signed, valid for PASSWORD_RESET_TIMEOUT (7 days), and spent once the password is set, since the token signs the
password it replaces.
"""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordResetForm, SetPasswordForm
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.views.decorators.http import require_http_methods

from accounts import notifications
from accounts.models import new_calendar_key
from outbox.mail import queue_mail


class OutboxPasswordResetForm(PasswordResetForm):
    """Django's reset form; the mail (plain text and HTML) goes through the outbox like every mail."""

    def send_mail(self, subject_template_name, email_template_name, context, from_email, to_email, html_email_template_name=None):
        context = {key: value for key, value in context.items() if key != "user"} | {"username": context["user"].get_username()}
        queue_mail(to_email, "password_reset", context, kind=notifications.PASSWORD_RESET)


class PasswordResetView(auth_views.PasswordResetView):
    form_class = OutboxPasswordResetForm


class InviteForm(SetPasswordForm):
    """Choose the username (the organizer's suggestion is filled in) and a password."""

    username = forms.CharField(max_length=150, help_text="Letters, digits and @ . + - _ only.")
    field_order = ["username", "new_password1", "new_password2"]

    def __init__(self, user, *args, **kwargs):
        super().__init__(user, *args, **kwargs)
        self.fields["username"].initial = user.get_username()

    def clean_username(self) -> str:
        username = self.cleaned_data["username"].strip()
        User = get_user_model()
        User.username_validator(username)
        if User.objects.filter(username__iexact=username).exclude(pk=self.user.pk).exists():
            raise forms.ValidationError("This username is taken: choose another.")
        return username

    def save(self, commit: bool = True):
        self.user.username = self.cleaned_data["username"]
        profile = notifications.profile_of(self.user)
        profile.confirmed_email = self.user.email  # the link reached this address
        profile.save(update_fields=["confirmed_email"])
        return super().save(commit)


class InviteView(auth_views.PasswordResetConfirmView):
    """``/accounts/invite/<uidb64>/<token>/``: the invited player sets username and password and is logged in."""

    form_class = InviteForm
    template_name = "accounts/invite.html"
    title = "Choose your login"
    post_reset_login = True
    post_reset_login_backend = "django.contrib.auth.backends.ModelBackend"
    success_url = reverse_lazy("my-games")

    def render_to_response(self, context, **kwargs):
        if not context.get("validlink"):
            kwargs["status"] = 400  # a link that is spent, expired or mistyped
        return super().render_to_response(context, **kwargs)


@login_required
@require_http_methods(["GET", "POST"])
def notification_settings(request):
    """The mails a person gets: the optional ones can be turned off; the essential ones are listed as such."""
    profile = notifications.profile_of(request.user)
    if request.method == "POST" and request.POST.get("op") == "new-calendar":
        profile.calendar_key = new_calendar_key()  # the old address stops working at once
        profile.save(update_fields=["calendar_key"])
        return redirect(f"{request.path}?saved=calendar")
    if request.method == "POST":
        wanted = set(request.POST.getlist("kinds"))
        notifications.set_muted(request.user, [kind for kind in notifications.OPTIONAL if kind not in wanted])
        return redirect(f"{request.path}?saved=1")
    choices = [{"kind": kind, "label": label, "on": kind not in profile.muted} for kind, label in notifications.OPTIONAL.items()]
    context = {"choices": choices, "saved": request.GET.get("saved", ""), "email": request.user.email,
               "calendar": settings.SITE_URL + reverse("calendar-feed", args=[profile.calendar_key])}  # fmt: skip
    return render(request, "accounts/notifications.html", context)
