"""A player without a given seed is ranked by rating, then FIDE title, then name (FIDE C.04.2, docs/pairing.md),
not in the order they were registered or imported: through the CSV import, the API's import and the admin. A seed
the organizer gave stays; the others take the numbers left free; round 1 pairs by that list; after it a late
entrant takes the next number."""

from __future__ import annotations

import pytest

from tests.tournaments.helpers import draw_fields, make_event, make_user
from tests.tournaments.organizer_api_support import client_for, create_event
from tournaments.exports.trf import start_ranks
from tournaments.models import Player, Registration
from tournaments.services import import_players, pair_round, publish_round, register_player
from variants.registry import fixed_keys

pytestmark = pytest.mark.django_db

# Import order is not rating order; Dora and Emil tie on rating (Emil's title first), Bea and Cleo tie on rating
# and title (alphabetical).
ROWS = "name,rating,title\nCleo Weiss,1900,\nAda Stone,1500,\nDora Lind,2100,\nEmil Marx,2100,IM\nBea Roth,1900,\n"
BY_RATING = ["Emil Marx", "Dora Lind", "Bea Roth", "Cleo Weiss", "Ada Stone"]


def _order(event) -> list[str]:
    return [r.player.name for r in Registration.objects.filter(event=event).order_by("seed").select_related("player")]


def _seeds(event) -> dict[str, int]:
    return {r.player.name: r.seed for r in Registration.objects.filter(event=event).select_related("player")}


def test_a_csv_without_a_seed_column_is_ranked_by_rating_then_title_then_name():
    event, organizer, _ = make_event(0)
    import_players(event, ROWS, by=organizer)
    assert _order(event) == BY_RATING and sorted(_seeds(event).values()) == [1, 2, 3, 4, 5]
    assert [r.player.name for r in start_ranks(event)] == BY_RATING  # the TRF's start ranks and the Dutch numbers


def test_seeds_given_in_the_file_stay_and_the_others_fill_the_free_numbers_by_rating():
    event, organizer, _ = make_event(0)
    import_players(
        event, "name,rating,seed\nAda Stone,1500,1\nBea Roth,1900,\nCleo Weiss,2000,\nDora Lind,2100,4\n", by=organizer
    )
    assert _seeds(event) == {"Ada Stone": 1, "Cleo Weiss": 2, "Bea Roth": 3, "Dora Lind": 4}
    assert {r.player.name: r.seed_given for r in Registration.objects.filter(event=event)} == {
        "Ada Stone": True, "Bea Roth": False, "Cleo Weiss": False, "Dora Lind": True,
    }  # fmt: skip


def test_players_registered_one_by_one_or_by_a_second_import_join_the_rating_order():
    event, organizer, _ = make_event(0)
    import_players(event, "name,rating\nAda Stone,1500\nBea Roth,1900\n", by=organizer)
    import_players(event, "name,rating\nCleo Weiss,2000\n", by=organizer)
    register_player(event, Player.objects.create(name="Dora Lind", rating=2100))
    assert _order(event) == ["Dora Lind", "Cleo Weiss", "Bea Roth", "Ada Stone"]


def test_the_api_import_ranks_by_rating_and_round_1_pairs_by_that_list():
    client = client_for(make_user("director", is_staff=True))
    slug = create_event(client, variant_policy="fixed", variant=fixed_keys()[0], scoring="classical")["slug"]
    rows = [{"name": "Ada Stone", "rating": 1500}, {"name": "Bea Roth", "rating": 1900},
            {"name": "Cleo Weiss", "rating": 2000}, {"name": "Dora Lind", "rating": 2100}]  # fmt: skip
    assert client.post(f"/api/events/{slug}/players/", rows, format="json").status_code == 201
    players = {p["name"]: p["seed"] for p in client.get(f"/api/events/{slug}/").json()["players"]}
    assert players == {"Dora Lind": 1, "Cleo Weiss": 2, "Bea Roth": 3, "Ada Stone": 4}
    boards = client.post(f"/api/events/{slug}/rounds/").json()["boards"]
    # FIDE Dutch round 1: 1 meets 3 and 2 meets 4 (top half against bottom half, in pairing-number order)
    met = {frozenset((b["white"]["name"], b["black"]["name"])) for b in boards}
    assert met == {frozenset(("Dora Lind", "Bea Roth")), frozenset(("Cleo Weiss", "Ada Stone"))}


def test_a_rating_corrected_before_round_1_counts_and_a_late_entrant_takes_the_next_number():
    event, organizer, _ = make_event(0, **{**draw_fields("fixed"), "variant_key": fixed_keys()[0]}, scoring="classical")
    import_players(event, "name,rating\nAda Stone,1500\nBea Roth,1900\nCleo Weiss,2000\nDora Lind,2100\n", by=organizer)
    Player.objects.filter(name="Ada Stone").update(rating=2200)  # corrected after the import
    publish_round(pair_round(event, 1, by=organizer), by=organizer)
    assert _order(event) == ["Ada Stone", "Dora Lind", "Cleo Weiss", "Bea Roth"]
    Player.objects.filter(name="Bea Roth").update(rating=2500)  # after round 1 the numbers are fixed
    late = register_player(event, Player.objects.create(name="Zed Late", rating=2700))
    assert late.seed == 5 and _order(event) == ["Ada Stone", "Dora Lind", "Cleo Weiss", "Bea Roth", "Zed Late"]


def test_the_admin_registers_without_a_seed_by_rating_and_a_typed_seed_is_given(client):
    event, director, _ = make_event(0)
    client.force_login(director)
    low, high = Player.objects.create(name="Ada Stone", rating=1500), Player.objects.create(name="Dora Lind", rating=2100)
    url = f"/admin/tournaments/event/{event.pk}/change/"
    page = client.get(url)
    assert page.status_code == 200
    form = {
        "name": event.name, "slug": event.slug, "format": event.format, "rounds_planned": event.rounds_planned,
        "variant_policy": event.draw.name, "variant_key": "", "time_control": event.time_control,
        "scoring": event.scoring, "tiebreaks": event.tiebreaks, "organizer": director.pk, "is_public": "on",
        "registrations-TOTAL_FORMS": "2", "registrations-INITIAL_FORMS": "0",
        "registrations-0-player": low.pk, "registrations-0-seed": "0",
        "registrations-1-player": high.pk, "registrations-1-seed": "0",
        "forbidden_pairings-TOTAL_FORMS": "0", "forbidden_pairings-INITIAL_FORMS": "0",
    }  # fmt: skip
    answer = client.post(url, form)
    assert answer.status_code == 302, answer.content.decode()[:3000]
    assert _seeds(event) == {"Dora Lind": 1, "Ada Stone": 2}
    # A seed typed in the admin is given and stays; the others follow the rating order around it.
    reg = Registration.objects.get(event=event, player=low)
    change = client.post(f"/admin/tournaments/registration/{reg.pk}/change/", {"event": event.pk, "player": low.pk, "seed": "1"})
    assert change.status_code == 302, change.content.decode()[:3000]
    reg.refresh_from_db()
    assert (reg.seed, reg.seed_given) == (1, True) and _seeds(event) == {"Ada Stone": 1, "Dora Lind": 2}
