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
    event, _, _ = make_event(4)
    arbiter = make_user("arb", is_staff=True)
    event.arbiters.add(arbiter)
    response = _login(client, arbiter).post(
        "/admin/tournaments/event/", {"action": "pair_next_round", "_selected_action": [event.pk]}, follow=True
    )
    assert response.status_code == 200
    assert Round.objects.get(event=event, number=1).status == Round.Status.PUBLISHED


def test_a_bad_csv_in_the_admin_names_the_row_and_imports_nothing(client):
    event, organizer, _ = make_event(0)
    upload = SimpleUploadedFile("players.csv", b"name,rating\nAnna,2100\nBen,x\n", content_type="text/csv")
    response = _login(client, organizer).post(f"/admin/tournaments/event/{event.pk}/import-csv/", {"file": upload}, follow=True)
    assert b"row 3: rating" in response.content.lower()
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


def test_an_arbiter_enters_a_result_on_the_round_page_through_record_result(client):
    from tournaments.models import Game
    from tournaments.services import pair_round, publish_round

    event, organizer, _ = make_event(2)
    rnd = publish_round(pair_round(event, by=organizer))
    game = rnd.games.get()
    data = {
        "games-TOTAL_FORMS": "1",
        "games-INITIAL_FORMS": "1",
        "games-MIN_NUM_FORMS": "0",
        "games-MAX_NUM_FORMS": "1000",
        "games-0-id": str(game.pk),
        "games-0-round": str(rnd.pk),
        "games-0-result": "0-1",
        "games-0-termination": "checkmate",
        "byes-TOTAL_FORMS": "0",
        "byes-INITIAL_FORMS": "0",
        "byes-MIN_NUM_FORMS": "0",
        "byes-MAX_NUM_FORMS": "1000",
    }
    response = _login(client, organizer).post(f"/admin/tournaments/round/{rnd.pk}/change/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    game = Game.objects.get(pk=game.pk)
    assert (game.result, game.result_status, float(game.black_points)) == ("0-1", "final", 100.0)
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.COMPLETE
