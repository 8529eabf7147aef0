"""The Game admin shows a game's internals read-only (an edit is refused and changes nothing); the arbiter's page
records a result, sets the clock and records a forfeit through the services, each in the audit trail and each
refused when the game's state forbids it; a bad value stored before (an unknown variant, a clock that does not
read) never makes the game's page or its API answer a 500."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from games.play.engines import clear_engine_cache
from games.play.moves import submit_move
from tests.tournaments.helpers import make_event
from tournaments.models import Game, PairingChange
from tournaments.services import pair_round, publish_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup(client):
    event, organizer, _ = make_event(2, slug="adm", rounds=1, variant_policy="fixed", variant_key="chess")
    rnd = publish_round(pair_round(event, by=organizer), by=organizer)
    game = rnd.games.select_related("white", "black").get()
    client.force_login(organizer)
    clear_engine_cache()
    return client, game, organizer


def change_url(game: Game) -> str:
    return f"/admin/tournaments/game/{game.pk}/change/"


def arbiter_url(game: Game) -> str:
    return f"/admin/tournaments/game/{game.pk}/arbiter/"


def test_the_internals_are_shown_read_only_and_an_edit_is_refused(setup):
    client, game, _ = setup
    page = client.get(change_url(game)).content.decode()
    for label in ("Variant", "Moves", "Clock (as stored)", "Status", "Version", "Start position", "Position"):
        assert label in page
    assert 'name="variant"' not in page and 'name="clock"' not in page and 'name="moves"' not in page
    before = Game.objects.values().get(pk=game.pk)
    answer = client.post(change_url(game), {"variant": "nosuch", "clock": '{"white": "x"}', "moves": '["e4"]', "version": "9"})
    assert answer.status_code == 403
    assert Game.objects.values().get(pk=game.pk) == before
    assert client.post(f"/admin/tournaments/game/{game.pk}/delete/", {"post": "yes"}).status_code == 403


def test_the_arbiter_records_a_result_and_a_forfeit_through_the_services(setup):
    client, game, organizer = setup
    answer = client.post(arbiter_url(game), {"op": "result", "b1-result": "1-0", "b1-termination": "resignation"})
    assert answer.status_code == 302, answer.content.decode()[:2000]
    game.refresh_from_db()
    assert (game.result, game.result_status) == ("1-0", "final") and game.white_points > game.black_points
    corrected = client.post(arbiter_url(game), {"op": "forfeit", "forfeit-absent": "white"})
    assert corrected.status_code == 302
    game.refresh_from_db()
    assert (game.result, game.termination) == ("0-1", "forfeit")
    actions = list(PairingChange.objects.filter(event=game.round.event).values_list("action", flat=True))
    assert "result-entered" in actions and "result-corrected" in actions


def test_the_arbiter_sets_the_clock_audited_and_a_refusal_keeps_what_was_typed(setup):
    client, game, _ = setup
    user = get_user_model().objects.create_user("whiteplayer")
    game.white.user = user
    game.white.save()
    submit_move(game.pk, user, "e4")
    answer = client.post(
        arbiter_url(game), {"op": "clock", "clock-action": "adjust", "clock-side": "black", "clock-seconds": "60"}
    )
    assert answer.status_code == 302, answer.content.decode()[:3000]
    entry = PairingChange.objects.get(action="clock-changed")
    assert "clock black +60 s" in entry.description and entry.user.username == "adm-org"
    assert entry.after["black"]["remaining_ms"] - entry.before["black"]["remaining_ms"] == 60_000
    refused = client.post(arbiter_url(game), {"op": "clock", "clock-action": "adjust", "clock-seconds": "30"})
    assert refused.status_code == 200 and "names the army" in refused.content.decode()
    assert 'value="30"' in refused.content.decode()


def test_a_stranger_cannot_open_the_arbiters_page(setup, client):
    _, game, _ = setup
    stranger = get_user_model().objects.create(username="stranger", is_staff=True)
    client.force_login(stranger)
    assert client.get(arbiter_url(game)).status_code in (403, 404)


@pytest.mark.parametrize(
    ("column", "value", "page", "api"),
    [("variant", "nosuch", {404}, {409}), ("clock", {"white": "x"}, {200}, {200}),
     ("start_options", {"x": 1}, {200, 404}, {200, 409}), ("start_options", ["x"], {404}, {409})],
)  # fmt: skip
def test_a_bad_stored_value_is_never_a_500(client, setup, column, value, page, api):
    _, game, _ = setup
    Game.objects.filter(pk=game.pk).update(**{column: value})  # as an edit made before the admin was read-only left it
    clear_engine_cache()
    assert client.get(f"/games/{game.pk}/").status_code in page
    assert client.get(f"/api/games/{game.pk}/").status_code in api
