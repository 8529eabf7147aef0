"""The dice ceremony over the API: commitment public before the roll, "roll now" reveals a checkable server roll,
physical dice kept as shown and correctable until the block's first round is paired, each change audited, and
pairing an unrolled block rolls it first and says so."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.tournaments.organizer_api_support import client_for, create_event, event_with_players, organizer, paired
from tournaments.models import PairingChange, VariantBlock
from variants import fairroll

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    client = client_for(organizer())
    return client, event_with_players(client)


def roll(client, slug: str, index: int = 1, **body):
    return client.post(f"/api/events/{slug}/blocks/{index}/roll/", body, format="json")


def test_roll_now_reveals_a_server_roll_anyone_can_check_against_the_commitment(api):
    client, slug = api
    client.post(f"/api/events/{slug}/announce/")
    before = APIClient().get(f"/api/events/{slug}/").json()["blocks"][0]
    assert before["commitment"] and before["roll"] is None and before["seed"] is None
    response = roll(client, slug, how="server")
    assert response.status_code == 200
    block = response.json()
    assert block["how"] == "server" and block["commitment"] == before["commitment"]
    stored = VariantBlock.objects.get(event__slug=slug, index=1)
    assert fairroll.verify(block["seed"], block["commitment"], stored.identity, block["roll"], None, two_rolls=False)
    assert APIClient().get(f"/api/events/{slug}/").json()["blocks"][0]["seed"] == block["seed"]
    assert roll(client, slug, how="server").json()["roll"] == block["roll"]  # rolling again changes nothing
    entry = PairingChange.objects.get(event__slug=slug, action="dice-rolled")
    assert entry.before["how"] is None and entry.after["roll"] == block["roll"]


def test_physical_dice_are_kept_as_shown_correctable_until_paired_then_409(api):
    client, slug = api
    first = roll(client, slug, how="physical", roll="6-6-2")
    assert first.status_code == 200
    block = first.json()
    assert (block["how"], block["roll"], block["canonical"], block["seed"]) == ("physical", "6-6-2", ["2-6-6"], None)
    assert block["commitment"] and block["replaced_reason"] == "physical dice thrown at the venue"
    corrected = roll(client, slug, how="physical", roll="6-5-2").json()
    assert (corrected["roll"], corrected["canonical"], corrected["commitment"]) == ("6-5-2", ["2-5-6"], block["commitment"])
    change = PairingChange.objects.get(event__slug=slug, action="dice-corrected")
    # The audit trail speaks the words of the block's draw: the dice as shown, and the canonical rolls.
    assert (change.before["shown"], change.after["shown"], change.user.username) == ("6-6-2", "6-5-2", "director")
    assert (change.before["roll"], change.after["roll"]) == ("2-6-6", "2-5-6")
    assert VariantBlock.objects.get(event__slug=slug, index=1).draw["shown"] == "6-5-2"

    body = paired(client, slug)
    assert body["rolled_now"] is False and body["variant"]["first_roll"] == "2-5-6"
    late = roll(client, slug, how="physical", roll="1-1-1")
    assert late.status_code == 409 and late.json()["errors"][0]["block"] == 1
    assert VariantBlock.objects.get(event__slug=slug, index=1).first_shown == "6-5-2"
    assert roll(client, slug, how="server").status_code == 409


def test_a_physical_roll_replacing_the_commitment_keeps_it_with_the_reason(api):
    client, slug = api
    commitment = VariantBlock.objects.get(event__slug=slug, index=1).commitment
    block = roll(client, slug, how="physical", roll="3-1-2", reason="the players asked for real dice").json()
    assert (block["commitment"], block["replaced_reason"]) == (commitment, "the players asked for real dice")
    entry = PairingChange.objects.get(event__slug=slug, action="dice-entered")
    assert commitment[:12] in entry.description and "the players asked for real dice" in entry.description


def test_pairing_an_unrolled_block_rolls_it_first_and_says_so(api):
    client, slug = api
    body = paired(client, slug)
    assert body["rolled_now"] is True
    assert "had not been rolled" in body["notices"][0]
    entry = PairingChange.objects.get(event__slug=slug, action="dice-rolled")
    assert "when round 1 was paired" in entry.description


def test_two_roll_events_need_the_second_roll_unless_three_alike():
    client = client_for(organizer())
    slug = event_with_players(client, variant_policy="rvc-two-rolls")
    missing = roll(client, slug, how="physical", roll="1-2-3")
    assert missing.status_code == 400 and missing.json()["errors"][0]["field"] == "roll2"
    assert roll(client, slug, how="physical", roll="4-4-4").json()["roll2"] is None
    both = roll(client, slug, how="physical", roll="3-2-1", roll2="6-6-5").json()
    assert (both["roll"], both["roll2"], both["canonical"]) == ("3-2-1", "6-6-5", ["1-2-3", "5-6-6"])


@pytest.mark.parametrize(
    ("body", "field", "status"),
    [
        ({"how": "physical", "roll": "7-1-1"}, "roll", 400),
        ({"how": "physical", "roll": "1-2"}, "roll", 400),
        ({"how": "physical"}, "roll", 400),
        ({"how": "physical", "roll": "1-2-3", "roll2": "4-5-6"}, "roll2", 400),
        ({"how": "magic"}, "how", 400),
        ({"how": "server", "roll": "1-2-3"}, "roll", 400),
    ],
)
def test_bad_dice_are_named_and_change_nothing(api, body, field, status):
    client, slug = api
    response = roll(client, slug, **body)
    assert response.status_code == status, response.content
    assert response.json()["errors"][0]["field"] == field and response.json()["errors"][0]["block"] == 1
    assert VariantBlock.objects.get(event__slug=slug, index=1).rolled_at is None
    assert not PairingChange.objects.filter(action__startswith="dice").exists()


def test_blocks_that_do_not_exist_fixed_events_and_strangers_are_refused(api):
    client, slug = api
    for index in (9, 5000):  # past the blocks its rounds make: the path names no block
        missing = roll(client, slug, index, how="server")
        assert missing.status_code == 404 and "index" in missing.json()["errors"], missing.content
    assert roll(APIClient(), slug, how="server").status_code == 401
    assert roll(client_for(organizer("other")), slug, how="server").status_code == 403
    fixed = create_event(client, name="Fixed", variant_policy="fixed", variant="chess", scoring="classical")["slug"]
    assert roll(client, fixed, how="server").status_code == 404  # a fixed variant has no blocks
    assert VariantBlock.objects.filter(rolled_at__isnull=False).count() == 0
