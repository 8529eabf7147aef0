"""The event's variant policy names no variant, and a game's start is one options value its engine reads.

Before: ``Event.variant_policy`` was ``rvc1`` / ``rvc2`` / ``fixed`` (two of them naming Random Variant Chess) and
``Game.first_roll`` / ``second_roll`` held a Random Variant Chess block's rolls. After: the policy is ``dice`` or
``fixed``, the variant is ``variant_key`` (under dice, the rolled variant) and the draw's options are
``variant_options`` (``{"rolls": 2}``); a game keeps ``start_options`` as its engine makes them of the dice
(``{"roll": "2-4-4", "roll2": "1-3-6"}``). The data move both ways without loss; the names below are history, as
this migration found them, so they are written out here rather than asked of today's engines.
"""

import variants.registry
from django.db import migrations, models

OLD_ROLLED_KEY = "rvc"  # the variant every rvc1 / rvc2 event played
ROLLS_OF = {"rvc1": 1, "rvc2": 2}


def forward(apps, schema_editor):
    Event, Game = apps.get_model("tournaments", "Event"), apps.get_model("tournaments", "Game")
    for event in Event.objects.filter(variant_policy__in=list(ROLLS_OF)):
        event.variant_options = {"rolls": ROLLS_OF[event.variant_policy]}
        event.variant_policy, event.variant_key = "dice", OLD_ROLLED_KEY
        event.save(update_fields=["variant_policy", "variant_key", "variant_options"])
    for game in Game.objects.exclude(first_roll="", second_roll=""):
        game.start_options = {name: roll for name, roll in (("roll", game.first_roll), ("roll2", game.second_roll)) if roll}
        game.save(update_fields=["start_options"])


def backward(apps, schema_editor):
    Event, Game = apps.get_model("tournaments", "Event"), apps.get_model("tournaments", "Game")
    for event in Event.objects.filter(variant_policy="dice"):
        event.variant_policy = "rvc2" if (event.variant_options or {}).get("rolls") == 2 else "rvc1"
        event.save(update_fields=["variant_policy"])
    for game in Game.objects.exclude(start_options={}):
        game.first_roll = game.start_options.get("roll", "")
        game.second_roll = game.start_options.get("roll2", "")
        game.save(update_fields=["first_roll", "second_roll"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0008_scoring_from_the_registry"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="variant_options",
            field=models.JSONField(
                blank=True, default=dict, help_text='The options of the draw, e.g. {"rolls": 2} (variants.policies).'
            ),
        ),
        migrations.AddField(
            model_name="game",
            name="start_options",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AlterField(
            model_name="event",
            name="variant_policy",
            field=models.CharField(
                choices=[("fixed", "A fixed variant"), ("dice", "Drawn by dice for every two rounds")],
                default="dice",
                max_length=8,
            ),
        ),
        migrations.RunPython(forward, backward),
        migrations.RemoveField(model_name="game", name="first_roll"),
        migrations.RemoveField(model_name="game", name="second_roll"),
        migrations.AlterField(
            model_name="event",
            name="variant_key",
            field=models.CharField(
                default=variants.registry.rolled_key, help_text="The variant played (a key of variants.registry).", max_length=16
            ),
        ),
    ]
