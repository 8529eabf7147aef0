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


def _cell(spring_open, name: object = "Anna", colours: object = "WB") -> tuple[str, str]:
    row = {"rank": 1, "player_id": 1, "name": name, "points": 1.0, "colours": colours}
    rows = list(csv.reader(io.StringIO(standings_csv(spring_open.event, {"tiebreaks": [], "rows": [row]}))))
    return rows[1][2], rows[1][-1]


def test_a_colour_sequence_and_a_negative_number_are_data_and_stay_as_they_are(spring_open):
    assert _cell(spring_open, colours="-WBW") == ("Anna", "-WBW")
    assert _cell(spring_open, colours="--B-") == ("Anna", "--B-")
    assert _cell(spring_open, name="-12.5")[0] == "-12.5"
    assert _cell(spring_open, name="+3")[0] == "+3"
    assert _cell(spring_open, name="-1e3")[0] == "-1e3"


def test_every_formula_a_spreadsheet_would_run_is_neutralised(spring_open):
    formulas = [
        "=1+1",
        "@SUM(A1:A2)",
        '+HYPERLINK("http://x")',
        "-2+3+cmd|' /C calc'!A0",  # DDE behind a leading minus
        "-A1",  # a cell reference
        "-W1",  # W and a digit: a reference, not a colour sequence
        "+-+5",  # not a number
        "\t=1+1",
        "\r=1+1",
    ]
    for formula in formulas:
        assert _cell(spring_open, name=formula)[0] == "'" + formula, formula
    assert _cell(spring_open, colours="-WBW+1")[1] == "'-WBW+1"
