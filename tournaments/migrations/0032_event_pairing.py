"""Event.format's choices become the pairing registry's (pairing.systems): a callable, so a registered system needs
no migration; 16 characters leave room for an extension's key. The values stay as they are (a widened column)."""

from django.db import migrations, models

import pairing.systems


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0030_event_rated_and_seed_by"),
    ]

    operations = [
        migrations.AlterField(
            model_name="event",
            name="format",
            field=models.CharField(choices=pairing.systems.system_choices, default="swiss", max_length=16),
        ),
    ]
