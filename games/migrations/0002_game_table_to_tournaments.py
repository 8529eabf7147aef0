"""The board row (Game) moves to the tournaments app, the lower floor (docs/architecture.md).

Step 1 of 3: the table is renamed to the name the tournaments app gives it; the data and every foreign key
(moves and reports point at it) stay as they are. Step 2 (tournaments 0003) takes the model into that app's
state; step 3 (games 0003) points this app's foreign keys at it and drops the model from this app's state.
"""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0001_initial"),
    ]

    operations = [
        migrations.AlterModelTable(name="game", table="tournaments_game"),
    ]
