"""Build the classical events of the tie-break fixtures through the project's services and write their TRF exports.

Run from the project root (a throwaway SQLite database; nothing else is touched):

    DATABASE_URL=sqlite:////tmp/tiebreak-fixtures.sqlite3 .venv/bin/python tests/scoring/tiebreak_reference/make_trfs.py

Every event is seeded (``random.Random(f"tiebreak-fixture/{n}")``) and goes through the same services an organizer
uses: players registered, rounds paired and published by the project's own pairing (Dutch Swiss, Berger tables),
requested byes asked before a round is paired, late entries (missed rounds as zero-point or half-point byes),
withdrawals from a round on, forfeits (one side or both) entered as results, the pairing-allocated bye of an odd
field. Events starting before 1 March 2026 fall under C.07 of 1 August 2024, the others under the 2026 text (the
TRF's 042 date says which). The TRF files are written to ``trf/`` beside this script; ``run_reference.py`` then
records FIDE's TieBreakServer's values for each (see README.md).
"""

from __future__ import annotations

import contextlib
import os
import random
import sys
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.exceptions import ValidationError  # noqa: E402
from django.core.management import call_command  # noqa: E402

from tournaments.exports.trf import tournament_trf  # noqa: E402
from tournaments.models import Bye, Event, Player  # noqa: E402
from tournaments.services import late_entry, pair_round, publish_round, request_bye, withdraw_player  # noqa: E402
from tournaments.services.events import create_event, enter_result, prepare_event, register_player  # noqa: E402
from tournaments.services.rounds import rounds_total  # noqa: E402
from tournaments.services.simulation import derived_seed, random_result  # noqa: E402
from tournaments.standings import event_standings  # noqa: E402
from variants import policies  # noqa: E402

EVENTS = int(os.environ.get("EVENTS", "130"))


def plan(n: int) -> dict:
    """What event ``n`` is: its format, field, rounds, start date and how often each unplayed kind happens."""
    rng = random.Random(f"tiebreak-fixture/plan/{n}")
    kind = ("swiss", "swiss", "rr", "swiss", "rr", "rr2")[n % 6]
    if kind == "swiss":
        players, rounds = rng.randint(6, 22), rng.randint(4, 9)
    elif kind == "rr":
        players = rng.randint(3, 10)
        rounds = players if players % 2 else players - 1
    else:
        players = rng.randint(3, 6)
        rounds = 2 * (players if players % 2 else players - 1)
    starts = date(2025, 5, 10) if n % 2 == 0 else date(2026, 4, 18)
    return {
        "format": kind,
        "players": players,
        "rounds": rounds,
        "starts_on": starts,
        "forfeit": rng.choice((0.0, 0.04, 0.08, 0.15)),
        "double_forfeit": rng.choice((0.0, 0.02, 0.05)),
        "bye_requests": rng.choice((0, 1, 2, 3)),
        "withdrawals": rng.choice((0, 0, 1, 2)),
        "late": rng.choice((0, 0, 1, 2)) if kind == "swiss" else 0,
    }


def build(n: int) -> Event:
    spec = plan(n)
    rng = random.Random(f"tiebreak-fixture/{n}")
    User = get_user_model()
    slug = f"tb-fixture-{n:03d}"
    organizer = User.objects.create(username=f"{slug}-organizer")
    draw = policies.draws()[0]
    event = create_event(
        seed_for=lambda label: derived_seed(n, label),
        name=f"Tiebreak fixture {n:03d} ({spec['format']})",
        slug=slug,
        format=spec["format"],
        rounds_planned=spec["rounds"],
        variant_policy=draw.policy,
        variant_key=draw.variant,
        variant_options=dict(draw.options),
        scoring="classical",
        organizer=organizer,
        is_public=False,
        starts_on=spec["starts_on"],
        city="Oslo",
        federation="NOR",
    )
    ratings = sorted((rng.randint(1400, 2600) for _ in range(spec["players"])), reverse=True)
    players = []
    for i, rating in enumerate(ratings):
        user = User.objects.create(username=f"{slug}-p{i + 1}")
        player = Player.objects.create(name=f"Player{i + 1:02d} Fixture{n:03d}", rating=rating, user=user)
        register_player(event, player, seed=i + 1)
        players.append(player)
    total = min(spec["rounds"], rounds_total(event))
    prepare_event(event, seed_for=lambda label: derived_seed(n, label), blocks=(total + 1) // 2)
    _ask_byes(event, players, total, spec["bye_requests"], rng)
    withdraw_at = {rng.randint(2, max(2, total)): rng.choice(players) for _ in range(spec["withdrawals"])}
    late_at = {rng.randint(2, max(2, total - 1)) for _ in range(spec["late"])}
    for number in range(1, total + 1):
        if number in withdraw_at:
            _try(withdraw_player, event, withdraw_at[number], from_round=number, by=organizer)
        if number in late_at:
            user = User.objects.create(username=f"{slug}-late{number}")
            late = Player.objects.create(name=f"Late{number:02d} Fixture{n:03d}", rating=rng.randint(1400, 2200), user=user)
            late_entry(event, late, missed_bye=rng.choice((Bye.Kind.ABSENT, Bye.Kind.REQUESTED)), by=organizer)
        rnd = publish_round(pair_round(event, number, by=organizer), by=organizer)
        for game in rnd.games.select_related("white", "black", "round__event").order_by("board"):
            enter_result(game, by=organizer, **_result(rng, game, spec))
    event.status = Event.Status.CLOSED
    event.save(update_fields=["status"])
    return event


def _ask_byes(event: Event, players: list, total: int, count: int, rng: random.Random) -> None:
    for _ in range(count):
        _try(request_bye, event, rng.choice(players), rng.randint(1, total))


def _try(action, *args, **kwargs) -> None:
    """A request the event refuses (a second bye, a round-robin withdrawal the schedule cannot take) is skipped."""
    from tournaments.services.errors import Conflict

    with contextlib.suppress(ValidationError, Conflict):
        action(*args, **kwargs)


def _result(rng: random.Random, game, spec: dict) -> dict:
    roll = rng.random()
    if roll < spec["double_forfeit"]:
        return {"result": "0-0", "termination": "forfeit"}
    if roll < spec["double_forfeit"] + spec["forfeit"]:
        return {"result": rng.choice(("1-0", "0-1")), "termination": "forfeit"}
    return random_result(rng, game, "classical")


def main() -> None:
    call_command("migrate", verbosity=0)
    out = HERE / "trf"
    out.mkdir(exist_ok=True)
    for n in range(int(os.environ.get("START", "0")), EVENTS):
        try:
            event = build(n)
        except ValidationError as exc:  # the schedule cannot go on (e.g. no one left for the bye): no fixture
            print(f"event {n:03d} skipped: {exc}", flush=True)
            continue
        text = tournament_trf(event, event_standings(event))
        (out / f"event-{n:03d}.trf").write_bytes(text.encode("utf-8"))
        print(f"event-{n:03d}.trf", event.format, event.registrations.count(), "players", flush=True)


if __name__ == "__main__":
    main()
