"""A published round's page lists boards, players, results, game points and byes."""

from __future__ import annotations

from tests.pages.tables import table_with_caption


def test_the_round_page_lists_each_board_with_result_and_game_points(client, spring_open):
    response = client.get("/events/spring-open/rounds/1/")
    assert response.status_code == 200
    html = response.content.decode()
    pairings = table_with_caption(html, "Pairings and results of round 1")
    assert pairings.headers == ["Board", "White", "Black", "Result", "Termination", "White points", "Black points"]
    assert pairings.rows == [
        ["1", "Anna Berger", "Ben Carter", "1-0", "checkmate", "100", "0"],
        ["2", "Chloé Dubois", "Dmitri Egorov", "½-½", "adjudication", "50", "50"],
    ]
    assert f'href="/games/{spring_open.games["r1b1"].id}/"' in html  # the board number opens the game page
    byes = table_with_caption(html, "Byes in round 1")
    assert byes.rows == [["Elif Fidan", "Pairing-allocated bye (odd number)", "50"]]


def test_a_reported_result_is_shown_as_reported_not_as_a_result(client, spring_open):
    html = client.get("/events/spring-open/rounds/2/").content.decode()
    pairings = table_with_caption(html, "Pairings and results of round 2")
    assert pairings.rows[1] == ["2", "Elif Fidan", "Anna Berger", "reported", "", "", ""]
    assert pairings.rows[0][3:] == ["0-1", "stalemate", "40", "60"]


def test_a_round_that_is_paired_but_not_published_is_not_found(client, spring_open):
    assert client.get("/events/spring-open/rounds/3/").status_code == 404
    assert client.get("/events/spring-open/rounds/99/").status_code == 404
    assert client.get("/events/spring-open/rounds/99999999999999999999999/").status_code == 404
