"""tournaments 0034 turns Event.tiebreaks from a comma-separated text into a JSON list of codes: every event keeps
its list, in order, across the migration (every C.07 code included), and
unapplied, the texts come back as they were (issue 35)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.migration_support import migrate_everything_forward

AFTER = ("tournaments", "0034_event_tiebreak_list")
EVERY_C07_CODE = ("BH-C1,BH-C2,BH-M1,BH-M2,BH,FB,SB,SB-C1,AOB,DE,WIN,WON,BPG,BWG,REP,PS,PS-C1,KS,ARO,ARO-C1,TPR,PTP,"
                  "APRO,APPO,STD,TPN")  # fmt: skip
TEXTS = {"default": "BH-C1,BH,SB,DE,WIN,BPG", "none": "", "one": "DE", "every": EVERY_C07_CODE}


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


def _lists(apps) -> dict[str, object]:
    return dict(apps.get_model("tournaments", "Event").objects.values_list("slug", "tiebreaks"))


@pytest.mark.django_db(transaction=True)
def test_every_events_tiebreaks_survive_the_migration_both_ways():
    before = _before()
    old = _migrate(before)
    user = old.get_model("auth", "User").objects.create(username="migrated")
    for slug, text in TEXTS.items():
        old.get_model("tournaments", "Event").objects.create(name=slug, slug=slug, tiebreaks=text, organizer=user)

    new = _lists(_migrate(AFTER))
    assert new == {slug: text.split(",") if text else [] for slug, text in TEXTS.items()}
    assert _lists(_migrate(before)) == TEXTS
    migrate_everything_forward()  # as the other tests expect (tests/migration_support.py)
    now = _migrate(AFTER)
    organizer = now.get_model("auth", "User").objects.get(pk=user.pk)
    created = now.get_model("tournaments", "Event").objects.create(name="new", slug="new", organizer=organizer)
    assert created.tiebreaks == ["BH-C1", "BH", "SB", "DE", "WIN", "BPG"]  # a new event's default, the list
