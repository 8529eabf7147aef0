"""FIDE TRF-16 export: fixed columns, one 001 record per player, round blocks from column 92; classical only."""

from __future__ import annotations


def _records(client) -> list[str]:
    response = client.get("/events/club-championship/export/tournament.trf")
    assert response.status_code == 200
    text = response.content.decode()
    assert text.endswith("\r\n")
    return text.split("\r\n")[:-1]


def _round(line: str, number: int) -> tuple[str, str, str]:
    start = 92 + 10 * (number - 1) - 1  # 1-based column -> index
    return line[start : start + 4], line[start + 5], line[start + 7]


def test_the_header_records_name_the_event_its_players_and_time_control(client, club_championship):
    records = _records(client)
    assert records[0] == "012 Club Championship"
    assert "042 2026/05/01" in records
    assert "062 5" in records and "072 5" in records and "122 90+30" in records
    dates = next(r for r in records if r.startswith("132"))
    assert dates[91:99] == "26/05/01" and dates[101:109] == "26/05/02"
    assert records[-1] == "XXR 3"


def test_player_records_have_start_rank_name_rating_federation_and_points_in_their_columns(client, club_championship):
    players = [r for r in _records(client) if r.startswith("001")]
    assert len(players) == 5
    greta = players[0]
    assert greta[4:8] == "   1"
    assert greta[14:47].rstrip() == "Hansen, Greta"
    assert greta[48:52] == "1920" and greta[53:56] == "DEN"
    assert greta[57:68].strip() == "1001"
    assert greta[80:84] == " 2.0"  # a win and a forfeit win
    kofi = players[4]
    assert kofi[80:84] == " 1.0"  # pairing-allocated bye (1) and a forfeit loss (0)


def test_round_blocks_hold_opponent_colour_and_result_code(client, club_championship):
    greta, hiro, ines, jonas, kofi = [r for r in _records(client) if r.startswith("001")]
    assert _round(greta, 1) == ("   2", "w", "1")
    assert _round(hiro, 1) == ("   1", "b", "0")
    assert _round(ines, 1) == ("   4", "w", "=")
    assert _round(kofi, 1) == ("0000", "-", "U")  # pairing-allocated bye
    assert _round(kofi, 2) == ("   1", "w", "-")  # forfeit loss
    assert _round(greta, 2) == ("   5", "b", "+")  # forfeit win
    assert _round(jonas, 2) == ("0000", "-", "H")  # requested half-point bye
    assert jonas[80:84] == " 1.0"


def test_a_dynamic_scoring_event_has_no_trf_and_says_why(client, spring_open):
    response = client.get("/events/spring-open/export/tournament.trf")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/plain")
    assert "classical scoring" in response.content.decode()
