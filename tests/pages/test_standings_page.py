"""The standings page renders the published snapshot: rank, the places moved in the last round, points, each
tiebreak column, the performance rating and the colours; ``?after=N`` shows the standings after round N."""

from __future__ import annotations

from tests.pages.tables import table_with_caption
from tournaments.models import StandingsSnapshot


def test_the_standings_table_has_a_column_per_tiebreak_and_a_row_per_player_in_rank_order(client, spring_open):
    response = client.get("/events/spring-open/standings/")
    assert response.status_code == 200
    html = response.content.decode()
    table = table_with_caption(html, "Standings of Spring Open")
    assert table.headers == ["Rank", "Player", "±", "Rating", "Fed", "Points", "Games", "BH-C1", "BH", "SB", "Perf", "Colours"]
    first = table.rows[0]
    assert first[:2] + first[3:] == ["1", "Chloé Dubois", "2045", "FRA", "110", "2", "40", "90", "2400", "2086", "WB"]
    assert table.row_headers == ["Chloé Dubois", "Anna Berger", "Elif Fidan", "Dmitri Egorov", "Ben Carter"]
    assert '<abbr title="Buchholz cut-1 (lowest contribution dropped)">BH-C1</abbr>' in html


def test_the_page_follows_the_snapshot_when_it_is_replaced(client, spring_open):
    snapshot = StandingsSnapshot.objects.get(event=spring_open.event)
    data = snapshot.data
    data["rows"][0]["points"] = 160.5
    snapshot.data = data
    snapshot.save()
    table = table_with_caption(client.get("/events/spring-open/standings/").content.decode(), "Standings")
    assert table.rows[0][5] == "160.5"


def test_without_a_snapshot_the_page_still_answers(client, club_championship):
    response = client.get("/events/club-championship/standings/")
    assert response.status_code == 200
    html = response.content.decode()
    try:
        from tournaments.standings import event_standings  # noqa: F401
    except ImportError:
        assert "No standings yet" in html
    else:  # computed on the fly from the results
        assert "Greta Hansen" in table_with_caption(html, "Standings").row_headers


def test_names_in_the_snapshot_are_escaped_not_run_as_markup(client, spring_open):
    snapshot = StandingsSnapshot.objects.get(event=spring_open.event)
    data = snapshot.data
    data["rows"][0]["name"] = "<script>alert(1)</script>"
    snapshot.data = data
    snapshot.save()
    for path in ("standings", "crosstable"):
        html = client.get(f"/events/spring-open/{path}/").content.decode()
        assert "<script>alert(1)</script>" not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_a_replaced_snapshot_is_shown_at_once_even_though_rendered_tables_are_cached(client, spring_open):
    url = "/events/spring-open/standings/"
    assert table_with_caption(client.get(url).content.decode(), "Standings").rows[0][5] == "110"
    snapshot = StandingsSnapshot.objects.get(event=spring_open.event)
    data = snapshot.data
    data["rows"][0]["points"] = 111.0
    # The publishing task bumps results_version whenever it replaces the data.
    StandingsSnapshot.objects.filter(pk=snapshot.pk).update(data=data, results_version=snapshot.results_version + 1)
    assert table_with_caption(client.get(url).content.decode(), "Standings").rows[0][5] == "111"
    crosstable = table_with_caption(client.get("/events/spring-open/crosstable/").content.decode(), "Crosstable")
    assert crosstable.rows[0][-1] == "111"


def test_the_rank_change_column_compares_with_the_standings_after_the_round_before(client, spring_open):
    before = {row["name"]: row["rank"] for row in client.get("/api/events/spring-open/standings/?after=1").json()["rows"]}
    table = table_with_caption(client.get("/events/spring-open/standings/").content.decode(), "Standings")
    for row in table.rows:
        gained = before[row[1]] - int(row[0])
        assert row[2] == ("=" if gained == 0 else f"▲{gained}" if gained > 0 else f"▼{-gained}"), row
    assert before["Anna Berger"] == 1 and table.rows[1][:3] == ["2", "Anna Berger", "▼1"]


def test_after_round_1_the_page_shows_the_standings_of_round_1_alone(client, spring_open):
    response = client.get("/events/spring-open/standings/?after=1")
    assert response.status_code == 200
    html = response.content.decode()
    table = table_with_caption(html, "after round 1")
    assert "±" not in table.headers  # no round before round 1 to compare with
    assert [(row[1], row[4]) for row in table.rows][0] == ("Anna Berger", "100")
    assert {row[1]: row[4] for row in table.rows}["Chloé Dubois"] == "50"  # her round 2 win is not counted
    assert 'href="/events/spring-open/standings/?after=1" aria-current="page"' in html


def test_a_bad_after_is_a_400_that_says_which_rounds_there_are(client, spring_open):
    for bad in ("0", "3", "x", "-1", "1.5", "99999999999999999999"):
        response = client.get(f"/events/spring-open/standings/?after={bad}")
        assert response.status_code == 400, bad
        assert "after must be the number of a published round (1 to 2)" in response.content.decode(), bad
