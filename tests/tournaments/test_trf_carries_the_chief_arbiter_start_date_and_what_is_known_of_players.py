"""The TRF export writes what is known: the chief arbiter (102, set with ``PATCH /api/events/{slug}/`` or the admin's
event form), the start date (042: the event's, else its first round's), and each player's sex, title and birth
date (001 columns 10, 11-13, 70-79; the birth date only in the download of the event's staff). The imports take
sex, title and birth date and name what is wrong."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.pages import trf16_spec
from tests.tournaments.helpers import draw_fields, make_user
from tests.tournaments.organizer_api_support import client_for, create_event
from tournaments.models import Event, PairingChange, Player
from variants.registry import fixed_keys

pytestmark = pytest.mark.django_db

PLAYERS = [
    {"name": "Anna Berger", "rating": 2150, "sex": "w", "title": "WIM", "birth_date": "1990-04-01", "fide_id": "1001"},
    {"name": "Ben Carter", "rating": 2090, "sex": "M", "title": "", "birth_date": "2001/12/31"},
    {"name": "Chloé Dubois", "rating": 2045},
    {"name": "Dmitri Egorov", "rating": 2010, "title": "CM"},
]


@pytest.fixture
def running():
    """A classical event made through the API, its players imported, round 1 paired and published."""
    director = make_user("director", is_staff=True)
    client = client_for(director)
    slug = create_event(client, variant_policy="fixed", variant=fixed_keys()[0], scoring="classical")["slug"]
    assert client.post(f"/api/events/{slug}/players/", PLAYERS, format="json").status_code == 201
    client.post(f"/api/events/{slug}/rounds/")
    assert client.post(f"/api/events/{slug}/rounds/1/publish/").status_code == 200
    client.post(f"/api/events/{slug}/announce/")
    return client, slug, director


def _trf(client, slug: str) -> trf16_spec.Report:
    response = client.get(f"/events/{slug}/export/tournament.trf")
    assert response.status_code == 200, response.content
    return trf16_spec.read(response.content.decode())


def test_patch_names_the_chief_arbiter_written_in_record_102(running):
    client, slug, _ = running
    assert _trf(APIClient(), slug).tags["102"] == [""]  # no arbiter yet, and never a login name
    answer = client.patch(f"/api/events/{slug}/", {"chief_arbiter": "  IA Clara Chief "}, format="json")
    assert answer.status_code == 200 and answer.json()["chief_arbiter"] == "IA Clara Chief"
    assert _trf(APIClient(), slug).tags["102"] == ["IA Clara Chief"]
    entry = PairingChange.objects.filter(event__slug=slug, action="event-changed").get()
    assert (entry.before, entry.after) == ({"chief_arbiter": ""}, {"chief_arbiter": "IA Clara Chief"})


def test_the_chief_arbiter_comes_before_the_event_arbiters_who_are_deputies(running):
    client, slug, _ = running
    event = Event.objects.get(slug=slug)
    event.arbiters.add(make_user("dan", first_name="Dan", last_name="Deputy"), make_user("login-only"))
    assert _trf(APIClient(), slug).tags["102"] == ["Dan Deputy"]  # the first arbiter with a name; no login name
    client.patch(f"/api/events/{slug}/", {"chief_arbiter": "Clara Chief"}, format="json")
    report = _trf(APIClient(), slug)
    assert (report.tags["102"], report.tags["112"]) == (["Clara Chief"], ["Dan Deputy"])


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"chief_arbiter": "Clara\nChief"}, "chief_arbiter"),
        ({"chief_arbiter": "x" * 101}, "chief_arbiter"),
        ({"chief_arbiter": 7}, "chief_arbiter"),
        ({"chief_arbiter": "Clara", "colour": "red"}, "colour"),
    ],
)
def test_a_bad_patch_names_its_field_and_changes_nothing(running, body, field):
    client, slug, _ = running
    answer = client.patch(f"/api/events/{slug}/", body, format="json")
    assert answer.status_code == 400 and field in {e["field"] for e in answer.json()["errors"]}
    assert Event.objects.get(slug=slug).chief_arbiter == ""


def test_only_the_organizer_patches_the_event(running):
    _, slug, _ = running
    assert APIClient().patch(f"/api/events/{slug}/", {"chief_arbiter": "X"}, format="json").status_code == 401
    other = client_for(make_user("other", is_staff=True))
    assert other.patch(f"/api/events/{slug}/", {"chief_arbiter": "X"}, format="json").status_code == 403


def test_the_start_date_is_the_first_rounds_when_the_event_has_none(running):
    _, slug, _ = running
    event = Event.objects.get(slug=slug)
    first = event.rounds.get(number=1).published_at.date()
    assert _trf(APIClient(), slug).tags["042"] == [first.strftime("%Y/%m/%d")]
    event.starts_on = first.replace(year=first.year - 1)
    event.save(update_fields=["starts_on"])
    assert _trf(APIClient(), slug).tags["042"] == [event.starts_on.strftime("%Y/%m/%d")]


def test_sex_title_and_birth_date_are_in_their_columns_the_birth_date_for_the_staff_only(running):
    _, slug, _ = running
    public = {p.name: (p.sex, p.title, p.birth) for p in _trf(APIClient(), slug).players}
    assert public == {
        "Berger, Anna": ("w", "WIM", ""),
        "Carter, Ben": ("m", "", ""),
        "Dubois, Chloé": ("", "", ""),
        "Egorov, Dmitri": ("", "CM", ""),
    }
    client, slug, director = running
    browser = Client()
    browser.force_login(director)  # the organizer downloads the file from the event's page
    staff = {p.name: p.birth for p in _trf(browser, slug).players}
    assert staff == {"Berger, Anna": "1990/04/01", "Carter, Ben": "2001/12/31", "Dubois, Chloé": "", "Egorov, Dmitri": ""}
    line = next(line for line in browser.get(f"/events/{slug}/export/tournament.trf").content.decode().split("\r\n")
                if "Berger" in line)  # fmt: skip
    assert (line[9], line[10:13], line[69:79]) == ("w", "WIM", "1990/04/01")


def test_the_import_names_a_bad_sex_title_or_birth_date_and_fills_what_a_known_player_lacks():
    client = client_for(make_user("director", is_staff=True))
    slug = create_event(client)["slug"]
    rows = [{"name": "A", "sex": "x"}, {"name": "B", "title": "Grandmaster"}, {"name": "C", "birth_date": "1990-02-30"},
            {"name": "D", "birth_date": "1850-01-01"}]  # fmt: skip
    answer = client.post(f"/api/events/{slug}/players/", rows, format="json")
    assert answer.status_code == 400
    assert [(e["row"], e["field"]) for e in answer.json()["errors"]] == [
        (1, "sex"),
        (2, "title"),
        (3, "birth_date"),
        (4, "birth_date"),
    ]
    assert not Player.objects.exists()
    Player.objects.create(name="Known", fide_id="42", title="FM")
    csv = "name,fide_id,sex,title,birth_date\nKnown,42,m,IM,1980-01-02\n"
    assert client.post(f"/api/events/{slug}/players/", csv, content_type="text/csv").status_code == 201
    known = Player.objects.get(fide_id="42")
    assert (known.sex, known.title, str(known.birth_date)) == ("m", "FM", "1980-01-02")  # a title it had stays


def test_the_admin_event_form_sets_the_chief_arbiter_and_refuses_two_lines(client):
    director = make_user("director", is_staff=True)
    client.force_login(director)
    event = Event.objects.create(name="Cup", slug="cup", organizer=director, **draw_fields("rvc-one-roll"))
    form = {"name": "Cup", "slug": "cup", "format": "swiss", "rounds_planned": "5", "variant_policy": "rvc-one-roll",
            "variant_key": "", "time_control": "90+30", "scoring": "dynamic", "tiebreaks": "BH-C1",
            "organizer": str(director.pk), "is_public": "on", "registrations-TOTAL_FORMS": "0",
            "registrations-INITIAL_FORMS": "0", "forbidden_pairings-TOTAL_FORMS": "0",
            "forbidden_pairings-INITIAL_FORMS": "0"}  # fmt: skip
    url = f"/admin/tournaments/event/{event.pk}/change/"
    refused = client.post(url, {**form, "chief_arbiter": "Clara\r\nChief"})
    assert refused.status_code == 200 and "no newline, tab or other control character" in refused.content.decode()
    answer = client.post(url, {**form, "chief_arbiter": "Clara Chief"})
    assert answer.status_code == 302, answer.content.decode()[:2000]
    event.refresh_from_db()
    assert event.chief_arbiter == "Clara Chief"
    assert PairingChange.objects.filter(event=event, action="event-changed").count() == 1
    shown = client.get(answer["Location"]).content.decode()
    assert "is a draft: only you" not in shown  # said when the event is created, not on each change


def test_the_admin_says_a_new_event_is_a_draft(client):
    director = make_user("director", is_staff=True)
    client.force_login(director)
    form = {"name": "Cup", "slug": "cup", "format": "swiss", "rounds_planned": "5", "variant_policy": "rvc-one-roll",
            "variant_key": "", "time_control": "90+30", "scoring": "dynamic", "tiebreaks": "BH-C1",
            "organizer": str(director.pk), "is_public": "on", "chief_arbiter": "Clara Chief",
            "registrations-TOTAL_FORMS": "0", "registrations-INITIAL_FORMS": "0",
            "forbidden_pairings-TOTAL_FORMS": "0", "forbidden_pairings-INITIAL_FORMS": "0"}  # fmt: skip
    answer = client.post("/admin/tournaments/event/add/", form, follow=True)
    assert "Cup is a draft: only you and its arbiters see it" in answer.content.decode()
    assert Event.objects.get(slug="cup").chief_arbiter == "Clara Chief"
