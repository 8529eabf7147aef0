"""A variant pool (issue 29): ``variant_policy: "pool"`` with ``pool: [variant keys]`` draws one variant for every
block of two rounds from the committed seed; the commitment is public before the draw, the seed and the variant
once the round is published, and ``python -m variants.fairroll`` checks the draw. The organizer API and the admin's
event form take the pool and refuse alike what is not one."""

from __future__ import annotations

import pytest

from tests.tournaments.organizer_api_support import PLAYERS, client_for, organizer
from tournaments.admin.forms import EventForm
from tournaments.models import Event, Game
from variants import fairroll, policies
from variants.registry import fixed_keys, get_engine, rolled_key

pytestmark = pytest.mark.django_db
POOL = [fixed_keys()[0], fixed_keys()[1], rolled_key()]  # plain chess, a seed variant, Random Variant Chess


def _pool_event(client, **fields) -> dict:
    body = {"name": "Pool Open", "format": "swiss", "rounds": 6, "variant_policy": policies.POOL_DRAW.name,
            "pool": POOL, "scoring": "dynamic", **fields}  # fmt: skip
    answer = client.post("/api/events/", body, format="json")
    assert answer.status_code == 201, answer.content
    return answer.json()


def _publish_next(client, slug: str) -> dict:
    paired = client.post(f"/api/events/{slug}/rounds/")
    assert paired.status_code == 201, paired.content
    number = paired.json()["number"]
    assert client.post(f"/api/events/{slug}/rounds/{number}/publish/").status_code == 200
    return paired.json()


def test_a_pool_of_three_variants_draws_each_block_checkably(capsys):
    client = client_for(organizer())
    created = _pool_event(client)
    slug = created["slug"]
    assert (created["variant_policy"], created["variant"], created["pool"]) == (policies.POOL_DRAW.name, "", POOL)
    assert len(created["blocks"]) == 3 and all(b["commitment"] and b["seed"] is None and b["variant"] is None
                                                for b in created["blocks"])  # fmt: skip
    assert client.post(f"/api/events/{slug}/players/", PLAYERS, format="json").status_code == 201
    before = client.get(f"/api/events/{slug}/").json()["blocks"]
    drawn = set()
    for number in (1, 2, 3):
        rnd = _publish_next(client, slug)
        for board in rnd["boards"]:
            client.post(f"/api/events/{slug}/rounds/{number}/results/",
                        [{"board": board["board"], "result": "1-0", "termination": "resignation"}], format="json")  # fmt: skip
        public = client_for(organizer(f"reader{number}")).get(f"/api/events/{slug}/").json()["blocks"]
        block = next(b for b in public if b["first_round"] <= number <= b["last_round"])
        assert block["commitment"] == before[block["index"] - 1]["commitment"]  # the one public before the draw
        assert block["seed"] and block["variant"] in POOL
        assert fairroll.verify_pool(block["seed"], block["commitment"], block["identity"], POOL, block["variant"])
        argv = ["--seed", block["seed"], "--commitment", block["commitment"], "--block", block["identity"],
                "--pool", ",".join(POOL), "--variant", block["variant"]]  # fmt: skip
        assert fairroll.main(argv) == 0
        assert capsys.readouterr().out.splitlines()[-1] == "OK"
        assert fairroll.main([*argv[:-1], next(k for k in POOL if k != block["variant"])]) == 1
        games = Game.objects.filter(round__event__slug=slug, round__number=number)
        assert {g.variant for g in games} == {block["variant"]}
        if get_engine(block["variant"]).rolled:  # a rolled variant drawn takes one roll of its dice from the seed
            assert fairroll.verify(block["seed"], block["commitment"], block["identity"], *block["canonical"][:1], None)
        drawn.add(block["variant"])
        assert client.get(f"/api/events/{slug}/rounds/{number}/").json()["variant"]["variant"] == block["variant"]
    assert drawn <= set(POOL)
    page = client.get(f"/events/{slug}/").content.decode()
    assert "Drawn from a pool for every two rounds" in page and get_engine(POOL[0]).name in page


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"pool": [fixed_keys()[0]]}, "pool"),  # one variant is no pool
        ({"pool": [fixed_keys()[0], fixed_keys()[0]]}, "pool"),
        ({"pool": [fixed_keys()[0], "no-such-variant"]}, "pool"),
        ({"pool": POOL, "variant": fixed_keys()[0]}, "variant"),
        ({"pool": POOL, "variant_policy": policies.FIXED_DRAW.name, "variant": fixed_keys()[0]}, "pool"),
        ({"pool": []}, "pool"),
    ],
)
def test_the_api_and_the_admin_refuse_what_is_no_pool(fields, field):
    user = organizer()
    client = client_for(user)
    body = {"name": "Bad Pool", "format": "swiss", "rounds": 4, "variant_policy": policies.POOL_DRAW.name,
            "scoring": "dynamic", **fields}  # fmt: skip
    answer = client.post("/api/events/", body, format="json")
    assert answer.status_code == 400, answer.content
    assert field in {e["field"].split("[")[0].split(".")[0] for e in answer.json()["errors"]}, answer.json()
    assert not Event.objects.exists()
    data = {"name": "Bad Pool", "slug": "bad-pool", "format": "swiss", "rounds_planned": 4, "time_control": "90+30",
            "scoring": "dynamic", "organizer": user.pk, "status": "draft", "tiebreaks": "BH",
            "variant_policy": body["variant_policy"], "variant_key": fields.get("variant", ""),
            "pool": fields.get("pool", []), "check_in_opens_minutes": 60,
            "registration": "closed", "requested_bye_points": "0.5", "max_requested_byes": 1}  # fmt: skip
    form = EventForm(data=data)
    assert not form.is_valid()
    assert {"pool", "variant_key"} & set(form.errors), form.errors


def test_the_admin_form_takes_a_pool_as_the_api_does():
    user = organizer()
    data = {"name": "Admin Pool", "slug": "admin-pool", "format": "swiss", "rounds_planned": 4, "time_control": "90+30",
            "scoring": "dynamic", "organizer": user.pk, "status": "draft", "tiebreaks": "BH",
            "variant_policy": policies.POOL_DRAW.name, "variant_key": "", "pool": POOL, "check_in_opens_minutes": 60,
            "registration": "closed", "requested_bye_points": "0.5", "max_requested_byes": 1}  # fmt: skip
    form = EventForm(data=data)
    assert form.is_valid(), form.errors
    event = form.save()
    assert (event.variant_policy, event.variant_key, policies.pool_of(event.variant_options)) == (policies.POOL, "", POOL)


def test_a_patch_makes_an_event_a_pool_and_commits_its_blocks():
    client = client_for(organizer())
    body = {"name": "Later Pool", "format": "swiss", "rounds": 4, "variant_policy": policies.FIXED_DRAW.name,
            "variant": fixed_keys()[0], "scoring": "classical"}  # fmt: skip
    slug = client.post("/api/events/", body, format="json").json()["slug"]
    answer = client.patch(f"/api/events/{slug}/", {"variant_policy": policies.POOL_DRAW.name, "pool": POOL}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["pool"] == POOL and [bool(b["commitment"]) for b in answer.json()["blocks"]] == [True, True]
    pool = policies.POOL_DRAW.name
    fewer = client.patch(f"/api/events/{slug}/", {"variant_policy": pool, "pool": POOL[:2]}, format="json")
    assert fewer.status_code == 200 and fewer.json()["pool"] == POOL[:2]
    assert client.patch(f"/api/events/{slug}/", {"variant_policy": pool, "pool": POOL[:1]}, format="json").status_code == 400
    alone = client.patch(f"/api/events/{slug}/", {"pool": POOL}, format="json")  # a pool is named with its policy
    assert alone.status_code == 400 and "variant_policy" in alone.json()["errors"][0]["field"]


def test_a_rolled_variant_drawn_from_the_pool_starts_from_the_dice_of_the_same_seed():
    from tests.tournaments.helpers import make_event
    from tournaments.services import roll_now

    identity = "pool-dice/block-1"
    seed = next(s for s in (f"{n:064x}" for n in range(1, 200)) if POOL[fairroll.derive_choice(s, identity, 3)] == rolled_key())
    fields = {"variant_policy": policies.POOL, "variant_key": "", "variant_options": {policies.POOL_OPTION: POOL}}
    event, organizer_user, _ = make_event(4, slug="pool-dice", **fields)
    block = event.variant_blocks.get(index=1)
    block.seed, block.commitment, block.identity = seed, fairroll.commitment(seed), identity
    block.save()
    block = roll_now(event, 1, by=organizer_user)
    first, _ = fairroll.derive_rolls(seed, identity, False)
    assert (block.variant, block.first_roll, block.second_roll) == (rolled_key(), first, "")
    assert block.start_position == get_engine(rolled_key()).dice_start(first).position and len(block.array) == 12


def test_the_directors_pages_of_a_pool_event(client):
    from tests.tournaments.helpers import make_event
    from tournaments.models import VariantBlock

    fields = {"variant_policy": policies.POOL, "variant_key": "", "variant_options": {policies.POOL_OPTION: POOL}}
    event, organizer_user, _ = make_event(5, slug="pool-admin", **fields)
    client.force_login(organizer_user)
    assert client.get(f"/admin/tournaments/event/{event.pk}/change/").status_code == 200
    url = f"/admin/tournaments/event/{event.pk}/dice/"
    assert VariantBlock.objects.get(event=event, index=1).commitment in client.get(url).content.decode()
    client.post(url, {"op": "roll", "block": "1"})
    block = VariantBlock.objects.get(event=event, index=1)
    rolled = client.get(url).content.decode()
    assert block.variant in POOL and block.seed in rolled and get_engine(block.variant).name in rolled
    assert f"--pool {','.join(POOL)}" in rolled
    refused = client.post(url, {"op": "physical", "block": "2", "b2-roll": "6-6-2", "b2-reason": "venue dice"})
    assert "draws its variants from a pool" in refused.content.decode()
    page = client.post(f"/admin/tournaments/event/{event.pk}/director/", {"op": "pair"}, follow=True)
    assert page.status_code == 200
    assert client.get(page.redirect_chain[-1][0]).status_code == 200  # the round's review
    assert {g.variant for g in Game.objects.filter(round__event=event)} == {block.variant}
