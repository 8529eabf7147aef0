# Draw offers and claims made during live games (issue 13).

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0003_game_model_in_tournaments'),
        ('tournaments', '0004_variant_defaults_from_the_registry'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='GameAction',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('draw-offer', 'Draw offer'), ('threefold-repetition', 'Claim: threefold repetition'), ('fifty-moves', 'Claim: fifty-move rule'), ('perpetual-check', 'Claim: perpetual check')], max_length=24)),
                ('seat', models.CharField(help_text='The person who made it: the seat that started as white or black.', max_length=5)),
                ('army', models.CharField(help_text='The army that person played when making it (the checking side).', max_length=5)),
                ('ply', models.PositiveIntegerField(help_text='Entries in the move list when it was made.')),
                ('moves', models.JSONField(blank=True, default=list, help_text='The move list when it was made (for the arbiter).')),
                ('position', models.CharField(blank=True, max_length=300)),
                ('status', models.CharField(choices=[('open', 'Awaiting the opponent (or, in Parity Chess, the end of the turn)'), ('arbiter', 'Awaiting the arbiter'), ('accepted', 'Accepted (the game ended)'), ('declined', 'Declined or rejected'), ('lapsed', 'Lapsed (the opponent moved on, or the game ended otherwise)')], default='open', max_length=10)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('decided_at', models.DateTimeField(blank=True, null=True)),
                ('note', models.CharField(blank=True, max_length=500)),
                ('decided_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='actions', to='tournaments.game')),
            ],
            options={
                'ordering': ['-created_at'],
                'indexes': [models.Index(fields=['game', 'status'], name='game_action_open')],
            },
        ),
    ]
