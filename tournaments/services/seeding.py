"""Starting ranks (pairing numbers) before round 1, as docs/pairing.md and FIDE C.04.2 give them.

A seed the organizer gave (an import's ``seed`` column, a number typed in the admin) stays. Every other registration
takes the numbers left free in FIDE's initial order (C.04.2: rating, high first; then FIDE title,
GM-IM-WGM-FM-WIM-CM-WFM-WCM-no title; then alphabetically), whatever order the players were registered or imported
in; an event seeding by the rating list (``seed_by: rating``, issue 28) reads the rating there
(tournaments.rating_source). The order is kept as players register and is made once more when round 1 is paired
(a rating corrected since counts); from then on the numbers are fixed, and a late entrant takes the next free number
when registered.
"""

from __future__ import annotations

from itertools import count

from tournaments.fide import initial_order
from tournaments.models import Event, Registration, Round
from tournaments.rating_source import seeding_ratings


def pairing_started(event: Event) -> bool:
    """Whether round 1 has been paired: pairing numbers are then fixed."""
    return event.rounds.exclude(status=Round.Status.PENDING).exists()


def next_seed(event: Event) -> int:
    """The number after the highest one given so far (a late entrant's, or a registration's until it is ranked)."""
    highest = Registration.objects.filter(event=event).order_by("-seed").values_list("seed", flat=True).first()
    return (highest or 0) + 1


def rank_unseeded(event: Event) -> None:
    """Number the registrations without a given seed in FIDE's initial order, in the numbers the given seeds leave
    free (a given seed that repeats another one moves to the next free number). Nothing once round 1 is paired."""
    if pairing_started(event):
        return
    registrations = list(Registration.objects.filter(event=event).select_related("player"))
    rating = seeding_ratings(event, [r.player for r in registrations])

    def order(registration: Registration) -> tuple:  # FIDE's order, by the list's rating under seed_by: rating
        return (-rating.get(registration.player_id, registration.player.rating), *initial_order(registration.player)[1:])

    given = sorted((r for r in registrations if r.seed_given and r.seed > 0), key=lambda r: (r.seed, *order(r)))
    numbers: dict[int, int] = {}
    for registration in given:
        number = registration.seed
        while number in numbers.values():
            number += 1
        numbers[registration.pk] = number
    taken = set(numbers.values())
    free = (number for number in count(1) if number not in taken)
    for registration in sorted((r for r in registrations if r.pk not in numbers), key=order):
        numbers[registration.pk] = next(free)
    changed = [r for r in registrations if r.seed != numbers[r.pk]]
    for registration in changed:
        registration.seed = numbers[registration.pk]
    Registration.objects.bulk_update(changed, ["seed"])
