"""The standings CSV has the snapshot's rows with a column per tiebreak."""

from __future__ import annotations

import csv
import io

from tournaments.exports import standings_csv


def test_the_csv_has_a_header_with_each_tiebreak_and_a_row_per_player_in_rank_order(client, spring_open):
    response = client.get("/events/spring-open/export/standings.csv")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == [
        "Rank",
        "Player ID",
        "Name",
        "Rating",
        "Federation",
        "Points",
        "Games",
        "Wins",
        "BH-C1",
        "BH",
        "SB",
        "Performance",
        "Colours",
    ]
    chloe = spring_open.players["Chloé"]
    assert rows[1] == ["1", str(chloe.id), "Chloé Dubois", "2045", "FRA", "110", "2", "1", "40", "90", "2400", "2086", "WB"]
    assert [r[2] for r in rows[1:]] == ["Chloé Dubois", "Anna Berger", "Elif Fidan", "Dmitri Egorov", "Ben Carter"]


def test_a_name_that_a_spreadsheet_would_run_as_a_formula_is_quoted(spring_open):
    data = {"tiebreaks": [], "rows": [{"rank": 1, "player_id": 1, "name": "=HYPERLINK(1)", "points": 1.0}]}
    rows = list(csv.reader(io.StringIO(standings_csv(spring_open.event, data))))
    assert rows[1][2] == "'=HYPERLINK(1)"


def test_without_standings_the_csv_is_just_the_header(club_championship):
    rows = list(csv.reader(io.StringIO(standings_csv(club_championship.event, None))))
    assert rows == [["Rank", "Player ID", "Name", "Rating", "Federation", "Points", "Games", "Wins", "Performance", "Colours"]]
