"""python manage.py demo [--password PW]: a demo Random Variant Chess Swiss to click through.

Twelve players (accounts demo1..demo12), rounds 1-4 played with seeded results, round 5 paired, published and
unplayed - all built through tournaments.services and tournaments.services.results, like real use.

Idempotent: running it twice leaves the same event, players, accounts, rounds and results; existing rounds are
never paired again. The password is chosen once and kept (tournaments/management/demo_password.py): each run
prints it again, and ``--password`` sets a new one for the organizer and every demo player.
"""

from __future__ import annotations

import random
import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from pairing.systems import SWISS
from tournaments.management import demo_check_in, demo_password
from tournaments.management.migrations_check import ensure_migrated
from tournaments.models import Event, Game, Player, Registration, Round
from tournaments.services import enter_result, pair_round, prepare_event, publish_round
from tournaments.services.simulation import random_result
from tournaments.tasks.standings import one_snapshot_per_event

DEMO_SLUG = "demo-rvc-swiss"
PLAYED_ROUNDS = 4  # round 5 is paired and left to play
DEMO_PLAYERS = [
    ("Anna Berger", 2150, "AUT"),
    ("Ben Carter", 2090, "ENG"),
    ("Chloé Dubois", 2045, "FRA"),
    ("Dmitri Egorov", 2010, "RUS"),
    ("Elif Fidan", 1980, "TUR"),
    ("Finn Gallagher", 1955, "IRL"),
    ("Greta Hansen", 1920, "DEN"),
    ("Hiro Ito", 1890, "JPN"),
    ("Ines Jimenez", 1860, "ESP"),
    ("Jonas Keller", 1830, "GER"),
    ("Kofi Larbi", 1800, "GHA"),
    ("Lena Meyer", 1770, "SUI"),
]


class Command(BaseCommand):
    help = "Create (or refresh) the demo event: a 12-player Random Variant Chess Swiss."

    def add_arguments(self, parser):
        parser.add_argument(
            "--password", help="a new password for the organizer and demo1..demo12 (default: the one kept, or random)"
        )

    def handle(self, *args, password: str | None = None, **options):
        ensure_migrated(self.stderr)
        self._build(password)

    @transaction.atomic
    def _build(self, given: str | None) -> None:
        User = get_user_model()
        organizer = User.objects.filter(username="organizer").first() or User(username="organizer", email="organizer@example.org")
        password = demo_password.choose(given, organizer)
        organizer.is_staff = True
        if password.set_now:
            organizer.set_password(password.text)
        organizer.save()

        event, _ = Event.objects.get_or_create(
            slug=DEMO_SLUG,
            defaults={
                "name": "Demo Random Variant Chess Swiss",
                "format": SWISS.key,
                "rounds_planned": 5,
                "variant_policy": Event.VariantPolicy.DICE,
                "organizer": organizer,
            },
        )
        for seed, (name, rating, federation) in enumerate(DEMO_PLAYERS, start=1):
            user, created = User.objects.get_or_create(username=f"demo{seed}")
            if password.set_now or created or not user.has_usable_password():
                user.set_password(password.text or secrets.token_urlsafe(9))
                user.save()
            player, _ = Player.objects.update_or_create(
                user=user, defaults={"name": name, "rating": rating, "federation": federation}
            )
            if not event.rounds.exists():  # the field is fixed once round 1 is paired
                Registration.objects.update_or_create(event=event, player=player, defaults={"seed": seed})

        with one_snapshot_per_event() as events:  # one snapshot for the whole demo, not one per result
            events.add(event.pk)  # published even when every result was already there
            self._play(event, organizer)
        club = demo_check_in.build(organizer)  # the second event: check-in and open registration (issue 23)
        self.stdout.write(f"Demo event: /events/{event.slug}/")
        self.stdout.write(f"Rounds 1-{PLAYED_ROUNDS} played, round {PLAYED_ROUNDS + 1} paired and published")
        self.stdout.write(f"Check-in event: /events/{club.slug}/ (demo1..demo4 checked in for round 1)")
        if password.text:
            self.stdout.write(f"Organizer login: organizer / {password.text}  (players demo1..demo12, same password)")
        else:
            self.stdout.write("Organizer login: organizer, with the password you gave it (demo --password PW sets one)")

    def _play(self, event: Event, organizer) -> None:
        """Pair and publish rounds 1-5 where missing; give rounds 1-4 seeded results where missing."""
        prepare_event(event)
        for number in range(1, PLAYED_ROUNDS + 2):
            rnd = Round.objects.filter(event=event, number=number).first()
            if rnd is None or rnd.status == Round.Status.PENDING:
                rnd = pair_round(event, number, by=organizer)
            rnd = publish_round(rnd, by=organizer)
            if number > PLAYED_ROUNDS:
                break
            rng = random.Random(f"demo/{number}")
            for game in rnd.games.select_related("white", "black", "round__event").order_by("board"):
                outcome = random_result(rng, game, event.scoring)  # drawn for every board: results stay the same
                if game.result_status != Game.ResultStatus.FINAL:
                    enter_result(game, by=organizer, **outcome)
