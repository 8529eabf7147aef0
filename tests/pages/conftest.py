"""Events built through the models, as the public pages and the public API see them.

``spring_open``: a dynamic-scoring Random Variant Chess Swiss with two published rounds (results final, one
reported, byes), a third round paired but not published, and a standings snapshot in the contract's format.
``club_championship``: a classical fixed-variant event with two published rounds and no snapshot (for TRF).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.utils import timezone

from scoring import CLASSICAL, DYNAMIC
from tournaments.models import Bye, Event, Game, Player, Registration, Round, StandingsSnapshot, VariantBlock

RVC_135 = "o+chbqmmkbh+co/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/O+CHBQMMKBH+CO w KQkq - 0 1 3"
RVC_135_ARRAY = [
    "Cannon",
    "Horse-Camel",
    "Horse",
    "Bishop",
    "Queen",
    "Man",
    "Man",
    "King",
    "Bishop",
    "Horse",
    "Horse-Camel",
    "Cannon",
]
# Seeds as the server makes them (64 hex characters: variants.fairroll), so that a block the fuzzed API rolls can be.
REVEALED_SEED = "c0ffee01" * 8
HIDDEN_SEED = "5eedb10c" * 8


@pytest.fixture(autouse=True)
def _fresh_page_cache():
    """Rendered standings tables are cached per snapshot version; every test starts with an empty cache."""
    cache.clear()
    yield
    cache.clear()


@dataclass
class Built:
    event: Event
    players: dict[str, Player] = field(default_factory=dict)
    rounds: dict[int, Round] = field(default_factory=dict)
    games: dict[str, Game] = field(default_factory=dict)


def _organizer():
    user, _ = get_user_model().objects.get_or_create(username="organizer")
    return user


def _players(event: Event, specs) -> dict[str, Player]:
    players = {}
    for seed, (name, rating, federation, username) in enumerate(specs, start=1):
        user = get_user_model().objects.create_user(username=username) if username else None
        player = Player.objects.create(name=name, rating=rating, federation=federation, user=user, fide_id=str(1000 + seed))
        Registration.objects.create(event=event, player=player, seed=seed)
        players[name.split()[0]] = player
    return players


def _game(rnd, board, white, black, result="", termination="", wp=None, bp=None, status="final", moves=None, block=None):
    return Game.objects.create(
        round=rnd,
        board=board,
        white=white,
        black=black,
        variant="rvc" if block else "chess",
        start_options=block.games_start_options() if block else {},
        start_position=block.start_position if block else "",
        result=result,
        termination=termination,
        white_points=None if wp is None else Decimal(str(wp)),
        black_points=None if bp is None else Decimal(str(bp)),
        result_status=status if result else "",
        status=Game.Status.FINISHED if result else Game.Status.SCHEDULED,
        moves=moves or [],
    )


@pytest.fixture
def spring_open(db) -> Built:
    return build_spring_open()


def build_spring_open() -> Built:
    event = Event.objects.create(
        name="Spring Open",
        slug="spring-open",
        format=Event.Format.SWISS,
        rounds_planned=4,
        variant_policy=Event.VariantPolicy.DICE,
        scoring=DYNAMIC.key,
        tiebreaks=["BH-C1", "BH", "SB"],
        organizer=_organizer(),
        status=Event.Status.RUNNING,
        starts_on=date(2026, 4, 4),
    )
    built = Built(event)
    built.players = _players(
        event,
        [
            ("Anna Berger", 2150, "AUT", "anna"),
            ("Ben Carter", 2090, "ENG", "ben"),
            ("Chloé Dubois", 2045, "FRA", ""),
            ("Dmitri Egorov", 2010, "RUS", ""),
            ("Elif Fidan", 1980, "TUR", ""),
        ],
    )
    p = built.players
    now = timezone.now()
    block1 = VariantBlock.objects.create(
        event=event,
        index=1,
        method=VariantBlock.Method.SERVER,
        commitment=hashlib.sha256(REVEALED_SEED.encode()).hexdigest(),
        seed=REVEALED_SEED,
        draw={"roll": "1-3-5", "castling": "3"},
        rolled_at=now,
        committed_at=now,
    )
    # Block 2 is committed but not rolled: its seed is the server's secret.
    block2 = VariantBlock.objects.create(
        event=event, index=2, commitment=hashlib.sha256(HIDDEN_SEED.encode()).hexdigest(), seed=HIDDEN_SEED, committed_at=now
    )
    r1 = Round.objects.create(event=event, number=1, status=Round.Status.COMPLETE, variant_block=block1, published_at=now)
    r2 = Round.objects.create(event=event, number=2, status=Round.Status.PUBLISHED, variant_block=block1, published_at=now)
    r3 = Round.objects.create(event=event, number=3, status=Round.Status.PAIRED, variant_block=block2)
    built.rounds = {1: r1, 2: r2, 3: r3}
    g = built.games
    g["r1b1"] = _game(r1, 1, p["Anna"], p["Ben"], "1-0", "checkmate", 100, 0, moves=["f4", "f5", "Oxa7"], block=block1)
    g["r1b2"] = _game(r1, 2, p["Chloé"], p["Dmitri"], "1/2-1/2", "adjudication", 50, 50, block=block1)
    Bye.objects.create(round=r1, player=p["Elif"], kind=Bye.Kind.PAIRING, points=Decimal("50"))
    g["r2b1"] = _game(r2, 1, p["Ben"], p["Chloé"], "0-1", "stalemate", 40, 60, block=block1)
    g["r2b2"] = _game(r2, 2, p["Elif"], p["Anna"], "1-0", "resignation", 51, 49, status=Game.ResultStatus.REPORTED, block=block1)
    Bye.objects.create(round=r2, player=p["Dmitri"], kind=Bye.Kind.REQUESTED, points=Decimal("0"))
    g["r3b1"] = _game(r3, 1, p["Anna"], p["Chloé"], block=block2)
    StandingsSnapshot.objects.create(event=event, data=spring_open_snapshot(built))
    return built


def spring_open_snapshot(built: Built) -> dict:
    p = {k: v.id for k, v in built.players.items()}

    def row(rank, key, points, games, wins, bh_c1, bh, sb, colours, performance, rank_change):
        player = built.players[key]
        return {
            "rank": rank,
            "player_id": player.id,
            "name": player.name,
            "rating": player.rating,
            "federation": player.federation,
            "points": points,
            "games": games,
            "wins": wins,
            "tiebreaks": {"BH-C1": bh_c1, "BH": bh, "SB": sb},
            "colours": colours,
            "performance": performance,
            "rank_change": rank_change,
        }

    def cell(opponent, colour, points, result):
        return {"opponent_id": opponent, "colour": colour, "points": points, "result": result}

    return {
        "event": "spring-open",
        "computed_at": "2026-04-05T10:00:00+00:00",
        "rounds_complete": 1,
        "tiebreaks": ["BH-C1", "BH", "SB"],
        "rows": [
            # performance: ARO + dp(p), p the share of the game points won (docs/rules/performance-rating.md);
            # rank change: against the standings after round 1 (Anna 1; Chloé, Dmitri, Elif 2; Ben 5)
            row(1, "Chloé", 110.0, 2, 1, 40.0, 90.0, 2400.0, "WB", 2050 + 36, 1),  # p = 110/200
            row(2, "Anna", 100.0, 1, 1, 40.0, 40.0, 4000.0, "W", 2090 + 800, -1),  # p = 1
            row(3, "Elif", 50.0, 0, 0, 0.0, 0.0, 0.0, "-", None, -1),  # no game with a final result
            row(4, "Dmitri", 50.0, 1, 0, 110.0, 110.0, 5500.0, "B-", 2045 + 0, -2),  # p = 1/2
            row(5, "Ben", 40.0, 2, 0, 100.0, 210.0, 4400.0, "BW", 2098 - 240, 0),  # p = 40/200, ARO 2097.5 rounds up
        ],
        "crosstable": {
            str(p["Anna"]): {"1": cell(p["Ben"], "w", 100.0, "1-0")},
            str(p["Ben"]): {"1": cell(p["Anna"], "b", 0.0, "0-1"), "2": cell(p["Chloé"], "w", 40.0, "0-1")},
            str(p["Chloé"]): {"1": cell(p["Dmitri"], "w", 50.0, "1/2-1/2"), "2": cell(p["Ben"], "b", 60.0, "0-1")},
            str(p["Dmitri"]): {"1": cell(p["Chloé"], "b", 50.0, "1/2-1/2"), "2": cell(None, "-", 0.0, "bye")},
            str(p["Elif"]): {"1": cell(None, "-", 50.0, "bye"), "3": cell(p["Anna"], "w", 51.0, "1-0")},
        },
    }


@pytest.fixture
def club_championship(db) -> Built:
    return build_club_championship()


def build_club_championship() -> Built:
    event = Event.objects.create(
        name="Club Championship",
        slug="club-championship",
        format=Event.Format.SWISS,
        rounds_planned=3,
        variant_policy=Event.VariantPolicy.FIXED,
        variant_key="chess",
        scoring=CLASSICAL.key,
        tiebreaks=["BH", "SB"],
        organizer=_organizer(),
        status=Event.Status.RUNNING,
        starts_on=date(2026, 5, 1),
        time_control="90+30",
    )
    built = Built(event)
    built.players = _players(
        event,
        [
            ("Greta Hansen", 1920, "DEN", ""),
            ("Hiro Ito", 1890, "JPN", ""),
            ("Ines Jimenez", 1860, "ESP", ""),
            ("Jonas Keller", 1830, "GER", ""),
            ("Kofi Larbi", 1800, "GHA", ""),
        ],
    )
    p = built.players
    published = timezone.now().replace(year=2026, month=5, day=1)
    r1 = Round.objects.create(event=event, number=1, status=Round.Status.COMPLETE, published_at=published)
    r2 = Round.objects.create(event=event, number=2, status=Round.Status.PUBLISHED, published_at=published.replace(day=2))
    built.rounds = {1: r1, 2: r2}
    g = built.games
    g["r1b1"] = _game(
        r1, 1, p["Greta"], p["Hiro"], "1-0", "checkmate", 1, 0, moves=["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]
    )
    g["r1b2"] = _game(r1, 2, p["Ines"], p["Jonas"], "1/2-1/2", "agreement", 0.5, 0.5)
    Bye.objects.create(round=r1, player=p["Kofi"], kind=Bye.Kind.PAIRING, points=Decimal("1"))
    g["r2b1"] = _game(r2, 1, p["Kofi"], p["Greta"], "0-1", "forfeit", 0, 1)
    g["r2b2"] = _game(r2, 2, p["Hiro"], p["Ines"], "0-1", "resignation", 0, 1)
    Bye.objects.create(round=r2, player=p["Jonas"], kind=Bye.Kind.REQUESTED, points=Decimal("0.5"))
    return built
