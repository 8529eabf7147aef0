"""A block's draw becomes one value its engine reads (issue 35): the dice columns (first_roll, second_roll,
first_shown, second_shown, castling) move into ``draw`` under the keys of variants.draw.DRAW_KEYS, and back; the
block's array and start position, derived from the draw (variants.drawn_start), are dropped and, unapplied,
derived back."""

from django.db import migrations, models

from variants.drawn_start import drawn_start

# The old columns and the draw's keys for them, in order (variants.draw.DRAW_KEYS; written out here so the
# migration keeps its meaning whatever the code later calls them).
COLUMNS = (("first_roll", "roll"), ("second_roll", "roll2"), ("first_shown", "shown"), ("second_shown", "shown2"),
           ("castling", "castling"))  # fmt: skip


def columns_to_draw(apps, schema_editor) -> None:
    VariantBlock = apps.get_model("tournaments", "VariantBlock")
    for block in VariantBlock.objects.all():
        block.draw = {key: getattr(block, column) for column, key in COLUMNS if getattr(block, column)}
        block.save(update_fields=["draw"])


def draw_to_columns(apps, schema_editor) -> None:
    VariantBlock = apps.get_model("tournaments", "VariantBlock")
    for block in VariantBlock.objects.all():
        draw = block.draw if isinstance(block.draw, dict) else {}
        for column, key in COLUMNS:
            setattr(block, column, str(draw.get(key) or ""))
        key = block.variant or block.event.variant_key
        position, names = drawn_start(key, block.first_roll, block.second_roll, block.rolled_at is not None)
        block.start_position, block.array = position, list(names)
        block.save(update_fields=[*(column for column, _ in COLUMNS), "start_position", "array"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0032_event_pairing")]

    operations = [
        migrations.AddField(
            model_name="variantblock",
            name="draw",
            field=models.JSONField(blank=True, default=dict, help_text="What the block's draw produced (its engine reads it)."),
        ),
        migrations.RunPython(columns_to_draw, draw_to_columns),
        migrations.RemoveField(model_name="variantblock", name="first_roll"),
        migrations.RemoveField(model_name="variantblock", name="second_roll"),
        migrations.RemoveField(model_name="variantblock", name="first_shown"),
        migrations.RemoveField(model_name="variantblock", name="second_shown"),
        migrations.RemoveField(model_name="variantblock", name="castling"),
        migrations.RemoveField(model_name="variantblock", name="array"),
        migrations.RemoveField(model_name="variantblock", name="start_position"),
    ]
