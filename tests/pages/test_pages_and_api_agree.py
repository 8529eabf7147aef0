"""The pages and the JSON API read through the same helpers (tournaments.public), so they show the same things."""

from __future__ import annotations

from tests.pages.tables import table_with_caption
from tournaments.public.variant import event_variant_key
from variants.registry import get_engine, rolled_key


def test_each_published_round_lists_the_same_boards_results_and_points_on_the_page_and_in_the_api(client, spring_open):
    for number in (1, 2):
        api = client.get(f"/api/events/spring-open/rounds/{number}/").json()
        page = table_with_caption(client.get(f"/events/spring-open/rounds/{number}/").content.decode(), f"round {number}")
        assert [row[:3] for row in page.rows] == [[str(g["board"]), g["white"]["name"], g["black"]["name"]] for g in api["games"]]
        shown = [(row[3].replace("½", "1/2"), row[5]) for row in page.rows if row[3] not in ("reported", "disputed")]
        final = [(g["result"], f"{g['white_points']:g}") for g in api["games"] if g["result"]]
        assert shown == final


def test_the_current_variant_is_named_by_its_engine_on_the_page_and_in_the_api(client, spring_open, club_championship):
    for built in (spring_open, club_championship):
        event = built.event
        key = event_variant_key(event)
        api = client.get(f"/api/events/{event.slug}/").json()["current_variant"]
        assert (api["variant"], api["variant_name"]) == (key, get_engine(key).name)
        assert get_engine(key).name in client.get(f"/events/{event.slug}/").content.decode()
    assert event_variant_key(spring_open.event) == rolled_key()  # a rolled policy plays the dice variant
