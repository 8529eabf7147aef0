# Issue 28: an event's games count for the rating lists (rated), and its seeding may follow them (seed_by).

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0020_variant_pool"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="rated",
            field=models.BooleanField(
                default=False, help_text="Its finished games count for the rating lists (forfeits excluded)."
            ),
        ),
        migrations.AddField(
            model_name="event",
            name="seed_by",
            field=models.CharField(
                choices=[("typed", "The typed rating"), ("rating", "The rating list")],
                default="typed",
                help_text="The rating the starting ranks follow: the list's is the event's variant's (a player without one keeps the typed rating).",
                max_length=8,
            ),
        ),
    ]
