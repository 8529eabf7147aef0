"""Event.tiebreaks: a comma-separated text becomes a JSON list of codes (issue 35), and back when unapplied.

A new column is filled from the old one, which is then dropped and the new one renamed: PostgreSQL cannot cast a
text like ``BH-C1,BH`` to jsonb in place, and the whole catalogue as JSON is longer than the old 200 characters.
"""

from django.db import migrations, models

import scoring.tiebreak_codes


def to_lists(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    for event in Event.objects.only("pk", "tiebreaks").iterator():
        codes = [code.strip().upper() for code in (event.tiebreaks or "").split(",") if code.strip()]
        Event.objects.filter(pk=event.pk).update(tiebreak_list=codes)


def to_texts(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    for event in Event.objects.only("pk", "tiebreak_list").iterator():
        Event.objects.filter(pk=event.pk).update(tiebreaks=",".join(event.tiebreak_list or []))


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0033_block_draw")]

    operations = [
        migrations.AddField(
            model_name="event",
            name="tiebreak_list",
            field=models.JSONField(blank=True, default=scoring.tiebreak_codes.default_tiebreaks),
        ),
        migrations.RunPython(to_lists, to_texts),
        migrations.RemoveField(model_name="event", name="tiebreaks"),
        migrations.RenameField(model_name="event", old_name="tiebreak_list", new_name="tiebreaks"),
        migrations.AlterField(
            model_name="event",
            name="tiebreaks",
            field=models.JSONField(
                blank=True,
                default=scoring.tiebreak_codes.default_tiebreaks,
                help_text="Tie-break codes in order, e.g. BH-C1, BH, SB, DE, WIN, BPG (docs/rules/tiebreaks.md).",
            ),
        ),
    ]
