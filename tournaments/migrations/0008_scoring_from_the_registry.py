# The event's scoring choices are read from scoring.registry (a callable), so registering a profile needs no
# migration; the stored keys ("dynamic", "classical") are unchanged.

import scoring.registry
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0007_event_baku_acceleration'),
    ]

    operations = [
        migrations.AlterField(
            model_name='event',
            name='scoring',
            field=models.CharField(choices=scoring.registry.profile_choices, default='dynamic', max_length=12),
        ),
    ]
