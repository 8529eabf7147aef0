"""The pages and the JSON API read through the same helpers (tournaments.public), so they show the same things."""

from __future__ import annotations

from tests.pages.tables import table_with_caption
from tournaments.public.variant import event_variant_key
from variants.registry import get_engine, rolled_key


def _name(cell: str) -> str:
    """A name cell without its federation badge."""
    return cell.rsplit(" ", 1)[0]


def test_each_published_round_lists_the_same_boards_results_points_and_scores_on_the_page_and_in_the_api(client, spring_open):
    for number in (1, 2):
        api = client.get(f"/api/events/spring-open/rounds/{number}/").json()
        page = table_with_caption(client.get(f"/events/spring-open/rounds/{number}/").content.decode(), f"round {number}")
        assert [(row[0], _name(row[1]), _name(row[6])) for row in page.rows] == [
            (str(g["board"]), g["white"]["name"], g["black"]["name"]) for g in api["games"]
        ]
        assert [(row[3], row[5]) for row in page.rows] == [
            (f"{g['white']['score_before']:g}", f"{g['black']['score_before']:g}") for g in api["games"]
        ]
        shown = [
            (row[4].replace("½", "1/2"), row[9].split(" – ")[0]) for row in page.rows if row[4] not in ("reported", "disputed")
        ]
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
