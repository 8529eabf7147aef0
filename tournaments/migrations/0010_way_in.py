# Issue 23, a player's way in: Player.email and .username, the event's registration, check-in and bye settings, SignUp, CheckIn.

import django.db.models.deletion
from decimal import Decimal
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0009_variant_policy_and_start_options'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='event',
            name='check_in_opens_minutes',
            field=models.PositiveIntegerField(default=60, help_text='Check-in opens this long before a round.'),
        ),
        migrations.AddField(
            model_name='event',
            name='check_in_required',
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name='event',
            name='max_players',
            field=models.PositiveIntegerField(blank=True, help_text='Past it, registrations wait on a list.', null=True),
        ),
        migrations.AddField(
            model_name='event',
            name='max_requested_byes',
            field=models.PositiveSmallIntegerField(default=1),
        ),
        migrations.AddField(
            model_name='event',
            name='registration',
            field=models.CharField(choices=[('closed', 'Closed (the director enters players)'), ('open', 'Open'), ('approval', "Open, with the director's approval")], default='closed', max_length=8),
        ),
        migrations.AddField(
            model_name='event',
            name='registration_closes_at',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='event',
            name='requested_bye_points',
            field=models.DecimalField(choices=[(Decimal('0'), '0'), (Decimal('0.5'), '½'), (Decimal('1'), '1')], decimal_places=1, default=Decimal('0.5'), help_text="A game's share.", max_digits=2),
        ),
        migrations.AddField(
            model_name='player',
            name='email',
            field=models.EmailField(blank=True, max_length=254),
        ),
        migrations.AddField(
            model_name='player',
            name='username',
            field=models.CharField(blank=True, help_text="The username suggested for the player's login.", max_length=150),
        ),
        migrations.CreateModel(
            name='CheckIn',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('round_number', models.PositiveSmallIntegerField()),
                ('at', models.DateTimeField(auto_now_add=True)),
                ('registration', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='check_ins', to='tournaments.registration')),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('registration', 'round_number'), name='unique_check_in')],
            },
        ),
        migrations.CreateModel(
            name='SignUp',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=200)),
                ('rating', models.PositiveSmallIntegerField(default=0)),
                ('federation', models.CharField(blank=True, max_length=3)),
                ('fide_id', models.CharField(blank=True, max_length=12)),
                ('status', models.CharField(choices=[('pending', "Pending (e-mail to confirm, or the director's approval)"), ('waiting', 'On the waiting list'), ('active', 'Registered'), ('refused', 'Refused'), ('withdrawn', 'Withdrawn')], default='pending', max_length=10)),
                ('email_confirmed_at', models.DateTimeField(blank=True, null=True)),
                ('approved_at', models.DateTimeField(blank=True, null=True)),
                ('waiting_since', models.DateTimeField(blank=True, help_text='Its place on the waiting list.', null=True)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('decided_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='sign_ups', to='tournaments.event')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='sign_ups', to='tournaments.player')),
                ('registration', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='sign_up', to='tournaments.registration')),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='sign_ups', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['event', 'created_at', 'id'],
                'constraints': [models.UniqueConstraint(fields=('event', 'player'), name='unique_sign_up')],
            },
        ),
    ]
