"""The way in, end to end with a real SMTP server on localhost (aiosmtpd, EMAIL_URL pointing at it) and Chromium:
the director imports players with e-mails, invites them, publishes round 1; the invitation arrives with a link,
Chromium follows it, chooses a username and password and sees the game on /games/mine/; the round-published mail
names the board and the opponent.

Screenshots (1400 and 390 px) of the invitation page and of the round-published mail's HTML part go where
tests/browser.py says (docs/screenshots/ with DOCS_SCREENSHOTS=1).
"""

from __future__ import annotations

import re

from tests.browser import BROWSER_MARKS, shots_at_two_widths
from tests.smtp import parts
from tests.tournaments.organizer_api_support import client_for, create_event, organizer
from tournaments.models import Event, Player

pytestmark = BROWSER_MARKS
PLAYERS = [
    {"name": "Anna Berger", "rating": 2150, "federation": "AUT", "email": "anna@example.org", "username": "anna"},
    {"name": "Ben Carter", "rating": 2090, "federation": "ENG", "email": "ben@example.org"},
]


def test_an_invited_player_sets_a_password_from_the_mail_and_sees_the_game(
    browser, live_server, transactional_db, smtp, settings
):
    settings.SITE_URL = live_server.url
    director = client_for(organizer())
    slug = create_event(director, name="Winter Open", variant_policy="fixed", variant="chess", scoring="classical")["slug"]
    assert director.post(f"/api/events/{slug}/players/", PLAYERS, format="json").status_code == 201
    assert director.post(f"/api/events/{slug}/invitations/", {}, format="json").json() == {"sent": 2, "skipped": []}
    assert director.post(f"/api/events/{slug}/rounds/").status_code == 201
    assert director.post(f"/api/events/{slug}/rounds/1/publish/").status_code == 200
    smtp.inbox.wait_for(4)
    invitation = next(m for m in smtp.inbox.to("anna@example.org") if "login" in str(m["Subject"]).lower())
    text, html = parts(invitation)
    link = re.search(r"(https?://\S+/accounts/invite/\S+/)", text).group(1)
    assert link.startswith(live_server.url + "/accounts/invite/") and link in html

    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.set_default_timeout(15_000)
    page.goto(link)
    assert page.input_value("#id_username") == "anna"
    shots_at_two_widths(page, "invite")
    page.fill("#id_new_password1", "queen-side-castle-9")
    page.fill("#id_new_password2", "queen-side-castle-9")
    page.get_by_role("button", name="Save and go to my games").click()
    page.wait_for_url(live_server.url + "/games/mine/")
    card = page.locator(".game-card").first
    assert "Anna Berger" in card.inner_text() and "Ben Carter" in card.inner_text()
    assert Player.objects.get(name="Anna Berger").user.check_password("queen-side-castle-9")

    game = Event.objects.get(slug=slug).rounds.get(number=1).games.get()
    published = next(m for m in smtp.inbox.to("anna@example.org") if "round 1" in str(m["Subject"]))
    text, html = parts(published)
    colour = "White" if game.white.name == "Anna Berger" else "Black"
    assert "Board:      1" in text and f"Colour:     {colour}" in text and "Opponent:   Ben Carter (2090)" in text
    assert "Ben Carter" in html and f"/games/{game.pk}/play/" in html
    page.set_content(html)
    shots_at_two_widths(page, "mail-round-published")
