"""python manage.py simulate_event --format swiss|rr|rr2|match --players N --rounds R --seed S [--json]

Runs a whole event through the real services (pairing, variant blocks, results through tournaments.services.results,
standings) with seeded random results. Every run makes a new event (unique slug); the same seed gives the same
pairings, dice, results and standings.
"""

from __future__ import annotations

import json

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from pairing.systems import system as pairing_system
from pairing.systems import systems
from scoring import DEFAULT_KEY, profile_keys
from tournaments.management.migrations_check import ensure_migrated
from tournaments.services.simulation import event_report, simulate
from tournaments.tasks.standings import one_snapshot_per_event
from variants import policies
from variants.registry import fixed_keys

# --variant takes a dice draw's short name (the rolled engines declare them) or a fixed variant's key.
DICE_DRAWS = [draw for draw in policies.draws() if draw.variant is not None]


def _message(exc: ValidationError) -> str:
    if hasattr(exc, "error_dict"):
        return "; ".join(f"{field}: {m}" for field, msgs in exc.message_dict.items() for m in msgs)
    return " ".join(exc.messages)


class Command(BaseCommand):
    help = "Simulate a whole event (pairings, colours, variant blocks, results, standings) through the real code."

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        # Bad arguments are one line ("...: error: argument --format: invalid choice ..."), not usage + error.
        parser.print_usage = lambda file=None: None
        return parser

    def add_arguments(self, parser):
        parser.add_argument("--format", required=True, choices=[s.key for s in systems()])
        parser.add_argument("--players", type=int, required=True, help="number of players (2 for a match)")
        parser.add_argument(
            "--rounds",
            type=int,
            required=True,
            help="rounds (games in a match); a round-robin has at most N-1 (rr2: 2(N-1), even), N rounded up to even",
        )
        parser.add_argument("--seed", type=int, required=True)
        parser.add_argument("--json", action="store_true", help="print one JSON document")
        shorts = [draw.short for draw in DICE_DRAWS]
        parser.add_argument(
            "--variant", default=shorts[0], help=f"{', '.join(shorts)} (dice), or a fixed variant key ({', '.join(fixed_keys())})"
        )
        parser.add_argument("--scoring", default=DEFAULT_KEY, choices=profile_keys())

    def handle(self, *args, **options):
        fmt, n, rounds = options["format"], options["players"], options["rounds"]
        if n < 2 or n > 5000:
            raise CommandError("--players must be from 2 to 5000")
        system = pairing_system(fmt)
        if system.competitors is not None and n != system.competitors:
            raise CommandError(
                f"a {system.label.lower()} has exactly {system.competitors} players (--players {system.competitors})"
            )
        if rounds < 1 or rounds > 200:
            raise CommandError("--rounds must be from 1 to 200")
        if not system.rounds_fixed:
            total = system.rounds_for(n, rounds)
            if rounds > total:
                raise CommandError(f"a {fmt} event of {n} players has {total} rounds: --rounds must be at most {total}")
            if system.cycles == 2 and rounds % 2:
                raise CommandError("--rounds must be even for rr2: each opponent is met in a two-game mini-match")
        variant = options["variant"]
        draw = next((d for d in DICE_DRAWS if d.short == variant), policies.FIXED_DRAW)
        if draw.variant is None and variant not in fixed_keys():
            shorts = ", ".join(d.short for d in DICE_DRAWS)
            raise CommandError(f"--variant must be {shorts} or one of {', '.join(fixed_keys())}")
        ensure_migrated(self.stderr)
        try:
            sim = simulate(
                format=fmt,
                players=n,
                rounds=rounds,
                seed=options["seed"],
                draw=draw,
                variant_key=draw.variant or variant,
                scoring=options["scoring"],
                standings_batch=one_snapshot_per_event,  # one standings snapshot at the end, not one per result
            )
        except ValidationError as exc:
            raise CommandError(_message(exc)) from None
        report = event_report(sim.event)
        if options["json"]:
            self.stdout.write(json.dumps(report, ensure_ascii=False))
            return
        self._print(report)

    def _print(self, report: dict) -> None:
        out = self.stdout.write
        out(f"Event {report['event']} ({report['format']}, {report['variant_policy']}, {report['scoring']} scoring)")
        for rnd in report["rounds"]:
            v = rnd["variant"]
            if v.get("first"):
                rolls = v["first"] + (f" then {v['second']}" if v.get("second") else "")
                variant = f"block {v['block']}, dice {rolls}: {' '.join(v['array'])}"
            else:
                variant = f"fixed variant {v['key']}"
            out(f"\nRound {rnd['number']} — {variant}")
            for p in rnd["pairings"]:
                points = "" if p["white_points"] is None else f" {p['white_points']:g}-{p['black_points']:g}"
                result = f"{p['result'] or '*'} {p['termination'] or ''}{points}"
                out(f"  {p['board']:>3}. {p['white']} (W) - {p['black']} (B)  {result}")
            for bye in rnd["bye_details"]:
                out(f"       bye: {bye['player']} ({bye['kind']}, {bye['points']:g})")
        colours = report["colours"]
        out(
            f"\nColours (failures to change after an odd round: {colours['failures_after_odd']}, "
            f"extra changes after an even round: {colours['extra_changes_after_even']})"
        )
        for row in colours["players"]:
            out(f"  {row['sequence']}  {row['player']}")
        out("\nStandings")
        for row in report["standings"]:
            out(f"  {row['rank']:>3}. {row['player']:<28} {row['points']:g}")
