"""Issue 27: an Open with two rating sections. Registration (the import, and a player's own) puts each player in
the section the rating allows; each section pairs, publishes and ranks alone, through ``?section=`` on the event's
paths; both sections play the one roll of the event's dice; an unknown section is a 404 naming ``section``."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from accounts.notifications import profile_of
from tests.tournaments.organizer_api_support import client_for, decisive_results, organizer
from tournaments.models import Event, Registration, Section
from tournaments.services.self_registration import sign_up

pytestmark = pytest.mark.django_db

SECTIONS = [
    {"name": "Open", "format": "swiss", "rounds": 4},
    {"name": "U1800", "format": "rr", "rounds": 3, "max_rating": 1799},
]
PLAYERS = [
    {"name": "Anna Berger", "rating": 2150},
    {"name": "Ben Carter", "rating": 2090},
    {"name": "Chloé Dubois", "rating": 1990},
    {"name": "Dmitri Egorov", "rating": 1950},
    {"name": "Elif Fidan", "rating": 1750},
    {"name": "Femi Gbadamosi", "rating": 1600},
    {"name": "Greta Holm", "rating": 1420},
    {"name": "Hugo Ibarra", "rating": 1300},
]


@pytest.fixture
def event():
    client = client_for(organizer())
    body = {"name": "Spring Open", "variant_policy": "rvc-one-roll", "scoring": "dynamic", "sections": SECTIONS}
    response = client.post("/api/events/", body, format="json")
    assert response.status_code == 201, response.content
    assert [(s["slug"], s["format"], s["rounds"], s["max_rating"]) for s in response.json()["sections"]] == [
        ("open", "swiss", 4, None), ("u1800", "rr", 3, 1799)]  # fmt: skip
    assert client.post("/api/events/spring-open/players/", PLAYERS, format="json").status_code == 201
    assert client.post("/api/events/spring-open/announce/").status_code == 200
    return client


def names(client: APIClient, section: str) -> list[str]:
    players = client.get(f"/api/events/spring-open/?section={section}").json()["players"]
    return sorted(p["name"] for p in players)


def test_the_import_puts_each_player_in_the_section_the_rating_allows(event):
    assert names(event, "open") == ["Anna Berger", "Ben Carter", "Chloé Dubois", "Dmitri Egorov"]
    assert names(event, "u1800") == ["Elif Fidan", "Femi Gbadamosi", "Greta Holm", "Hugo Ibarra"]
    assert names(event, "") == names(event, "open")  # absent: the first section
    # Playing up is a choice: the import into ?section=open takes a 1500; ?section=u1800 refuses a 1900, naming why.
    up = event.post("/api/events/spring-open/players/?section=open", [{"name": "Iris Jansen", "rating": 1500}], format="json")
    assert up.status_code == 201
    down = event.post("/api/events/spring-open/players/?section=u1800", [{"name": "Jan Kral", "rating": 1900}], format="json")
    assert down.status_code == 400 and down.json()["errors"][0]["field"] == "rating"
    assert "Iris Jansen" in names(event, "open")


def test_a_player_registering_themself_goes_to_the_section_of_their_rating(event):
    Event.objects.filter(slug="spring-open").update(registration="open")
    Event.objects.filter(slug="spring-open").first().save()  # the sections share the event's way in
    user = get_user_model().objects.create(username="kim", email="kim@example.org")
    entry = sign_up(Event.objects.get(slug="spring-open"), user, name="Kim Lund", rating=1550)
    assert entry.event.section.slug == "u1800"


def test_each_section_pairs_publishes_and_ranks_alone_on_the_same_roll(event):
    rounds = {}
    for section in ("open", "u1800"):
        response = event.post(f"/api/events/spring-open/rounds/?section={section}")
        assert response.status_code == 201, response.content
        rounds[section] = response.json()
        assert event.post(f"/api/events/spring-open/rounds/1/publish/?section={section}").status_code == 200
    paired = {s: {b["white"]["name"] for b in r["boards"]} | {b["black"]["name"] for b in r["boards"]} for s, r in rounds.items()}
    assert paired["open"] == set(names(event, "open")) and paired["u1800"] == set(names(event, "u1800"))
    rows = decisive_results(rounds["u1800"])
    assert event.post("/api/events/spring-open/rounds/1/results/?section=u1800", rows, format="json").status_code == 200
    standings = {s: APIClient().get(f"/api/events/spring-open/standings/?section={s}").json() for s in ("open", "u1800")}
    assert {r["name"] for r in standings["u1800"]["rows"]} == set(names(event, "u1800"))
    assert standings["u1800"]["rounds_complete"] == 1 and standings["open"]["rounds_complete"] == 0
    # The one roll of the event: both sections' round 1 starts from the same dice and array.
    public = APIClient()
    variants = [public.get(f"/api/events/spring-open/rounds/1/?section={s}").json()["variant"] for s in ("open", "u1800")]
    assert variants[0]["first_roll"] and variants[0]["first_roll"] == variants[1]["first_roll"]
    assert variants[0]["array"] == variants[1]["array"]
    assert Registration.objects.filter(event__slug="spring-open").count() == 4


def test_an_unknown_section_is_a_404_naming_it(event):
    response = APIClient().get("/api/events/spring-open/standings/?section=u1200")
    assert response.status_code == 404 and "u1200" in str(response.json())
    assert APIClient().get("/events/spring-open/standings/?section=u1200").status_code == 404


def test_the_event_lists_show_the_event_once(event):
    slugs = [e["slug"] for e in APIClient().get("/api/events/").json()["results"]]
    assert slugs == ["spring-open"]
    assert Section.objects.filter(event__slug="spring-open").count() == 2


def _confirmed(username: str):
    user = get_user_model().objects.create(username=username, email=f"{username}@example.org")
    profile = profile_of(user)
    profile.confirmed_email = user.email  # the registration counts at once
    profile.save()
    return user


def test_the_cap_set_on_the_event_holds_in_every_section_and_is_counted_per_section(event):
    assert event.patch("/api/events/spring-open/", {"registration": "open", "max_players": 4}, format="json").status_code == 200
    assert sorted(Event.objects.filter(section__event__slug="spring-open").values_list("max_players", flat=True)) == [4, 4]
    spring = Event.objects.get(slug="spring-open")
    low = sign_up(spring, _confirmed("kim"), name="Kim Lund", rating=1550)
    assert low.event.section.slug == "u1800" and low.status == "waiting"  # u1800 has its four
    assert event.patch("/api/events/spring-open/", {"max_players": 5}, format="json").status_code == 200
    high = sign_up(spring, _confirmed("liv"), name="Liv Moe", rating=2000)
    assert high.event.section.slug == "open" and high.status == "active"  # the Open's fifth place
