"""Step 3 of moving Game to the tournaments app: state only (the table and its keys are already right)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0002_game_table_to_tournaments"),
        ("tournaments", "0003_game_from_games"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="move",
                    name="game",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="move_log", to="tournaments.game"
                    ),
                ),
                migrations.AlterField(
                    model_name="resultreport",
                    name="game",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="reports", to="tournaments.game"
                    ),
                ),
                migrations.DeleteModel(name="Game"),
            ],
            database_operations=[],
        ),
    ]
