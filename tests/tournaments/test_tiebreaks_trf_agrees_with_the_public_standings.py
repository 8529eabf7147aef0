"""Events built through the organizer API (the tie-break list chosen with ``PATCH /api/events/{slug}/``) export
a TRF on which ``tiebreaks_trf`` gives exactly the public standings: every player's rank, points and tie-breaks.

A withdrawal and a requested bye have no organizer API yet: they go through the services the admin uses."""

from __future__ import annotations

import random

import pytest

from scoring.tiebreak_registry import catalogue
from tests.tournaments.organizer_api_support import client_for, event_with_players, organizer
from tournaments.exports.trf import start_ranks
from tournaments.models import Event, PairingChange, Player
from tournaments.services import request_bye, withdraw_player
from tournaments.tiebreak_trf import tiebreaks_trf

pytestmark = pytest.mark.django_db

PLAYERS = [{"name": f"Player{n} Field", "rating": 2300 - 37 * n} for n in range(1, 8)]


def _results(rng: random.Random, boards: list[dict], number: int) -> list[dict]:
    rows = []
    for board in boards:
        roll = rng.random()
        if number == 2 and board["board"] == 1:
            rows.append({"board": 1, "result": "0-1", "termination": "forfeit"})
        elif number == 3 and board["board"] == 2:
            rows.append({"board": 2, "result": "0-0", "termination": "forfeit"})
        elif roll < 0.3:
            rows.append({"board": board["board"], "result": "1/2-1/2", "termination": "agreement"})
        else:
            rows.append({"board": board["board"], "result": rng.choice(("1-0", "0-1")), "termination": "resignation"})
    return rows


def build(client, fmt: str, rounds: int, players: list[dict], starts_on: str) -> Event:
    slug = event_with_players(client, players, format=fmt, rounds=rounds, variant_policy="fixed", variant="chess",
                              scoring="classical", starts_on=starts_on)  # fmt: skip
    assert client.post(f"/api/events/{slug}/announce/").status_code == 200
    changed = client.patch(f"/api/events/{slug}/", {"tiebreaks": list(catalogue())}, format="json")
    assert changed.status_code == 200, changed.content
    assert changed.json()["tiebreaks"] == list(catalogue())
    event = Event.objects.get(slug=slug)
    names = {p.name: p for p in Player.objects.filter(registrations__event=event)}
    if fmt == "swiss":
        request_bye(event, names["Player3 Field"], 3)
        withdraw_player(event, names["Player6 Field"], from_round=4)
    rng = random.Random(fmt)
    for number in range(1, rounds + 1):
        body = client.post(f"/api/events/{slug}/rounds/").json()
        assert client.post(f"/api/events/{slug}/rounds/{number}/publish/").status_code == 200
        posted = client.post(f"/api/events/{slug}/rounds/{number}/results/", _results(rng, body["boards"], number), format="json")
        assert posted.status_code == 200, posted.content
    return event


@pytest.mark.parametrize(
    ("fmt", "rounds", "players", "starts_on"),
    [("swiss", 5, PLAYERS, "2025-06-01"), ("swiss", 5, PLAYERS, "2026-06-01"), ("rr", 5, PLAYERS[:5], "2026-06-01")],
)
def test_the_exported_trf_gives_the_public_standings(client, tmp_path, fmt, rounds, players, starts_on):
    api = client_for(organizer())
    event = build(api, fmt, rounds, players, starts_on)
    trf = client.get(f"/events/{event.slug}/export/tournament.trf")
    assert trf.status_code == 200
    path = tmp_path / "event.trf"
    path.write_bytes(trf.content)
    public = client.get(f"/api/events/{event.slug}/standings/").json()
    assert public["tiebreaks"] == list(catalogue())
    number = {r.player_id: n for n, r in enumerate(start_ranks(event), start=1)}
    ours = {row["start"]: row for row in tiebreaks_trf(str(path), ",".join(catalogue()))}
    assert len(ours) == len(public["rows"]) == len(players)
    for row in public["rows"]:
        mine = ours[number[row["player_id"]]]
        assert (mine["rank"], mine["points"]) == (row["rank"], row["points"]), row["name"]
        assert mine["tiebreaks"] == pytest.approx(row["tiebreaks"]), row["name"]


def test_the_list_and_edition_are_refused_naming_the_code_and_audited_when_taken(client):
    api = client_for(organizer())
    slug = event_with_players(api, variant_policy="fixed", variant="chess", scoring="classical")
    refused = api.patch(f"/api/events/{slug}/", {"tiebreaks": ["BH", "XYZ"]}, format="json")
    assert refused.status_code == 400
    error = refused.json()["errors"][0]
    assert error["field"] == "tiebreaks" and "XYZ" in error["reason"]
    for body, field in (({"tiebreak_edition": "2019"}, "tiebreak_edition"), ({"rounds": 0}, "rounds"),
                        ({"tiebreaks": ["WIN-C1"]}, "tiebreaks"), ({"tiebreaks": ["BH", "BH"]}, "tiebreaks"),
                        ({"tiebreaks": "BH"}, "tiebreaks"), ({"tiebreak_edition": None}, "tiebreak_edition"),
                        (["BH"], "body")):  # fmt: skip
        answer = api.patch(f"/api/events/{slug}/", body, format="json")
        assert answer.status_code == 400 and answer.json()["errors"][0]["field"] == field, body
    assert Event.objects.get(slug=slug).tiebreaks == ["BH-C1", "BH", "SB", "DE", "WIN", "BPG"]
    taken = api.patch(f"/api/events/{slug}/", {"tiebreaks": ["DE", "ARO-C1"], "tiebreak_edition": "2024"}, format="json")
    assert taken.status_code == 200 and taken.json()["tiebreaks"] == ["DE", "ARO-C1"]
    event = Event.objects.get(slug=slug)
    assert (event.tiebreaks, event.tiebreak_edition) == (["DE", "ARO-C1"], "2024")
    entry = PairingChange.objects.get(event=event, action="event-changed")  # the event's settings, audited as one
    assert entry.after == {"tiebreaks": ["DE", "ARO-C1"], "tiebreak_edition": "2024"}
    assert client.patch(f"/api/events/{slug}/", {"tiebreaks": ["BH"]}, content_type="application/json").status_code == 401
    stranger = client_for(organizer("someone-else"))
    assert stranger.patch(f"/api/events/{slug}/", {"tiebreaks": ["BH"]}, format="json").status_code == 403
