"""FIDE TRF-16 export: fixed columns, one 001 record per player, round blocks from column 92; classical only."""

from __future__ import annotations

from tests.pages import trf16_spec
from tournaments.exports.trf import trf_name


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
    assert "062 5" in records and "072 5" in records and "122 90+30 (90 min +30 s a move)" in records
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


# --- read by a reader written from the FIDE specification (tests/pages/trf16_spec.py) ----------------------------


def _with_arbiters(event):
    from django.contrib.auth import get_user_model

    users = get_user_model().objects
    chief = users.create_user(username="chief", first_name="Clara", last_name="Chief")
    deputy = users.create_user(username="deputy", first_name="Dan", last_name="Deputy")
    event.arbiters.add(chief, deputy)


def test_the_file_has_every_header_record_of_the_standard_in_its_order(client, club_championship):
    _with_arbiters(club_championship.event)
    report = trf16_spec.read(client.get("/events/club-championship/export/tournament.trf").content.decode())
    assert list(report.tags) == list(trf16_spec.TOURNAMENT_TAGS)
    assert report.tags["012"] == ["Club Championship"] and report.tags["042"] == ["2026/05/01"]
    assert report.tags["062"] == ["5"] and report.tags["072"] == ["5"] and report.tags["082"] == ["0"]
    assert report.tags["092"] == ["Individual: Swiss"]
    assert report.tags["102"] == ["Clara Chief"] and report.tags["112"] == ["Dan Deputy"]
    assert report.tags["052"] == [""]  # the event is still running
    assert report.round_dates == ["26/05/01", "26/05/02"]
    assert report.other == ["XXR 3"]  # the TRF(x) line of the pairing engines


def test_the_end_date_is_written_once_the_event_is_closed(client, club_championship):
    from tournaments.models import Event

    Event.objects.filter(pk=club_championship.event.pk).update(status=Event.Status.CLOSED)
    report = trf16_spec.read(client.get("/events/club-championship/export/tournament.trf").content.decode())
    assert report.tags["052"] == ["2026/05/02"]


def test_players_and_results_read_by_the_specification_agree_with_the_event(client, club_championship):
    report = trf16_spec.read(client.get("/events/club-championship/export/tournament.trf").content.decode())
    trf16_spec.check_consistency(report)
    assert [(p.start_rank, p.name, p.rating, p.federation, p.fide_id) for p in report.players] == [
        (1, "Hansen, Greta", 1920, "DEN", "1001"),
        (2, "Ito, Hiro", 1890, "JPN", "1002"),
        (3, "Jimenez, Ines", 1860, "ESP", "1003"),
        (4, "Keller, Jonas", 1830, "GER", "1004"),
        (5, "Larbi, Kofi", 1800, "GHA", "1005"),
    ]
    greta = report.players[0]
    assert [(r.opponent, r.colour, r.result) for r in greta.rounds] == [(2, "w", "1"), (5, "b", "+")]
    assert [p.points for p in report.players] == [2.0, 0.0, 1.5, 1.0, 1.0]
    standings = client.get("/api/events/club-championship/standings/").json()["rows"]
    assert {p.name: p.rank for p in report.players} == {trf_name(row["name"]): row["rank"] for row in standings}


def test_a_simulated_classical_swiss_with_a_round_in_play_reads_by_the_specification(client, db):
    from tournaments.models import Event
    from tournaments.services.simulation import simulate
    from tournaments.tasks.standings import one_snapshot_per_event

    event = simulate(format="swiss", players=9, rounds=4, seed=5, scoring="classical", play_last=False,
                     standings_batch=one_snapshot_per_event).event  # fmt: skip
    Event.objects.filter(pk=event.pk).update(is_public=True, status=Event.Status.RUNNING)
    report = trf16_spec.read(client.get(f"/events/{event.slug}/export/tournament.trf").content.decode())
    trf16_spec.check_consistency(report)
    assert len(report.players) == 9 and len(report.round_dates) == 4
    last = [p.rounds[3] if len(p.rounds) > 3 else None for p in report.players]
    assert {(r.result if r else " ") for r in last} <= {" ", "U"}  # round 4 is paired, not played: blank


def test_the_pairing_engines_trf_module_reads_the_export_and_writes_what_the_specification_reads(client, club_championship):
    from pairing.trf import parse_trf, write_trf

    text = client.get("/events/club-championship/export/tournament.trf").content.decode()
    parsed = parse_trf(text, for_pairing=False)
    assert [p.points for p in parsed.players] == [20, 0, 15, 10, 10]  # tenths
    again = trf16_spec.read(write_trf(parsed))
    trf16_spec.check_consistency(again)
    original = trf16_spec.read(text)
    assert [(p.start_rank, p.name, p.points, p.rounds) for p in again.players] == [
        (p.start_rank, p.name, p.points, p.rounds) for p in original.players
    ]
    assert again.tags["012"] == ["Club Championship"]


def test_the_city_and_the_federation_of_the_event_fill_records_022_and_032(client, club_championship):
    event = club_championship.event
    event.city, event.federation = "Graz", "AUT"
    event.save(update_fields=["city", "federation"])
    records = _records(client)
    assert records[1:3] == ["022 Graz", "032 AUT"]
