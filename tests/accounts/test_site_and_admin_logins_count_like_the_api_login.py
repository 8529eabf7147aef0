"""The site's login form (/accounts/login/) and the admin's (/admin/login/) are held to the API login's limits
(accounts.forms): the backoff per account after wrong passwords, and the ``login`` rate per client address, counted
in the same shared store; a refusal is a form error that keeps the username, and the password is not checked."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from accounts import throttling
from tests.scoring import db

pytestmark = pytest.mark.django_db
PAGES = ["/accounts/login/", "/admin/login/"]


def _form_login(page: str, username: str, password: str, address: str = "10.2.2.2"):
    return Client().post(page, {"username": username, "password": password}, REMOTE_ADDR=address)


@pytest.mark.parametrize("page", PAGES)
def test_wrong_passwords_make_the_account_wait_even_for_the_right_one(clock, page):
    user = db.user("anna")
    user.is_staff = True  # the admin's form takes staff only
    user.save()
    for i in range(throttling.FREE_FAILURES):
        answer = _form_login(page, "anna", f"wrong{i}", address=f"10.0.0.{i}")
        assert answer.status_code == 200 and "Too many" not in answer.content.decode()
    refused = _form_login(page, "anna", db.PASSWORD)
    assert refused.status_code == 200  # the form again, with the reason and the username kept
    page_text = refused.content.decode()
    assert "Too many login attempts: try again in 1 s." in page_text and 'value="anna"' in page_text
    assert "_auth_user_id" not in refused.wsgi_request.session
    clock.now += 1.01
    accepted = _form_login(page, "anna", db.PASSWORD)
    assert accepted.status_code == 302  # logged in: the wait is over and the count starts again


def test_the_forms_and_the_api_share_one_count_per_account(clock):
    db.user("anna")
    for i in range(throttling.FREE_FAILURES):
        _form_login(PAGES[i % 2], "anna", f"wrong{i}")
    assert APIClient().post("/api/auth/token/", {"username": "anna", "password": db.PASSWORD}).status_code == 429


@pytest.mark.parametrize("page", PAGES)
def test_the_login_rate_per_address_holds_on_the_forms(clock, monkeypatch, page):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"login": "2/min"})
    texts = [_form_login(page, f"someone{i}", "guess").content.decode() for i in range(3)]
    assert ["Too many login attempts" in text for text in texts] == [False, False, True]
