"""The way in as people see it, in Chromium: a visitor registers on the event's page (a login made on the way); a
player checks in from the event page; a person chooses the mails they get. Screenshots at 1400 and 390 px of the
register, check-in and notifications pages (tests/browser.py: docs/screenshots/ with DOCS_SCREENSHOTS=1)."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from tests.browser import BROWSER_MARKS, shots_at_two_widths
from tests.tournaments.way_in_support import event_with_logins
from tournaments.models import CheckIn, SignUp

pytestmark = BROWSER_MARKS
PASSWORD = "a-long-passphrase-7"


def test_register_check_in_and_choose_mails(browser, live_server, transactional_db):
    event, director, users = event_with_logins(3)
    body = {"registration": "open", "max_players": 12, "check_in_required": True}
    assert director.patch(f"/api/events/{event.slug}/", body, format="json").status_code == 200
    base = live_server.url
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.set_default_timeout(15_000)

    page.goto(f"{base}/events/{event.slug}/")
    page.get_by_role("link", name="Register").click()
    page.wait_for_url(f"**/events/{event.slug}/register/")
    shots_at_two_widths(page, "register")
    page.fill("#id_name", "Vera Lind")
    page.fill("#id_rating", "1700")
    page.fill("#id_federation", "SWE")
    page.fill("#id_email", "vera@example.org")
    page.fill("#id_username", "vera")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Register").click()
    assert "we mailed a link" in page.inner_text("main")
    assert SignUp.objects.get(user__username="vera").status == SignUp.Status.PENDING

    player = users[0]
    player.set_password(PASSWORD)
    player.save()
    page.context.clear_cookies()
    page.goto(f"{base}/accounts/login/?next=/events/{event.slug}/")
    page.fill("#id_username", player.username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**/events/{event.slug}/")
    shots_at_two_widths(page, "check-in")
    page.get_by_role("button", name="Check in").click()
    assert "You are checked in for round 1." in page.inner_text("main")
    assert CheckIn.objects.filter(registration__player__user=player, round_number=1).exists()

    page.goto(f"{base}/accounts/notifications/")
    page.get_by_label("A round is published").uncheck()
    page.get_by_role("button", name="Save").click()
    assert "Saved." in page.inner_text("main")
    shots_at_two_widths(page, "notifications")
    assert get_user_model().objects.get(pk=player.pk).profile.muted == ["round-published"]
