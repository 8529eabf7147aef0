"""The demo's second event (issue 23): a club night with check-in and open registration, round 1 not paired yet.

Players demo1..demo6 are registered and demo1..demo4 have checked in for round 1: pairing it leaves demo5 and demo6
out (the review page names them); anyone may register until it is paired. Idempotent, like the demo command.
"""

from __future__ import annotations

from pairing.systems import SWISS
from scoring import CLASSICAL
from tournaments.models import CheckIn, Event, Player, Registration, RegistrationMode
from tournaments.services import prepare_event
from variants.registry import fixed_keys

SLUG = "demo-club-night"
REGISTERED = 6
CHECKED_IN = 4


def build(organizer) -> Event:
    event, _ = Event.objects.get_or_create(
        slug=SLUG,
        defaults={
            "name": "Demo club night (check-in)",
            "format": SWISS.key,
            "rounds_planned": 4,
            "variant_policy": Event.VariantPolicy.FIXED,
            "variant_key": fixed_keys()[0],  # the registry's first variant without dice (plain chess)
            "scoring": CLASSICAL.key,
            "time_control": "15+10",
            "organizer": organizer,
            "status": Event.Status.ANNOUNCED,
            "registration": RegistrationMode.OPEN,
            "max_players": 16,
            "check_in_required": True,
            "check_in_opens_minutes": 60,
        },
    )
    prepare_event(event)
    if event.rounds.exclude(status="pending").exists():
        return event  # round 1 is paired: the field is fixed
    for seed in range(1, REGISTERED + 1):
        player = Player.objects.get(user__username=f"demo{seed}")
        reg, _ = Registration.objects.update_or_create(event=event, player=player, defaults={"seed": seed})
        if seed <= CHECKED_IN:
            CheckIn.objects.get_or_create(registration=reg, round_number=1)
    return event
