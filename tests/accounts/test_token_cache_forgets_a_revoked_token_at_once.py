"""The token check's shared cache: a cached token is not looked up in the database again, and the moment a token
is revoked (the API, manage.py revoke_tokens, the admin, with its account) or its account changes, the very next
request is refused or checked again.

The shared alias is a local-memory cache here (Redis in production, see the Redis test beside this one); with the
default database cache nothing is cached and the database answers every check.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts import token_cache
from accounts.authentication import TokenAuthentication
from tests.scoring import db

pytestmark = pytest.mark.django_db
ME = "/api/me/games/"


@pytest.fixture
def shared(settings):
    settings.CACHES = {
        **settings.CACHES,
        token_cache.CACHE_ALIAS: {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "token-cache-test"},
    }
    cache = token_cache.shared_cache()
    cache.clear()
    yield cache
    cache.clear()


def client_with(token: Token) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def token_reads(queries: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if Token._meta.db_table in q["sql"]]


def warm(token: Token) -> APIClient:
    """A client whose token has been checked once (and is now cached)."""
    client = client_with(token)
    assert client.get(ME).status_code == 200
    assert isinstance(token_cache.shared_cache().get(token_cache.cache_key(token.key)), tuple)
    return client


def test_a_cached_token_is_not_looked_up_again(shared):
    token = Token.objects.create(user=db.user("anna"))
    client = client_with(token)
    with CaptureQueriesContext(connection) as first:
        assert client.get(ME).status_code == 200
    with CaptureQueriesContext(connection) as second:
        assert client.get(ME).status_code == 200
    assert token_reads(first) and not token_reads(second)


def test_revoking_through_the_api_refuses_the_next_request(shared):
    client = warm(Token.objects.create(user=db.user("anna")))
    assert client.post("/api/auth/token/revoke/").status_code == 204
    response = client.get(ME)
    assert response.status_code == 401 and "token" in response.json()["errors"]


def test_the_revoke_command_refuses_the_next_request(shared):
    anna, ben = Token.objects.create(user=db.user("anna")), Token.objects.create(user=db.user("ben"))
    clients = warm(anna), warm(ben)
    call_command("revoke_tokens", "--user", "anna")
    assert [c.get(ME).status_code for c in clients] == [401, 200]
    call_command("revoke_tokens", "--all")
    assert clients[1].get(ME).status_code == 401


def test_deleting_a_token_in_the_admin_refuses_the_next_request(shared):
    token = Token.objects.create(user=db.user("anna"))
    client = warm(token)
    admin = APIClient()
    admin.force_login(db.user("root", is_staff=True, is_superuser=True))
    response = admin.post(f"/admin/authtoken/tokenproxy/{token.user_id}/delete/", {"post": "yes"})
    assert response.status_code == 302 and not Token.objects.filter(key=token.key).exists()
    assert client.get(ME).status_code == 401


def test_a_deactivated_or_deleted_account_is_refused_at_once(shared):
    anna, ben = db.user("anna"), db.user("ben")
    anna_client, ben_client = warm(Token.objects.create(user=anna)), warm(Token.objects.create(user=ben))
    anna.is_active = False
    anna.save()
    assert anna_client.get(ME).status_code == 401
    ben.delete()
    assert ben_client.get(ME).status_code == 401


def test_a_changed_account_is_read_again(shared):
    anna = db.user("anna")
    token = Token.objects.create(user=anna)
    warm(token)
    get_user_model().objects.filter(pk=anna.pk).update(first_name="Anna")  # bypasses the signals: still cached
    anna.refresh_from_db()
    anna.is_staff = True
    anna.save()
    user, _ = TokenAuthentication().authenticate_credentials(token.key)
    assert user.is_staff and user.first_name == "Anna"


def test_the_cached_account_is_the_orm_account_without_its_password_hash(shared):
    anna = db.user("anna", email="anna@example.org")
    token = Token.objects.create(user=anna)
    warm(token)
    entry = shared.get(token_cache.cache_key(token.key))
    assert token.key not in repr(entry) and anna.password not in repr(entry)
    with CaptureQueriesContext(connection) as queries:
        user, _ = TokenAuthentication().authenticate_credentials(token.key)
    assert not queries.captured_queries
    expected = get_user_model().objects.get(pk=anna.pk)
    fields = [f.attname for f in type(expected)._meta.concrete_fields]
    assert {f: getattr(user, f) for f in fields} == {f: getattr(expected, f) for f in fields}  # the hash loads on use


def test_a_check_that_read_the_token_before_its_revocation_does_not_cache_it_after(shared):
    token = Token.objects.create(user=db.user("anna"))
    key, user = token.key, token.user  # what a request read just before the revocation
    token.delete()  # meanwhile: the revocation clears the entry
    token_cache.remember(key, user)  # the late request's write comes after it
    assert token_cache.cached_user(key) is None
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.get(ME).status_code == 401


def test_a_cache_that_does_not_answer_leaves_the_check_to_the_database(shared, monkeypatch):
    token = Token.objects.create(user=db.user("anna"))

    def down(*args, **kwargs):
        raise ConnectionError("the cache is down")

    monkeypatch.setattr(shared, "get", down)
    monkeypatch.setattr(shared, "add", down)
    assert client_with(token).get(ME).status_code == 200


def test_without_a_shared_cache_the_database_answers_every_check():
    assert token_cache.shared_cache() is None  # the tests' settings: the database cache
    token = Token.objects.create(user=db.user("anna"))
    client = client_with(token)
    client.get(ME)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(ME).status_code == 200
    assert token_reads(queries)
    token.delete()
    assert client.get(ME).status_code == 401
