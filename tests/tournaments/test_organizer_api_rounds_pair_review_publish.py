"""Rounds over the API: pairing makes an unpublished round only the event's staff see; boards change before
publishing (a player twice is 400, a rematch needs an override; after publishing
until the board has a result, then 409); delete, publish, audit."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.tournaments.organizer_api_support import client_for, decisive_results, event_with_players, organizer, paired
from tournaments.models import Game, PairingChange, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    client = client_for(organizer())
    slug = event_with_players(client)
    client.post(f"/api/events/{slug}/announce/")
    return client, slug


def patch(client, slug, board, white, black, number=1, **extra):
    body = {"white": white, "black": black, **extra}
    return client.patch(f"/api/events/{slug}/rounds/{number}/boards/{board}/", body, format="json")


def test_pairing_makes_an_unpublished_round_only_staff_see(api):
    client, slug = api
    body = paired(client, slug)
    assert (body["number"], body["published"]) == (1, False)
    assert len(body["boards"]) == 2 and len(body["byes"]) == 1
    assert set(body["boards"][0]["white"]) == {"id", "name", "score_before"}
    assert APIClient().get(f"/api/events/{slug}/rounds/1/").status_code == 404
    assert client_for(organizer("other")).get(f"/api/events/{slug}/rounds/1/").status_code == 404
    assert client.get(f"/api/events/{slug}/rounds/1/").json()["boards"] == body["boards"]
    assert client.post(f"/api/events/{slug}/rounds/").status_code == 409  # round 1 is not published yet


def test_a_board_changed_before_publishing_is_audited_with_before_and_after(api):
    client, slug = api
    board = paired(client, slug)["boards"][0]
    response = patch(client, slug, 1, board["black"]["id"], board["white"]["id"])
    assert response.status_code == 200
    assert response.json()["boards"][0]["white"] == board["black"]
    entry = PairingChange.objects.get(event__slug=slug, action="pairing-changed")
    assert entry.before["boards"]["1"] == [board["white"]["name"], board["black"]["name"]]
    assert entry.after["boards"]["1"] == [board["black"]["name"], board["white"]["name"]]
    assert entry.user.username == "director"


def test_a_player_twice_in_the_round_is_a_400_naming_board_and_field(api):
    client, slug = api
    boards = paired(client, slug)["boards"]
    response = patch(client, slug, 1, boards[1]["white"]["id"], boards[0]["black"]["id"])
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert (error["board"], error["field"]) == (1, "white") and "board 2" in error["reason"]
    self_pair = patch(client, slug, 1, boards[0]["white"]["id"], boards[0]["white"]["id"])
    assert self_pair.status_code == 400 and self_pair.json()["errors"][0]["field"] == "black"
    unknown = patch(client, slug, 1, 999999, boards[0]["black"]["id"])
    assert unknown.status_code == 400 and unknown.json()["errors"][0]["field"] == "white"
    no_board = patch(client, slug, 7, 1, 2).json()["errors"][0]
    assert no_board == {"board": 7, "field": "board", "reason": "round 1 has boards 1 to 2"}
    assert patch(client, slug, 1, "x", None).status_code == 400
    assert [(g.white_id, g.black_id) for g in Game.objects.order_by("board")] == [
        (b["white"]["id"], b["black"]["id"]) for b in boards
    ]
    assert not PairingChange.objects.filter(action="pairing-changed").exists()


def test_the_player_replaced_on_a_board_takes_the_bye_and_a_rematch_needs_an_override(api):
    client, slug = api
    body = paired(client, slug)
    bye = body["byes"][0]["player"]["id"]
    board = body["boards"][0]
    moved = patch(client, slug, 1, bye, board["black"]["id"]).json()
    assert moved["byes"][0]["player"]["id"] == board["white"]["id"]  # the bye moved to the replaced player
    client.post(f"/api/events/{slug}/rounds/1/publish/")
    client.post(f"/api/events/{slug}/rounds/1/results/", decisive_results(moved), format="json")
    second = paired(client, slug)
    # Put round 2's bye player back against their round-1 opponent, on the board that opponent plays on.
    x = second["byes"][0]["player"]["id"]
    y = next(b["black"]["id"] if b["white"]["id"] == x else b["white"]["id"] for b in moved["boards"]
             if x in (b["white"]["id"], b["black"]["id"]))  # fmt: skip
    k = next(b["board"] for b in second["boards"] if y in (b["white"]["id"], b["black"]["id"]))
    refused = patch(client, slug, k, y, x, number=2)
    assert refused.status_code == 400
    assert any(e["field"] == "override" and "already met" in e["reason"] for e in refused.json()["errors"])
    allowed = patch(client, slug, k, y, x, number=2, override="only two players left in contention")
    assert allowed.status_code == 200, allowed.content
    entry = PairingChange.objects.filter(event__slug=slug, action="pairing-changed").first()
    assert "Override: only two players left in contention" in entry.description


def test_after_publishing_a_board_changes_until_it_has_a_result_then_409_and_delete_is_409(api):
    client, slug = api
    board = paired(client, slug)["boards"][0]
    published = client.post(f"/api/events/{slug}/rounds/1/publish/")
    assert published.status_code == 200 and published.json()["published"] is True
    assert APIClient().get(f"/api/events/{slug}/rounds/1/").json()["boards"][0]["board"] == 1
    swapped = patch(client, slug, 1, board["black"]["id"], board["white"]["id"])  # before play: a correction (issue 24)
    assert swapped.status_code == 200, swapped.content
    assert Round.objects.get(event__slug=slug, number=1).games.get(board=1).white_id == board["black"]["id"]
    client.post(f"/api/events/{slug}/rounds/1/results/", [{"board": 1, "result": "1-0", "termination": "resignation"}],
                format="json")  # fmt: skip
    response = patch(client, slug, 1, board["white"]["id"], board["black"]["id"])
    assert response.status_code == 409 and response.json()["errors"][0]["board"] == 1
    assert response.json()["errors"][0]["field"] == "board"
    assert client.delete(f"/api/events/{slug}/rounds/1/").status_code == 409
    assert Round.objects.get(event__slug=slug, number=1).games.get(board=1).white_id == board["black"]["id"]


def test_an_unpublished_round_can_be_deleted_and_paired_again(api):
    client, slug = api
    paired(client, slug)
    assert APIClient().delete(f"/api/events/{slug}/rounds/1/").status_code == 401
    assert client_for(organizer("other")).delete(f"/api/events/{slug}/rounds/1/").status_code == 403
    assert client.delete(f"/api/events/{slug}/rounds/1/").status_code == 204
    assert client.get(f"/api/events/{slug}/rounds/1/").status_code == 404
    assert not Game.objects.exists()
    assert paired(client, slug)["number"] == 1
    assert PairingChange.objects.filter(event__slug=slug, action="round-deleted").exists()


def test_publishing_a_draft_announces_it_and_unknown_rounds_are_404():
    client = client_for(organizer())
    slug = event_with_players(client)
    paired(client, slug)
    assert client.post(f"/api/events/{slug}/rounds/1/publish/").status_code == 200
    assert APIClient().get(f"/api/events/{slug}/").json()["status"] == "running"
    assert client.post(f"/api/events/{slug}/rounds/5/publish/").status_code == 404
    assert client.get(f"/api/events/{slug}/rounds/99999/").status_code == 404


def test_the_audit_trail_is_newest_first_with_who_what_before_and_after(api):
    client, slug = api
    board = paired(client, slug)["boards"][0]
    patch(client, slug, 1, board["black"]["id"], board["white"]["id"])
    trail = client.get(f"/api/events/{slug}/audit/").json()["results"]
    assert [e["action"] for e in trail[:3]] == ["pairing-changed", "round-paired", "dice-rolled"]
    assert trail[-1]["action"] == "event-created"
    assert {"at", "by", "action", "before", "after"} <= set(trail[0])
    assert trail[0]["by"] == "director" and trail[0]["before"]["boards"]
    assert trail == sorted(trail, key=lambda e: e["at"], reverse=True)
    assert APIClient().get(f"/api/events/{slug}/audit/").status_code == 401
    assert client_for(organizer("other")).get(f"/api/events/{slug}/audit/").status_code == 403
