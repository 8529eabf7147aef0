"""Admin refusals: an organizer cannot reach into another organizer's event, and a refused save writes nothing
and claims no success."""

import pytest
from django.contrib.messages import get_messages

from tests.tournaments.helpers import make_event
from tournaments.models import ByeRequest, Game, Player, Registration
from tournaments.services import pair_round, publish_round

pytestmark = pytest.mark.django_db


def _texts(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_an_organizer_cannot_register_a_player_into_another_organizers_event(client):
    _, me, _ = make_event(2, slug="mine")
    theirs, _, _ = make_event(2, slug="theirs")
    intruder = Player.objects.create(name="Intruder")
    client.force_login(me)
    form = client.get("/admin/tournaments/registration/add/")
    assert f'value="{theirs.pk}"' not in form.content.decode()
    response = client.post("/admin/tournaments/registration/add/", {"event": theirs.pk, "player": intruder.pk, "seed": 9})
    assert response.status_code == 200  # the form again, with the error on "event"
    assert "event" in response.context["adminform"].form.errors
    assert not Registration.objects.filter(event=theirs, player=intruder).exists()


def test_an_organizer_cannot_request_a_bye_in_another_organizers_event(client):
    _, me, _ = make_event(2, slug="mine")
    theirs, _, _ = make_event(2, slug="theirs")
    registration = theirs.registrations.first()
    client.force_login(me)
    response = client.post("/admin/tournaments/byerequest/add/", {"registration": registration.pk, "round_number": 3})
    assert response.status_code == 200
    assert not ByeRequest.objects.exists()


def test_one_bad_result_on_the_result_grid_saves_no_board_and_names_the_board(client):
    # The grid offers only the terminations of the variant (issue 12): a forged one is refused next to its row.
    event, organizer, _ = make_event(4)
    rnd = publish_round(pair_round(event, by=organizer))
    client.force_login(organizer)
    data = {"b1-result": "1-0", "b1-termination": "checkmate", "b2-result": "1-0", "b2-termination": "bogus"}
    response = client.post(f"/admin/tournaments/round/{rnd.pk}/results/", data)
    texts = _texts(response)
    assert any(t.startswith("Nothing saved: check board(s) 2") for t in texts), texts
    assert not any("saved." in t for t in texts), texts
    assert 'id="board-2" class="row-error"' in response.content.decode()
    assert not Game.objects.filter(round=rnd).exclude(result="").exists()


def test_an_agreed_draw_is_entered_on_the_result_grid_with_its_final_position(client):
    event, organizer, _ = make_event(2, variant_policy="fixed", variant_key="chess")
    rnd = publish_round(pair_round(event, by=organizer))
    client.force_login(organizer)
    page = client.get(f"/admin/tournaments/round/{rnd.pk}/results/")
    assert 'name="b1-position"' in page.content.decode()
    data = {"b1-result": "1/2-1/2", "b1-termination": "agreement"}
    data["b1-position"] = "4k3/3r4/8/8/8/8/2RR4/4K3 w - - 0 60"  # White a rook up: wins on material
    response = client.post(f"/admin/tournaments/round/{rnd.pk}/results/", data)
    assert response.status_code == 302, _texts(response)
    game = rnd.games.get()
    assert game.result_status == "final", _texts(response)
    assert (float(game.white_points), float(game.black_points)) == (51.0, 49.0)


def test_the_player_list_shows_a_director_only_the_players_of_the_events_they_run(client):
    """Issue 25: any staff account listed every player of every event with the linked account."""
    mine, me, _ = make_event(2, slug="mine")
    theirs, _, _ = make_event(2, slug="theirs")
    fresh = Player.objects.create(name="Just Added")  # registered nowhere yet: to be registered by whoever added it
    client.force_login(me)
    listed = client.get("/admin/tournaments/player/").content.decode()
    for registration in Registration.objects.filter(event=mine).select_related("player"):
        assert registration.player.name in listed
    for registration in Registration.objects.filter(event=theirs).select_related("player"):
        assert registration.player.name not in listed
        assert client.get(f"/admin/tournaments/player/{registration.player.pk}/change/").status_code in (302, 404)
    assert fresh.name in listed
