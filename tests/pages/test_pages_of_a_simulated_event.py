"""An event run through the real services (pairing, dice, results, the published snapshot) shows on every page."""

from __future__ import annotations

import csv
import io

import pytest

from tests.pages.tables import table_with_caption
from tournaments.models import Bye, Event, Game, StandingsSnapshot
from tournaments.tasks.standings import one_snapshot_per_event

simulation = pytest.importorskip("tournaments.services.simulation")


def _simulate(**options):
    run = simulation.simulate(format="swiss", players=7, rounds=3, seed=3, play_last=False,
                              standings_batch=one_snapshot_per_event, **options)  # fmt: skip
    event = run.event
    event.is_public = True
    event.status = Event.Status.RUNNING  # announced and started: the public sees it
    event.save()
    return event


@pytest.mark.django_db
def test_a_simulated_dynamic_swiss_shows_its_published_snapshot_rounds_and_current_variant(client):
    event = _simulate()
    assert StandingsSnapshot.objects.filter(event=event).exists()
    base = f"/events/{event.slug}"

    standings = table_with_caption(client.get(f"{base}/standings/").content.decode(), "Standings")
    names = sorted(event.registrations.values_list("player__name", flat=True))
    assert sorted(standings.row_headers) == names
    assert [row[0] for row in standings.rows] == [
        str(row["rank"]) for row in StandingsSnapshot.objects.get(event=event).data["rows"]
    ]

    round1 = client.get(f"{base}/rounds/1/").content.decode()
    pairings = table_with_caption(round1, "Pairings and results of round 1")
    games = list(Game.objects.filter(round__event=event, round__number=1).order_by("board"))
    assert [row[1] for row in pairings.rows] == [g.white.name for g in games]
    assert all(row[4] in ("1-0", "0-1", "½-½") for row in pairings.rows)
    bye = Bye.objects.get(round__event=event, round__number=1)
    assert table_with_caption(round1, "Byes in round 1").row_headers == [bye.player.name]

    round3 = table_with_caption(client.get(f"{base}/rounds/3/").content.decode(), "round 3")
    assert {row[4] for row in round3.rows} == {"–"}  # published, not yet played

    page = client.get(f"{base}/").content.decode()
    block = event.rounds.get(number=3).variant_block
    assert 'data-files="12" data-ranks="8"' in page and block.first_roll in page
    assert block.seed and block.seed in page  # rolled, so revealed

    pgn = client.get(f"{base}/export/games.pgn").content.decode()
    assert pgn.count('[Event "') == Game.objects.filter(round__event=event).count() == 9
    api = client.get(f"/api/events/{event.slug}/standings/").json()
    assert len(api["rows"]) == 7 and api["published"] is True


@pytest.mark.django_db
def test_a_simulated_classical_event_exports_trf_agreeing_with_its_standings(client):
    event = _simulate(scoring="classical")
    response = client.get(f"/events/{event.slug}/export/tournament.trf")
    assert response.status_code == 200
    players = [line for line in response.content.decode().split("\r\n") if line.startswith("001")]
    assert len(players) == 7
    rows = list(csv.DictReader(io.StringIO(client.get(f"/events/{event.slug}/export/standings.csv").content.decode())))
    points = {int(row["Player ID"]): float(row["Points"]) for row in rows}
    player_by_start_rank = dict(event.registrations.values_list("seed", "player_id"))
    for line in players:
        player_id = player_by_start_rank[int(line[4:8])]
        assert float(line[80:84]) == points[player_id]
        assert int(line[85:89]) == next(int(r["Rank"]) for r in rows if int(r["Player ID"]) == player_id)
