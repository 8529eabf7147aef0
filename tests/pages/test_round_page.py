"""A published round's page lists each board with both players' ratings, federations and scores before the round,
the result (or a link to the game while it is played), game points and byes, and the variant in force."""

from __future__ import annotations

import re

from tests.pages.tables import table_with_caption
from tournaments.models import Game

HEADERS = ["Bo.", "White", "Rating", "Pts", "Result", "Pts", "Black", "Rating", "Ending", "Game points"]


def test_the_round_page_lists_each_board_with_scores_before_the_round_result_and_game_points(client, spring_open):
    response = client.get("/events/spring-open/rounds/1/")
    assert response.status_code == 200
    html = response.content.decode()
    pairings = table_with_caption(html, "Pairings and results of round 1")
    assert pairings.headers == HEADERS
    assert pairings.rows == [
        ["1", "Anna Berger AUT", "2150", "0", "1-0", "0", "Ben Carter ENG", "2090", "checkmate", "100 – 0"],
        ["2", "Chloé Dubois FRA", "2045", "0", "½-½", "0", "Dmitri Egorov RUS", "2010", "adjudication", "50 – 50"],
    ]
    assert f'href="/games/{spring_open.games["r1b1"].id}/"' in html  # the board number opens the game page
    byes = table_with_caption(html, "Byes in round 1")
    assert byes.rows == [["Elif Fidan TUR", "1980", "0", "Pairing-allocated bye (odd number)", "50"]]


def test_scores_before_round_2_are_the_points_of_round_1(client, spring_open):
    html = client.get("/events/spring-open/rounds/2/").content.decode()
    pairings = table_with_caption(html, "Pairings and results of round 2")
    # Ben lost round 1 (0), Chloé drew (50); Elif had the 50-point bye, Anna won (100).
    assert [(row[1], row[3], row[5], row[6]) for row in pairings.rows] == [
        ("Ben Carter ENG", "0", "50", "Chloé Dubois FRA"),
        ("Elif Fidan TUR", "50", "100", "Anna Berger AUT"),
    ]
    assert table_with_caption(html, "Byes in round 2").rows[0][:3] == ["Dmitri Egorov RUS", "2010", "50"]


def test_a_reported_result_is_shown_as_reported_not_as_a_result(client, spring_open):
    html = client.get("/events/spring-open/rounds/2/").content.decode()
    pairings = table_with_caption(html, "Pairings and results of round 2")
    assert (pairings.rows[1][4], pairings.rows[1][8:]) == ("reported", ["", ""])
    assert (pairings.rows[0][4], pairings.rows[0][8:]) == ("0-1", ["stalemate", "40 – 60"])


def test_a_game_being_played_shows_a_live_link_to_its_page(client, spring_open):
    game = spring_open.games["r2b2"]
    Game.objects.filter(pk=game.pk).update(result="", result_status="", status=Game.Status.LIVE)
    html = client.get("/events/spring-open/rounds/2/").content.decode()
    assert f'<a class="live" href="/games/{game.id}/" title="Follow the game">live</a>' in html
    # with its verdict if it ended now (issue 29): a game at its start is a draw on material
    assert table_with_caption(html, "Pairings and results of round 2").rows[1][4] == "livenow: ½-½ (50 – 50)"


def test_the_round_page_draws_the_variant_of_its_block_with_the_legend_of_its_pieces(client, spring_open):
    html = client.get("/events/spring-open/rounds/2/").content.decode()
    assert 'id="round-variant"' in html and 'data-files="12" data-ranks="8"' in html
    assert "for rounds 1 and 2 (12x8 board)</title>" in html
    legend = html.split('<section class="piece-legend"', 1)[1].split("</section>", 1)[0]
    # The 1-3-5 array from a to l (Cannon, Horse-Camel, Horse, Bishop, Queen, Man, King), each piece once, then the pawn.
    names = re.findall(r'data-legend-piece="([^"]+)"', legend)
    assert names == ["Cannon", "Horse-Camel", "Horse", "Bishop", "Queen", "Man", "King", "Pawn"]
    assert "captures along Rook lines by leaping over exactly one piece" in legend  # the Cannon's move


def test_a_fixed_variant_round_shows_the_events_start_position(client, club_championship):
    html = client.get("/events/club-championship/rounds/1/").content.decode()
    assert 'data-files="8" data-ranks="8"' in html
    assert "Game points" not in html  # classical scoring: the result says it all


def test_a_round_that_is_paired_but_not_published_is_not_found(client, spring_open):
    assert client.get("/events/spring-open/rounds/3/").status_code == 404
    assert client.get("/events/spring-open/rounds/99/").status_code == 404
    assert client.get("/events/spring-open/rounds/99999999999999999999999/").status_code == 404
