"""Corrections after publication, before play: swap colours, exchange opponents, a forfeit or a bye instead of a
board, and unpublishing; each audited and announced on the hook (``round-corrected``) with the players concerned,
and each refused (409 naming ``board`` or ``round``) once a game has a move or a result."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from games.correction_mail import correction_notices
from games.play.moves import submit_move
from tests.tournaments.organizer_api_support import client_for, event_with_players, organizer, paired
from tournaments.models import Bye, Event, Game, PairingChange, Player, Round
from tournaments.signals import ROUND_CORRECTED, record_changed

pytestmark = pytest.mark.django_db


@pytest.fixture
def published():
    client = client_for(organizer())
    slug = event_with_players(client, variant_policy="fixed", variant="chess")
    body = paired(client, slug)
    assert client.post(f"/api/events/{slug}/rounds/1/publish/").status_code == 200
    return client, slug, body


@pytest.fixture
def heard():
    changes: list[dict] = []

    def listen(sender, **kwargs):
        if kwargs["change"] == ROUND_CORRECTED:
            changes.append(kwargs)

    record_changed.connect(listen, dispatch_uid="test-corrections")
    yield changes
    record_changed.disconnect(dispatch_uid="test-corrections")


def board_patch(client, slug, board, **body):
    return client.patch(f"/api/events/{slug}/rounds/1/boards/{board}/", body, format="json")


def game(slug, board) -> Game:
    return Game.objects.get(round__event__slug=slug, round__number=1, board=board)


def play_a_move(g: Game) -> None:
    user = get_user_model().objects.create_user(f"white-{g.pk}")
    g.white.user = user
    g.white.save()
    submit_move(g.pk, user, "e4")


def test_swapping_colours_of_a_published_board_is_audited_and_announced(published, heard):
    client, slug, body = published
    white, black = body["boards"][0]["white"]["id"], body["boards"][0]["black"]["id"]
    answer = board_patch(client, slug, 1, swap=True)
    assert answer.status_code == 200, answer.content
    assert (game(slug, 1).white_id, game(slug, 1).black_id) == (black, white)
    entry = PairingChange.objects.get(event__slug=slug, action="pairing-corrected")
    assert "Colours swapped on board 1" in entry.description and entry.user.username == "director"
    assert [c["detail"]["players"] for c in heard] == [sorted([white, black])]
    public = APIClient().get(f"/api/events/{slug}/rounds/1/").json()
    assert public["games"][0]["white"]["id"] == black  # the public round shows it at once


def test_exchanging_opponents_between_two_published_boards(published, heard):
    client, slug, body = published
    one, two = body["boards"][0], body["boards"][1]
    answer = board_patch(client, slug, 1, exchange=[one["black"]["id"], two["black"]["id"]])
    assert answer.status_code == 200, answer.content
    assert game(slug, 1).black_id == two["black"]["id"] and game(slug, 2).black_id == one["black"]["id"]
    assert len(heard[0]["detail"]["players"]) == 4


def test_a_forfeit_instead_of_a_board(published, heard):
    client, slug, _ = published
    answer = board_patch(client, slug, 2, forfeit="black")
    assert answer.status_code == 200, answer.content
    g = game(slug, 2)
    assert (g.result, g.termination, g.result_status) == ("1-0", "forfeit", "final")
    assert heard[0]["detail"]["what"] == "forfeit"
    assert board_patch(client, slug, 2, swap=True).status_code == 409


def test_a_bye_instead_of_a_board_leaves_its_number_free(published):
    client, slug, body = published
    board = body["boards"][1]
    answer = board_patch(client, slug, 2, bye="white")
    assert answer.status_code == 200, answer.content
    rnd = Round.objects.get(event__slug=slug, number=1)
    assert list(rnd.games.values_list("board", flat=True)) == [1]
    byes = {b.player_id: b.kind for b in rnd.byes.all()}
    assert byes[board["white"]["id"]] == Bye.Kind.PAIRING and byes[board["black"]["id"]] == Bye.Kind.ABSENT
    assert board_patch(client, slug, 1, swap=True).status_code == 200  # board 1 still corrects after the gap


def test_a_board_with_a_move_is_a_409_naming_board_and_changes_nothing(published):
    client, slug, body = published
    play_a_move(game(slug, 1))
    for change in ({"swap": True}, {"forfeit": "white"}, {"bye": "white"}):
        answer = board_patch(client, slug, 1, **change)
        assert answer.status_code == 409, (change, answer.content)
        assert answer.json()["errors"][0] == {"board": 1, "field": "board", "reason": answer.json()["detail"]}
    assert game(slug, 1).white_id == body["boards"][0]["white"]["id"]
    assert board_patch(client, slug, 2, swap=True).status_code == 200  # another board still may


def test_unpublishing_hides_the_round_and_is_409_once_any_game_has_a_result(published, heard):
    client, slug, _ = published
    answer = client.post(f"/api/events/{slug}/rounds/1/unpublish/")
    assert answer.status_code == 200 and answer.json()["published"] is False
    assert APIClient().get(f"/api/events/{slug}/rounds/1/").status_code == 404
    assert PairingChange.objects.filter(event__slug=slug, action="round-unpublished").count() == 1
    assert heard[0]["detail"]["what"] == "unpublished" and len(heard[0]["detail"]["players"]) == 5
    assert client.post(f"/api/events/{slug}/rounds/1/unpublish/").status_code == 200  # idempotent
    assert client.post(f"/api/events/{slug}/rounds/1/publish/").status_code == 200
    client.post(f"/api/events/{slug}/rounds/1/results/", [{"board": 2, "result": "1-0", "termination": "resignation"}],
                format="json")  # fmt: skip
    refused = client.post(f"/api/events/{slug}/rounds/1/unpublish/")
    assert refused.status_code == 409 and refused.json()["errors"][0]["field"] == "round"
    assert Round.objects.get(event__slug=slug, number=1).status == Round.Status.PUBLISHED


def test_unpublishing_a_round_with_a_move_is_409(published):
    client, slug, _ = published
    play_a_move(game(slug, 1))
    refused = client.post(f"/api/events/{slug}/rounds/1/unpublish/")
    assert refused.status_code == 409 and refused.json()["errors"][0]["field"] == "round"


def test_only_the_events_staff_correct(published):
    _, slug, _ = published
    stranger = client_for(organizer("stranger"))
    assert board_patch(stranger, slug, 1, swap=True).status_code == 403
    assert stranger.post(f"/api/events/{slug}/rounds/1/unpublish/").status_code == 403


@pytest.mark.parametrize("body", [{}, {"swap": True, "forfeit": "white"}, {"white": 1}, {"forfeit": "nobody"}])
def test_a_bad_correction_is_a_400(published, body):
    client, slug, _ = published
    assert board_patch(client, slug, 1, **body).status_code == 400


def test_the_mail_point_words_a_notice_for_each_player_concerned(published):
    client, slug, body = published
    board_patch(client, slug, 1, swap=True)
    event = Event.objects.get(slug=slug)
    rnd = event.rounds.get(number=1)
    players = [body["boards"][0]["white"]["id"], body["boards"][0]["black"]["id"]]
    notices = correction_notices(event, rnd, {"text": "Colours swapped on board 1", "players": players})
    assert [n.player_id for n in notices] == sorted(players)
    black = body["boards"][0]["black"]["name"]
    assert any(f"board 1 with White against {body['boards'][0]['white']['name']}" in n.text for n in notices)
    assert any(f"board 1 with Black against {black}" in n.text for n in notices)


@pytest.mark.django_db(transaction=True)  # the mail leaves with the outbox, after the commit
def test_a_correction_is_mailed_to_the_players_concerned(published, settings):
    from django.core import mail

    settings.SITE_URL = "https://chess.example.org"
    client, slug, body = published
    white, black = (Player.objects.get(pk=body["boards"][0][side]["id"]) for side in ("white", "black"))
    for player, address in ((white, "white@example.org"), (black, "black@example.org")):
        player.email = address
        player.save(update_fields=["email"])
    mail.outbox.clear()
    assert board_patch(client, slug, 1, swap=True).status_code == 200
    by_address = {message.to[0]: message for message in mail.outbox}
    assert set(by_address) == {"white@example.org", "black@example.org"}
    assert f"board 1 with Black against {black.name}" in by_address["white@example.org"].body
    assert "your pairing changed" in by_address["black@example.org"].subject
    assert f"https://chess.example.org/events/{slug}/rounds/1/" in by_address["black@example.org"].body
