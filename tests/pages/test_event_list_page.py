"""The front page lists the public events with links to their pages."""

from __future__ import annotations

from tests.pages.tables import table_with_caption


def test_the_event_list_links_every_public_event_and_hides_private_ones(client, spring_open, club_championship):
    club_championship.event.is_public = False
    club_championship.event.save()
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    table = table_with_caption(html, "Running events")
    assert table.headers == ["Event", "Variant", "Format", "Starts"]
    assert table.rows == [["Spring Open", "Random Variant Chess, one roll", "Swiss, 4 rounds", "2026-04-04"]]
    assert 'href="/events/spring-open/"' in html


def test_a_private_event_has_no_public_page(client, club_championship):
    club_championship.event.is_public = False
    club_championship.event.save()
    assert client.get("/events/club-championship/").status_code == 404
    assert client.get("/events/club-championship/standings/").status_code == 404


def test_the_event_list_is_also_at_slash_events(client, spring_open):
    response = client.get("/events/")
    assert response.status_code == 200
    assert 'href="/events/spring-open/"' in response.content.decode()
