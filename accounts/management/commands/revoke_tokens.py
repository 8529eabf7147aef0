"""Revoke API tokens: of named accounts, or of everyone (after a leak). Their clients must log in again."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from rest_framework.authtoken.models import Token


class Command(BaseCommand):
    help = "Delete the API tokens of the named accounts (--user, repeatable) or of every account (--all)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--user", action="append", default=[], metavar="USERNAME", help="an account whose token goes")
        parser.add_argument("--all", action="store_true", help="every account's token (every API client logs in again)")

    @transaction.atomic
    def handle(self, *args, **options) -> None:
        user, everyone = options["user"], options["all"]
        if everyone == bool(user):
            raise CommandError("name accounts with --user USERNAME, or give --all (not both)")
        tokens = Token.objects.all()
        if user:
            found = set(get_user_model().objects.filter(username__in=user).values_list("username", flat=True))
            missing = sorted(set(user) - found)
            if missing:
                raise CommandError(f"no such account: {', '.join(missing)} (nothing was revoked)")
            tokens = tokens.filter(user__username__in=user)
        count, _ = tokens.delete()
        self.stdout.write(f"revoked {count} token(s)")
