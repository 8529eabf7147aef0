"""tournaments 0033 moves a block's dice columns (first_roll, second_roll, first_shown, second_shown, castling)
into its one ``draw`` value, in the words of the engine's start options, and drops the array and start position the
draw gives; unapplied, the columns come back and the start is derived again."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from tests.migration_support import migrate_everything_forward
from variants.registry import fixed_keys, get_engine, rolled_key

AFTER = ("tournaments", "0033_block_draw")

# slug -> the old columns (first_roll, second_roll, first_shown, second_shown, castling), and the draw they make.
BLOCKS = {
    "server": (("1-3-5", "", "", "", "3"), {"roll": "1-3-5", "castling": "3"}),
    "physical": (
        ("1-1-2", "3-5-6", "2-1-1", "6-5-3", ""),
        {"roll": "1-1-2", "roll2": "3-5-6", "shown": "2-1-1", "shown2": "6-5-3"},
    ),  # fmt: skip
    "pool": (("", "", "", "", ""), {}),
}
# slug -> the block's variant (a pool's draw; empty: the event's, Random Variant Chess) and the start it had.
ROLLED = get_engine(rolled_key())
STARTS = {
    "server": ("", ROLLED.dice_start("1-3-5").position, list(ROLLED.dice_start("1-3-5").names)),
    "physical": ("", ROLLED.dice_start("1-1-2", "3-5-6").position, list(ROLLED.dice_start("1-1-2", "3-5-6").names)),
    "pool": (fixed_keys()[0], get_engine(fixed_keys()[0]).new().position(), []),
}
COLUMNS = ("first_roll", "second_roll", "first_shown", "second_shown", "castling")


def _migrate(target: tuple[str, str]):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target])
    return executor.loader.project_state([target]).apps


def _before() -> tuple[str, str]:
    """The migration this one follows (read from the graph, so rechaining the history keeps the test)."""
    executor = MigrationExecutor(connection)
    (parent,) = [p.key for p in executor.loader.graph.node_map[AFTER].parents if p.key[0] == "tournaments"]
    return parent


def _old_world(apps) -> None:
    User, Event = apps.get_model("auth", "User"), apps.get_model("tournaments", "Event")
    VariantBlock = apps.get_model("tournaments", "VariantBlock")
    user = User.objects.create(username="migrated")
    for slug, (columns, _) in BLOCKS.items():
        event = Event.objects.create(name=slug, slug=slug, organizer=user, variant_key=rolled_key())
        variant, position, array = STARTS[slug]
        VariantBlock.objects.create(event=event, index=1, **dict(zip(COLUMNS, columns, strict=True)), variant=variant,
                                    start_position=position, array=array, rolled_at=timezone.now())  # fmt: skip


def _blocks(apps, *columns) -> dict:
    rows = apps.get_model("tournaments", "VariantBlock").objects.values_list("event__slug", *columns)
    return {row[0]: row[1:] for row in rows}


@pytest.mark.django_db(transaction=True)
def test_the_dice_columns_move_into_the_draw_and_back():
    before = _before()
    _old_world(_migrate(before))

    new = _migrate(AFTER)
    assert _blocks(new, "draw") == {slug: (draw,) for slug, (_, draw) in BLOCKS.items()}
    assert not {"first_roll", "castling", "array", "start_position"} & {
        f.name for f in new.get_model("tournaments", "VariantBlock")._meta.fields
    }

    back = _migrate(before)
    assert _blocks(back, *COLUMNS) == {slug: columns for slug, (columns, _) in BLOCKS.items()}
    assert _blocks(back, "variant", "start_position", "array") == STARTS
    migrate_everything_forward()  # as the other tests expect (tests/migration_support.py)
