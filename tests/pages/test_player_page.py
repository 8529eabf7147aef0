"""A player's page shows their colour sequence and their games and byes of the published rounds."""

from __future__ import annotations

from tests.pages.tables import table_with_caption


def test_the_player_page_lists_games_with_colour_opponent_result_and_points(client, spring_open):
    anna = spring_open.players["Anna"]
    response = client.get(f"/events/spring-open/players/{anna.id}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Anna Berger</h1>" in html
    table = table_with_caption(html, "Games and byes of Anna Berger")
    assert table.headers == ["Round", "Colour", "Opponent", "Result", "Termination", "Points"]
    assert table.rows == [["1", "White", "Ben Carter", "1-0", "checkmate", "100"], ["2", "Black", "Elif Fidan", "–", "", ""]]


def test_the_colour_sequence_covers_published_rounds_with_a_dash_for_a_bye(client, spring_open):
    dmitri = spring_open.players["Dmitri"]
    html = client.get(f"/events/spring-open/players/{dmitri.id}/").content.decode()
    assert ">B-</span>" in html
    table = table_with_caption(html, "Games and byes of Dmitri Egorov")
    assert table.rows[1] == ["2", "–", "–", "Requested bye", "", "0"]
    # Anna plays Chloé in the unpublished round 3: not on Chloé's page.
    chloe = spring_open.players["Chloé"]
    html = client.get(f"/events/spring-open/players/{chloe.id}/").content.decode()
    assert ">WB</span>" in html and "Anna Berger" not in table_with_caption(html, "Games and byes").rows.__repr__()


def test_a_player_not_in_the_event_is_not_found(client, spring_open, club_championship):
    greta = club_championship.players["Greta"]
    assert client.get(f"/events/spring-open/players/{greta.id}/").status_code == 404
    assert client.get("/events/spring-open/players/0/").status_code == 404
