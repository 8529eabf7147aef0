"""manage.py revoke_tokens: the named accounts' tokens (or everyone's) stop working; a typo revokes nothing."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.scoring import db

pytestmark = pytest.mark.django_db


def _works(token: Token) -> bool:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client.get("/api/me/games/").status_code == 200


def test_the_named_accounts_must_log_in_again_and_the_others_keep_working():
    anna, ben, cleo = (Token.objects.create(user=db.user(n)) for n in ("anna", "ben", "cleo"))
    call_command("revoke_tokens", "--user", "anna", "--user", "ben")
    assert [_works(t) for t in (anna, ben, cleo)] == [False, False, True]


def test_all_revokes_every_token():
    tokens = [Token.objects.create(user=db.user(n)) for n in ("anna", "ben")]
    call_command("revoke_tokens", "--all")
    assert not any(_works(t) for t in tokens) and not Token.objects.exists()


def test_an_unknown_account_revokes_nothing():
    token = Token.objects.create(user=db.user("anna"))
    with pytest.raises(CommandError, match="no such account: anan"):
        call_command("revoke_tokens", "--user", "anna", "--user", "anan")
    assert _works(token)


def test_it_needs_to_be_told_whom():
    with pytest.raises(CommandError):
        call_command("revoke_tokens")
