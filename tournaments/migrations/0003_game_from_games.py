"""Step 2 of moving Game from the games app (games 0002 renamed its table): the model enters this app's state."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0002_colour_draw'),
        ('games', '0002_game_table_to_tournaments'),
    ]

    operations = [
      migrations.SeparateDatabaseAndState(
        database_operations=[],
        state_operations=[
        migrations.CreateModel(
            name='Game',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('board', models.PositiveSmallIntegerField(default=1)),
                ('variant', models.CharField(default='rvc', max_length=16)),
                ('first_roll', models.CharField(blank=True, max_length=5)),
                ('second_roll', models.CharField(blank=True, max_length=5)),
                ('start_position', models.CharField(blank=True, max_length=200)),
                ('result', models.CharField(blank=True, max_length=8)),
                ('termination', models.CharField(blank=True, max_length=32)),
                ('white_points', models.DecimalField(blank=True, decimal_places=2, max_digits=6, null=True)),
                ('black_points', models.DecimalField(blank=True, decimal_places=2, max_digits=6, null=True)),
                ('result_status', models.CharField(blank=True, choices=[('', 'No result'), ('reported', 'Reported, awaiting confirmation'), ('disputed', 'Disputed'), ('final', 'Final')], default='', max_length=10)),
                ('status', models.CharField(choices=[('scheduled', 'Scheduled'), ('live', 'In play'), ('finished', 'Finished')], default='scheduled', max_length=10)),
                ('position', models.CharField(blank=True, max_length=300)),
                ('moves', models.JSONField(blank=True, default=list)),
                ('clock', models.JSONField(blank=True, default=dict)),
                ('controllers', models.JSONField(blank=True, default=dict)),
                ('flag_deadline', models.DateTimeField(blank=True, db_index=True, null=True)),
                ('version', models.PositiveIntegerField(default=0)),
                ('started_at', models.DateTimeField(blank=True, null=True)),
                ('finished_at', models.DateTimeField(blank=True, null=True)),
                ('black', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='black_games', to='tournaments.player')),
                ('round', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='games', to='tournaments.round')),
                ('white', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='white_games', to='tournaments.player')),
            ],
            options={
                'ordering': ['round', 'board'],
                'constraints': [models.UniqueConstraint(fields=('round', 'board'), name='unique_board')],
            },
        ),
            ],
      ),
    ]
