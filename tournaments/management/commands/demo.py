"""python manage.py demo [--password PW]: a demo Random Variant Chess Swiss to click through.

Idempotent: running it twice leaves the same event, players and accounts (passwords are set anew).
"""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from tournaments.models import Event, Player, Registration

DEMO_SLUG = "demo-rvc-swiss"
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
        parser.add_argument("--password", help="password for the organizer and demo1..demo12 (default: random)")

    @transaction.atomic
    def handle(self, *args, password: str | None = None, **options):
        password = password or secrets.token_urlsafe(9)
        User = get_user_model()
        organizer, _ = User.objects.get_or_create(username="organizer", defaults={"email": "organizer@example.org"})
        organizer.is_staff = True
        organizer.set_password(password)
        organizer.save()

        event, _ = Event.objects.get_or_create(
            slug=DEMO_SLUG,
            defaults={
                "name": "Demo Random Variant Chess Swiss",
                "format": Event.Format.SWISS,
                "rounds_planned": 5,
                "variant_policy": Event.VariantPolicy.RVC_ONE_ROLL,
                "organizer": organizer,
            },
        )
        for seed, (name, rating, federation) in enumerate(DEMO_PLAYERS, start=1):
            user, _ = User.objects.get_or_create(username=f"demo{seed}")
            user.set_password(password)
            user.save()
            player, _ = Player.objects.update_or_create(
                user=user, defaults={"name": name, "rating": rating, "federation": federation}
            )
            Registration.objects.update_or_create(event=event, player=player, defaults={"seed": seed})

        self.stdout.write(f"Demo event: /events/{event.slug}/")
        self.stdout.write(f"Organizer login: organizer / {password}  (players demo1..demo12, same password)")
