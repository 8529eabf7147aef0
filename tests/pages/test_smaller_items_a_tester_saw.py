"""The smaller things a director, an arbiter and a spectator saw (issue 24), each as it should be now."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from games.play.claims import claim
from games.play.moves import submit_move
from record.refusals import Refusal
from tests.games.live_support import make_game
from tests.tournaments.helpers import make_event, play_round
from tournaments.models import ByeRequest, Player
from tournaments.services import enter_result, late_entry, pair_round, publish_round
from variants.registry import get_engine

pytestmark = pytest.mark.django_db


def test_a_late_entrys_missed_round_is_not_called_a_requested_bye(client):
    event, organizer, _ = make_event(4, slug="late", rounds=3, variant_policy="fixed", variant_key="chess")
    play_round(publish_round(pair_round(event, by=organizer), by=organizer), by=organizer)
    newcomer = late_entry(event, Player.objects.create(name="Nora Late"), missed_bye="requested", by=organizer).player
    round_page = client.get("/events/late/rounds/1/").content.decode()
    assert "Missed before joining (late entry, half-point bye)" in round_page and "Requested bye" not in round_page
    player_page = client.get(f"/events/late/players/{newcomer.pk}/").content.decode()
    assert "Missed before joining (late entry, half-point bye)" in player_page


def test_a_double_forfeit_is_shown_as_no_game_in_the_crosstable(client):
    event, organizer, players = make_event(2, slug="dff", rounds=1, variant_policy="fixed", variant_key="chess")
    rnd = publish_round(pair_round(event, by=organizer), by=organizer)
    enter_result(rnd.games.get(), result="0-0", termination="forfeit", by=organizer)
    page = client.get("/events/dff/crosstable/").content.decode()
    assert "double forfeit (not played)" in page and page.count("w -- 0</td>") == 1 and page.count("b -- 0</td>") == 1


def test_spectators_see_the_twilight_reserve_as_the_engine_gives_it(client):
    game, white, _ = make_game(variant="twilight")
    submit_move(game.pk, white, "b1@N")
    api = client.get(f"/api/games/{game.pk}/").json()
    assert api["reserves"] == {"white": {"Knight": 1}, "black": {}}
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "White army's reserve: Knight" in page and "Black army's reserve: empty" in page
    chess_game, _, _ = make_game(variant="chess")
    assert client.get(f"/api/games/{chess_game.pk}/").json()["reserves"] == {}
    assert "army's reserve" not in client.get(f"/games/{chess_game.pk}/").content.decode()


def test_the_event_page_shows_the_city_and_the_federation(client):
    make_event(2, slug="where", city="Graz", federation="AUT", status="announced")
    page = client.get("/events/where/").content.decode()
    assert "<dt>Where</dt>" in page and "Graz" in page and ">AUT<" in page


def test_a_bye_request_is_named_in_the_admin_after_it_is_added(client):
    event, organizer, players = make_event(3, slug="byes", rounds=3)
    client.force_login(organizer)
    registration = event.registrations.get(player=players[0])
    answer = client.post("/admin/tournaments/byerequest/add/", {"registration": registration.pk, "round_number": "2"},
                         follow=True)  # fmt: skip
    page = answer.content.decode()
    assert "ByeRequest object" not in page and f"{players[0].name} asks for a bye in round 2" in page
    assert str(ByeRequest.objects.get()) == f"{players[0].name} asks for a bye in round 2"


def test_a_five_round_events_last_block_is_one_round(client):
    event, organizer, _ = make_event(6, slug="five", rounds=5)
    for number in range(1, 6):
        rnd = publish_round(pair_round(event, number, by=organizer), by=organizer)
        if number < 5:
            play_round(rnd, by=organizer)
    page = client.get("/events/five/").content.decode()
    assert "block 3: round 5)" in page and "rounds 5 and 6" not in page
    assert client.get("/api/events/five/").json()["current_variant"]["rounds"] == [5]
    assert "block 3: round 5" in client.get("/events/five/rounds/5/").content.decode()


def test_reach_offers_no_claim_its_rules_do_not_have():
    engine = get_engine("reach")
    assert engine.claims == frozenset() and "threefold-repetition" in engine.terminations  # still recordable
    assert {"threefold-repetition", "fifty-moves", "perpetual-check"} <= get_engine("chess").claims
    game, white, _ = make_game(variant="reach")
    with pytest.raises(Refusal, match="have no threefold-repetition claim"):
        claim(game.pk, white, "threefold-repetition", move="e4")


def test_the_reach_play_page_offers_no_claim(client):
    game, white, _ = make_game(variant="reach")
    client.force_login(white)
    page = client.get(f"/games/{game.pk}/play/").content.decode()
    assert "Threefold repetition" not in page and "Fifty-move rule" not in page
    chess_game, chess_white, _ = make_game(variant="chess")
    client.force_login(chess_white)
    assert "Threefold repetition" in client.get(f"/games/{chess_game.pk}/play/").content.decode()


def test_the_dice_of_a_paired_unpublished_round_stay_hidden_from_the_public(client):
    event, organizer, _ = make_event(4, slug="dice", rounds=4, status="announced")
    rnd = pair_round(event, by=organizer)  # block 1 rolled by the pairing
    public = APIClient().get("/api/events/dice/").json()["blocks"][0]
    assert public["roll"] is None and public["seed"] is None and public["commitment"]
    page = client.get("/events/dice/").content.decode()
    block = rnd.variant_block
    assert block.first_roll not in page.split("Dice")[-1] and block.seed not in page
    staff = APIClient()
    staff.force_authenticate(organizer)
    assert staff.get("/api/events/dice/").json()["blocks"][0]["roll"] == block.first_roll
    publish_round(rnd, by=organizer)
    assert APIClient().get("/api/events/dice/").json()["blocks"][0]["seed"] == block.seed
    assert get_user_model().objects.filter(pk=organizer.pk).exists()
