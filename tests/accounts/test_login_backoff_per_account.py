"""Wrong passwords on one account slow further attempts on it (exponential backoff, logged), never for longer
than a minute, and a successful login clears the count."""

from __future__ import annotations

import logging

import pytest
from django.core.cache import caches
from rest_framework.test import APIClient

from accounts import throttling
from tests.scoring import db

pytestmark = pytest.mark.django_db


def _login(username: str, password: str, address: str = "10.1.1.1"):
    return APIClient().post("/api/auth/token/", {"username": username, "password": password}, REMOTE_ADDR=address)


def test_the_backoff_doubles_from_one_second_and_stops_at_a_minute():
    assert [throttling.delay_after(n) for n in range(4, 14)] == [0, 1, 2, 4, 8, 16, 32, 60, 60, 60]
    assert throttling.MAX_DELAY == 60


def test_after_the_free_failures_the_account_waits_and_a_guess_inside_the_wait_is_not_checked(clock, caplog):
    db.user("anna")
    for i in range(throttling.FREE_FAILURES):
        assert _login("anna", f"wrong{i}", address=f"10.0.0.{i}").status_code == 400  # any address: it is the account
    refused = _login("anna", db.PASSWORD)  # even the right password waits: the wait is what stops guessing
    assert refused.status_code == 429
    assert refused["Retry-After"] == "1"
    assert "rate" in refused.json()["errors"] and "this account" in refused.json()["detail"]
    clock.now += 1.01
    assert _login("anna", "wrong-again").status_code == 400  # the 6th failure: now two seconds
    assert _login("anna", db.PASSWORD).status_code == 429
    clock.now += 2.01
    ok = _login("anna", db.PASSWORD)
    assert ok.status_code == 200 and ok.json()["token"]
    # The success cleared the count: five more free failures.
    assert [_login("anna", "x").status_code for _ in range(throttling.FREE_FAILURES)] == [400] * throttling.FREE_FAILURES
    logged = [r for r in caplog.records if r.name == "accounts.login" and r.levelno == logging.WARNING]
    assert logged and "'anna'" in logged[0].getMessage() and "10.0.0.4" in logged[0].getMessage()


def test_the_owner_never_waits_more_than_a_minute(clock):
    db.user("anna")
    waits = []
    for i in range(14):  # a long attack from many addresses, each guess as soon as the account allows it
        for waited in range(throttling.MAX_DELAY + 2):  # bounded: the wait never exceeds a minute
            if _login("anna", "guess", address=f"10.2.0.{i * 70 + waited % 70}").status_code != 429:
                break
            clock.now += 1
        waits.append(waited)
    assert max(waits) <= throttling.MAX_DELAY and waits[-1] >= 32  # it grew, and stopped growing at a minute
    clock.now += throttling.MAX_DELAY + 0.01
    assert _login("anna", db.PASSWORD).status_code == 200


def test_failures_on_one_account_do_not_slow_another(clock):
    db.user("anna")
    db.user("ben")
    for _ in range(throttling.FREE_FAILURES + 1):
        _login("anna", "wrong")
    assert _login("anna", db.PASSWORD).status_code == 429
    assert _login("ben", db.PASSWORD).status_code == 200


def test_usernames_differing_in_case_share_one_count(clock):
    for i in range(throttling.FREE_FAILURES):
        _login("Anna" if i % 2 else "anna", "wrong")
    assert _login("ANNA", "wrong").status_code == 429


def test_the_count_is_forgotten_after_a_quiet_quarter_hour(clock, monkeypatch):
    db.user("anna")
    for _ in range(throttling.FREE_FAILURES):
        _login("anna", "wrong")
    assert caches["throttle"].get(throttling._account_key("anna"))["failures"] == throttling.FREE_FAILURES
    # The entry lives FORGET_AFTER seconds: the store forgets it by itself (here: as if it had expired).
    caches["throttle"].delete(throttling._account_key("anna"))
    assert _login("anna", db.PASSWORD).status_code == 200


def test_a_store_that_does_not_answer_refuses_with_503_instead_of_a_500(clock, monkeypatch):
    def broken(*args, **kwargs):
        raise ConnectionError("store down")

    monkeypatch.setattr(type(caches["throttle"]), "add", broken)
    response = APIClient(raise_request_exception=False).post("/api/auth/token/", {"username": "a", "password": "b"})
    assert response.status_code == 503
    assert "rate" in response.json()["errors"]
