"""tournaments 0009 moves an event's policy off the variant's name (rvc1 / rvc2 become the dice policy with the
number of rolls as an option) and a game's rolls into its start options; unapplied, both come back as they were."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.migration_support import migrate_everything_forward

AFTER = ("tournaments", "0009_variant_policy_and_start_options")


def _migrate(target: tuple[str, str]):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target])
    return executor.loader.project_state([target]).apps


def _before() -> tuple[str, str]:
    """The migration this one follows (read from the graph, so renumbering the history keeps the test)."""
    executor = MigrationExecutor(connection)
    (parent,) = [p.key for p in executor.loader.graph.node_map[AFTER].parents if p.key[0] == "tournaments"]
    return parent


def _old_world(apps) -> None:
    User = apps.get_model("auth", "User")
    Event, Round = apps.get_model("tournaments", "Event"), apps.get_model("tournaments", "Round")
    Player, Game = apps.get_model("tournaments", "Player"), apps.get_model("tournaments", "Game")
    user = User.objects.create(username="migrated")
    rounds = {}
    for slug, policy, key in (("one", "rvc1", "rvc"), ("two", "rvc2", "rvc"), ("fixed", "fixed", "reach")):
        event = Event.objects.create(name=slug, slug=slug, organizer=user, variant_policy=policy, variant_key=key)
        rounds[slug] = Round.objects.create(event=event, number=1)
    white, black = Player.objects.create(name="W"), Player.objects.create(name="B")
    for board, (slug, first, second) in enumerate((("one", "2-4-4", ""), ("two", "1-1-2", "3-5-6"), ("fixed", "", ""))):
        Game.objects.create(round=rounds[slug], board=board + 1, white=white, black=black, first_roll=first,
                            second_roll=second, variant="reach" if slug == "fixed" else "rvc")  # fmt: skip


def _events(apps, *columns) -> dict:
    return {e[0]: e[1:] for e in apps.get_model("tournaments", "Event").objects.values_list("slug", *columns)}


def _games(apps, *columns) -> dict:
    return {g[0]: g[1:] for g in apps.get_model("tournaments", "Game").objects.values_list("round__event__slug", *columns)}


@pytest.mark.django_db(transaction=True)
def test_policies_and_rolls_move_to_the_new_columns_and_back():
    before = _before()
    old = _migrate(before)
    _old_world(old)

    new = _migrate(AFTER)
    assert _events(new, "variant_policy", "variant_key", "variant_options") == {
        "one": ("dice", "rvc", {"rolls": 1}),
        "two": ("dice", "rvc", {"rolls": 2}),
        "fixed": ("fixed", "reach", {}),
    }
    assert _games(new, "start_options") == {
        "one": ({"roll": "2-4-4"},),
        "two": ({"roll": "1-1-2", "roll2": "3-5-6"},),
        "fixed": ({},),
    }

    back = _migrate(before)
    assert _events(back, "variant_policy", "variant_key") == {
        "one": ("rvc1", "rvc"),
        "two": ("rvc2", "rvc"),
        "fixed": ("fixed", "reach"),
    }
    assert _games(back, "first_roll", "second_roll") == {"one": ("2-4-4", ""), "two": ("1-1-2", "3-5-6"), "fixed": ("", "")}
    migrate_everything_forward()  # as the other tests expect (tests/migration_support.py)
