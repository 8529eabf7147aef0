"""The crosstable shows, per player and published round, the opponent's rank, the colour and the points."""

from __future__ import annotations

from tests.pages.tables import table_with_caption


def test_the_crosstable_has_a_column_per_published_round_and_names_opponents_by_rank(client, spring_open):
    response = client.get("/events/spring-open/crosstable/")
    assert response.status_code == 200
    table = table_with_caption(response.content.decode(), "Crosstable of Spring Open")
    assert table.headers == ["Rank", "Player", "Round 1", "Round 2", "Points"]
    rows = {row[1]: row for row in table.rows}
    # Anna (rank 2) beat Ben (rank 5) with White in round 1; round 2 is reported only, so empty.
    assert rows["Anna Berger"] == ["2", "Anna Berger", "5w 100", "", "100"]
    assert rows["Chloé Dubois"] == ["1", "Chloé Dubois", "4w 50", "5b 60", "110"]
    assert rows["Dmitri Egorov"][3] == "bye 0"


def test_cells_of_unpublished_rounds_are_left_out(client, spring_open):
    html = client.get("/events/spring-open/crosstable/").content.decode()
    rows = {row[1]: row for row in table_with_caption(html, "Crosstable").rows}
    assert rows["Elif Fidan"] == ["3", "Elif Fidan", "bye 50", "", "50"]
    assert "Round 3" not in html
