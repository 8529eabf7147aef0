"""A player's page: the round-by-round table (opponent with rating and federation, colour, result, points,
ending), the colour sequence of finished games, the performance rating, and in a rated classical event the
FIDE rating change of each game."""

from __future__ import annotations

import pytest

from tests.pages.tables import table_with_caption
from tournaments.public.rating import rating_change

HEADERS = ["Round", "Opponent", "Colour", "Result", "Points", "Opp. rating", "Ending"]


def test_the_player_page_lists_games_with_opponent_colour_result_and_points(client, spring_open):
    anna = spring_open.players["Anna"]
    response = client.get(f"/events/spring-open/players/{anna.id}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Anna Berger</h1>" in html
    table = table_with_caption(html, "Games and byes of Anna Berger")
    assert table.headers == HEADERS  # dynamic scoring: no rating change
    assert table.rows == [
        ["1", "Ben Carter ENG", "White", "win 1-0", "100", "2090", "checkmate"],
        ["2", "Elif Fidan TUR", "Black", "–", "", "1980", ""],  # reported, not final
    ]
    assert "<dt>Performance</dt><dd>2890</dd>" in html  # from the standings: 2090 + dp(1.00)


def test_the_colour_sequence_counts_finished_games_with_a_dash_for_a_bye(client, spring_open):
    dmitri = spring_open.players["Dmitri"]
    html = client.get(f"/events/spring-open/players/{dmitri.id}/").content.decode()
    assert ">B-</span>" in html
    table = table_with_caption(html, "Games and byes of Dmitri Egorov")
    assert table.rows[1] == ["2", "–", "–", "Requested bye", "0", "", ""]
    # Anna's round 2 game is reported, not final: it has no colour yet.
    anna = spring_open.players["Anna"]
    assert ">W</span>" in client.get(f"/events/spring-open/players/{anna.id}/").content.decode()
    # Anna plays Chloé in the unpublished round 3: not on Chloé's page.
    chloe = spring_open.players["Chloé"]
    html = client.get(f"/events/spring-open/players/{chloe.id}/").content.decode()
    assert ">WB</span>" in html and "Anna Berger" not in table_with_caption(html, "Games and byes").rows.__repr__()


def test_a_rated_classical_event_shows_the_rating_change_of_each_game_and_in_total(client, club_championship):
    greta, hiro = club_championship.players["Greta"], club_championship.players["Hiro"]
    html = client.get(f"/events/club-championship/players/{greta.id}/").content.decode()
    table = table_with_caption(html, "Games and byes of Greta Hansen")
    assert table.headers == [*HEADERS, "Rating ±"]
    win = rating_change(1920, 1890, 1.0)
    assert win == pytest.approx(20 * (1 - 0.54))  # K 20, a 30-point difference expects 0.54 (FIDE B.02 table 8.1.2)
    assert table.rows[0] == ["1", "Hiro Ito JPN", "White", "win 1-0", "1", "1890", "checkmate", f"{win:+.1f}"]
    assert table.rows[1][-1] == ""  # a forfeit win is not rated
    assert f"<dt>Rating change</dt><dd>{win:+.1f} " in html
    html = client.get(f"/events/club-championship/players/{hiro.id}/").content.decode()
    lost = table_with_caption(html, "Games and byes of Hiro Ito").rows[0]
    assert (lost[3], lost[-1]) == ("loss 1-0", f"{rating_change(1890, 1920, 0.0):+.1f}")  # the result is Hiro's


def test_a_player_not_in_the_event_is_not_found(client, spring_open, club_championship):
    greta = club_championship.players["Greta"]
    assert client.get(f"/events/spring-open/players/{greta.id}/").status_code == 404
    assert client.get("/events/spring-open/players/0/").status_code == 404
