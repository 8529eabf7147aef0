import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.tournaments.helpers import make_event, make_user
from tournaments.models import Registration, Round

pytestmark = pytest.mark.django_db


def _login(client, user):
    client.force_login(user)
    return client


def test_an_organizer_sees_their_own_events_and_not_others(client):
    mine, me, _ = make_event(2, slug="mine")
    theirs, _, _ = make_event(2, slug="theirs")
    page = _login(client, me).get("/admin/tournaments/event/")
    assert page.status_code == 200
    assert b"/admin/tournaments/event/%d/change/" % mine.pk in page.content
    assert b"/admin/tournaments/event/%d/change/" % theirs.pk not in page.content
    assert client.get(f"/admin/tournaments/event/{theirs.pk}/change/").status_code in (302, 403, 404)


def test_an_arbiter_pairs_and_publishes_a_round_from_the_admin(client):
    # Pairing and publishing are two steps (issue 12): the action pairs an unpublished round for review.
    event, _, _ = make_event(4)
    arbiter = make_user("arb", is_staff=True)
    event.arbiters.add(arbiter)
    response = _login(client, arbiter).post(
        "/admin/tournaments/event/", {"action": "pair_next_round", "_selected_action": [event.pk]}, follow=True
    )
    assert response.status_code == 200
    rnd = Round.objects.get(event=event, number=1)
    assert rnd.status == Round.Status.PAIRED
    assert response.redirect_chain[-1][0] == f"/admin/tournaments/round/{rnd.pk}/review/"
    client.post("/admin/tournaments/event/", {"action": "publish_paired_round", "_selected_action": [event.pk]})
    assert Round.objects.get(event=event, number=1).status == Round.Status.PUBLISHED


def test_a_bad_csv_in_the_admin_names_the_row_and_imports_nothing(client):
    event, organizer, _ = make_event(0)
    upload = SimpleUploadedFile("players.csv", b"name,rating\nAnna,2100\nBen,x\n", content_type="text/csv")
    response = _login(client, organizer).post(f"/admin/tournaments/event/{event.pk}/import-csv/", {"file": upload}, follow=True)
    assert b'<tr class="row-error"><th scope="row">3</th><td>rating</td>' in response.content
    assert Registration.objects.filter(event=event).count() == 0


def test_the_colour_report_page_lists_each_players_sequence(client):
    from tests.tournaments.helpers import play_round
    from tournaments.services import pair_round, publish_round

    event, organizer, players = make_event(4)
    for _ in range(2):
        play_round(publish_round(pair_round(event, by=organizer)), by=organizer)
    response = _login(client, organizer).get(f"/admin/tournaments/event/{event.pk}/colour-report/")
    assert response.status_code == 200
    for player in players:
        assert player.name.encode() in response.content
    assert b"<code>wb</code>" in response.content and b"<code>bw</code>" in response.content


def test_an_arbiter_enters_a_result_on_the_result_grid_through_record_result(client):
    from tournaments.models import Game
    from tournaments.services import pair_round, publish_round

    event, organizer, _ = make_event(2)
    rnd = publish_round(pair_round(event, by=organizer))
    game = rnd.games.get()
    data = {"b1-result": "0-1", "b1-termination": "checkmate"}
    response = _login(client, organizer).post(f"/admin/tournaments/round/{rnd.pk}/results/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    game = Game.objects.get(pk=game.pk)
    assert (game.result, game.result_status, float(game.black_points)) == ("0-1", "final", 100.0)
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.COMPLETE
