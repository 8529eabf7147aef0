"""The public event page says which pairing system the event uses: the FIDE Dutch system for a Swiss in one fixed
variant, the seed's colour schedule for Random Variant Chess. In Chromium at 1400 and 390 px (screenshots
event-dutch-*; with ``DOCS_SCREENSHOTS=1`` into docs/screenshots/), without sideways scrolling on a phone."""

from __future__ import annotations

import pytest

from scoring import CLASSICAL
from tests.browser import BROWSER_MARKS
from tests.pages.test_demo_pages_in_chromium import _shoot
from tournaments.models import Event
from tournaments.services.simulation import simulate
from tournaments.tasks.standings import one_snapshot_per_event
from variants import policies
from variants.registry import fixed_keys


def _public(event: Event) -> Event:
    Event.objects.filter(pk=event.pk).update(is_public=True, status=Event.Status.RUNNING)
    return event


def _dutch_event() -> Event:
    return _public(simulate(format="swiss", players=9, rounds=5, seed=18, draw=policies.FIXED_DRAW,
                            variant_key=fixed_keys()[0], scoring=CLASSICAL.key, play_last=False,
                     standings_batch=one_snapshot_per_event).event)  # fmt: skip


def _facts(html: str) -> str:
    return " ".join(html.split())


@pytest.mark.django_db
def test_the_event_page_names_the_dutch_system_or_the_seed_schedule(client):
    dutch = _dutch_event()
    rvc = _public(simulate(format="swiss", players=6, rounds=2, seed=18, standings_batch=one_snapshot_per_event).event)
    page = _facts(client.get(f"/events/{dutch.slug}/").content.decode())
    assert "<dt>Pairing</dt><dd>FIDE Dutch system (C.04.3)</dd>" in page
    page = _facts(client.get(f"/events/{rvc.slug}/").content.decode())
    assert "<dt>Pairing</dt><dd>Swiss with the seed's colour schedule (Random Variant Chess)</dd>" in page.replace("&#x27;", "'")


@pytest.mark.django_db
def test_a_fixed_variant_is_in_force_for_the_whole_event_not_from_a_block(client):
    event = _dutch_event()
    page = _facts(client.get(f"/events/{event.slug}/").content.decode())
    assert "in force from round" not in page and ", for the whole event." in page
    assert client.get(f"/api/events/{event.slug}/").json()["current_variant"]["round"] is None


@BROWSER_MARKS[0]
@BROWSER_MARKS[1]
def test_the_dutch_event_page_in_chromium_fits_a_phone(browser, live_server, transactional_db):
    event = _dutch_event()
    assert _shoot(browser, live_server, f"/events/{event.slug}/", "event-dutch") == []
