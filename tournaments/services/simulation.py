"""A whole event run through the real services with seeded random results (simulate_event, demo, tests)."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction

from scoring import DEFAULT_KEY, game_points, result_from_points
from tournaments.models import Event, Game, Player
from tournaments.services.colour_report import colour_report
from tournaments.services.dice import revealed_seed
from tournaments.services.events import create_event, enter_result, prepare_event, register_player
from tournaments.services.rounds import pair_round, publish_round, rounds_total
from tournaments.standings import event_standings
from variants import policies
from variants.draw import Draw
from variants.registry import get_engine
from variants.terminations import Favours

# (termination, who decides it, weight): the endings a simulated game may have, when its variant has them; an
# ending decided on material never (it needs a real position).
ENDINGS = [
    ("checkmate", "winner", 30),
    ("resignation", "winner", 25),
    ("time-forfeit", "winner", 5),
    ("stalemate", "forcing", 8),
    ("perpetual-check", "checking", 7),
    ("agreement", None, 20),
    ("threefold-repetition", None, 5),
]


def derived_seed(seed: int | str, label: str) -> tuple[str, str]:
    """A reproducible 64-hex secret and dice identity for ``label`` of simulation ``seed``."""
    return hashlib.sha256(f"simulate/{seed}/{label}".encode()).hexdigest(), f"simulate-{seed}/{label}"


def random_result(rng: random.Random, game: Game, profile: str) -> dict:
    """A plausible result for ``game`` (stronger player wins more often), valid under ``profile``."""
    engine = get_engine(game.variant)
    possible = {e.name for e in engine.endings if e.favours != Favours.MATERIAL}
    endings = [e for e in ENDINGS if e[0] in possible]
    termination, role, _ = rng.choices(endings, weights=[e[2] for e in endings])[0]
    expected = 1 / (1 + 10 ** ((game.black.rating - game.white.rating) / 400))
    side = "white" if rng.random() < expected else "black"
    details: dict = {}
    winner = None
    if role == "winner":
        winner = side
    elif role == "forcing":
        details["forcing_side"] = side
    elif role == "checking":
        details["checking_side"] = side
    white, black = game_points(profile, termination=termination, winner=winner, variant=game.variant, **details)
    return {"result": result_from_points(white, black), "termination": termination, **details}


@dataclass
class Simulation:
    event: Event
    rounds_played: int


def _player_name(index: int) -> str:
    first = ["Ada", "Boris", "Clara", "Dev", "Eva", "Farid", "Gita", "Hugo", "Ines", "Jan", "Kira", "Luis", "Mona"]
    last = ["Novak", "Okafor", "Petrov", "Quinn", "Rossi", "Sato", "Tran", "Ueda", "Varga", "Weber", "Xu", "Yilmaz"]
    return f"{first[index % len(first)]} {last[(index // len(first)) % len(last)]} {index + 1:03d}"


def _unique_slug(base: str) -> str:
    slug, n = base, 1
    while Event.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def simulate(
    *,
    format: str,
    players: int,
    rounds: int,
    seed: int,
    standings_batch: Callable[[], AbstractContextManager[set[int]]],
    draw: Draw | None = None,
    variant_key: str = "",
    scoring: str = DEFAULT_KEY,
    play_last: bool = True,
) -> Simulation:
    """Create users, players and the event, then pair, publish and play ``rounds`` rounds through the services.

    Everything random (first White, dice, results, ratings) derives from ``seed``; the slug is new every run.
    ``play_last=False`` leaves the last round paired and published but unplayed. ``standings_batch`` (the callers
    pass :func:`tournaments.tasks.standings.one_snapshot_per_event`) is entered around the whole run and yields the
    events whose standings it publishes on leaving: hundreds of results written in one transaction publish one
    snapshot at the end, not one each, and the event's is published even when the last round only gave byes.
    """
    with standings_batch() as events, transaction.atomic():  # a refusal half-way leaves nothing behind
        simulation = _simulate(format, players, rounds, seed, draw or policies.draws()[0], variant_key, scoring, play_last)
        events.add(simulation.event.pk)
    return simulation


def _simulate(
    format: str, players: int, rounds: int, seed: int, draw: Draw, variant_key: str, scoring: str, play_last: bool
) -> Simulation:
    rng = random.Random(f"simulate/{seed}")
    User = get_user_model()
    slug = _unique_slug(f"sim-{format}-{players}p-{rounds}r-s{seed}")
    organizer = User.objects.create(username=f"{slug}-organizer"[:150])
    event = create_event(
        seed_for=lambda label: derived_seed(seed, label),
        name=f"Simulated {format} ({players} players, seed {seed})",
        slug=slug,
        format=format,
        rounds_planned=rounds,
        variant_policy=draw.policy,
        variant_key=draw.variant or variant_key,
        variant_options=dict(draw.options),
        scoring=scoring,
        organizer=organizer,
        is_public=False,
    )
    ratings = sorted((rng.randint(1400, 2600) for _ in range(players)), reverse=True)
    for i, rating in enumerate(ratings):
        user = User.objects.create(username=f"{slug}-p{i + 1}"[:150])
        player = Player.objects.create(name=_player_name(i), rating=rating, user=user)
        register_player(event, player, seed=i + 1)
    total = min(rounds, rounds_total(event))
    prepare_event(event, seed_for=lambda label: derived_seed(seed, label), blocks=(total + 1) // 2)
    for number in range(1, total + 1):
        rnd = publish_round(pair_round(event, number, by=organizer), by=organizer)
        if number == total and not play_last:
            break
        for game in rnd.games.select_related("white", "black", "round__event").order_by("board"):
            enter_result(game, by=organizer, **random_result(rng, game, event.scoring))
    return Simulation(event, total)


def _number(value) -> float | None:
    return None if value is None else float(value)


def _block_report(event: Event, block) -> dict:
    """The variant a round is played in, with its block's roll and commit-reveal record."""
    if block is None:
        return {"key": event.variant_key}
    return {
        "key": block.variant_key,
        "block": block.index,
        "method": block.method,
        "first": block.first_roll or None,
        "second": block.second_roll or None,
        "array": list(block.array),
        "castling": block.castling or None,
        "start_position": block.start_position,
        "commitment": block.commitment or None,
        "seed": revealed_seed(block) or None,
        "identity": block.identity or None,
    }


def _round_report(event: Event, rnd) -> dict:
    pairings = [
        {
            "board": g.board,
            "white": g.white.name,
            "black": g.black.name,
            "result": g.result or None,
            "termination": g.termination or None,
            "white_points": _number(g.white_points),
            "black_points": _number(g.black_points),
        }
        for g in rnd.games.select_related("white", "black").order_by("board")
    ]
    byes = list(rnd.byes.select_related("player").order_by("player__name"))
    return {
        "number": rnd.number,
        "status": rnd.status,
        "variant": _block_report(event, rnd.variant_block),
        "pairings": pairings,
        "byes": [b.player.name for b in byes],
        "bye_details": [{"player": b.player.name, "kind": b.kind, "points": float(b.points)} for b in byes],
    }


def event_report(event: Event) -> dict:
    """The event as one JSON-able document: rounds (variant block, pairings, byes), colours, standings."""
    rounds = [_round_report(event, rnd) for rnd in event.rounds.select_related("variant_block").order_by("number")]
    standings = event_standings(event)
    colours = colour_report(event)
    return {
        "event": event.slug,
        "format": event.format,
        "variant_policy": event.draw.short,
        "scoring": event.scoring,
        "rounds": rounds,
        "colours": {
            "failures_after_odd": colours["failures_after_odd"],
            "extra_changes_after_even": colours["extra_changes_after_even"],
            "players": [{"player": r["name"], "sequence": r["sequence"]} for r in colours["rows"]],
        },
        "standings": [
            {"rank": row["rank"], "player": row["name"], "points": float(row["points"]), "tiebreaks": row.get("tiebreaks", {})}
            for row in standings["rows"]
        ],
    }
