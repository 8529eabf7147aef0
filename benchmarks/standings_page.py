"""Benchmark: the public standings page rendered from its snapshot (target: median under 50 ms).

    .venv/bin/python benchmarks/standings_page.py [--players 500] [--rounds 9] [--requests 60]

Builds, in a throw-away in-memory SQLite test database, an event with ``--players`` registered players, ``--rounds``
published rounds of games with final dynamic-scoring results and a StandingsSnapshot in the contract format
(every row with six tie-breaks, the full crosstable). Then it times GET /events/<slug>/standings/ through Django's
test client (the whole stack: URL routing, middleware, one snapshot read, template rendering). "Cold" empties
the cache before every request, so the table is rendered from the snapshot each time; the page also caches the
rendered table per snapshot version (results_version, computed_at), which the warm line measures.

Peer: the same page with no snapshot, where the view falls back to computing the standings on the fly with
tournaments.standings.event_standings (what every request would cost without the publishing task).
Results go to docs/benchmarks/pages.md.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["DATABASE_URL"] = "sqlite://:memory:"  # never touch the development database

import django

django.setup()

from decimal import Decimal  # noqa: E402

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402
from django.utils import timezone  # noqa: E402

from scoring.tiebreaks import TIEBREAKS  # noqa: E402

SPLITS = [(100, 0), (0, 100), (60, 40), (52, 48), (45, 55), (51, 49), (49, 51), (50, 50), (50, 50), (51, 49)]


def build_event(players: int, rounds: int, seed: int = 11):
    """An event with published rounds of final results and a snapshot holding the standings of those results."""
    from tournaments.models import Event, Player, Registration, StandingsSnapshot

    rng = random.Random(seed)
    organizer = get_user_model().objects.create(username="bench-organizer")
    event = Event.objects.create(name="Benchmark Open", slug="benchmark-open", organizer=organizer, rounds_planned=rounds)
    Player.objects.bulk_create(
        Player(name=f"Player {i:04d}", rating=rng.randint(1200, 2700), federation="AUT") for i in range(1, players + 1)
    )
    people = list(Player.objects.order_by("id"))
    Registration.objects.bulk_create(Registration(event=event, player=p, seed=i) for i, p in enumerate(people, start=1))
    played = play_rounds(event, people, rounds, rng)
    StandingsSnapshot.objects.create(event=event, data=snapshot_data(event, people, rounds, rng, played))
    return event


def play_rounds(event, people: list, rounds: int, rng: random.Random) -> dict:
    """Pair by score and write every round's final results; returns points, colours and crosstable by player."""
    from tournaments.models import Game, Round

    now = timezone.now()
    points = {p.id: 0.0 for p in people}
    colours = {p.id: "" for p in people}
    crosstable: dict[str, dict[str, dict]] = {str(p.id): {} for p in people}
    games = []
    for number in range(1, rounds + 1):
        rnd = Round.objects.create(event=event, number=number, status=Round.Status.COMPLETE, published_at=now)
        order = sorted(points, key=lambda pid: (-points[pid], rng.random()))
        for board, i in enumerate(range(0, len(order) - 1, 2), start=1):
            white, black = order[i], order[i + 1]
            wp, bp = rng.choice(SPLITS)
            result = "1-0" if wp > bp else "0-1" if bp > wp else "1/2-1/2"
            games.append(
                Game(round=rnd, board=board, white_id=white, black_id=black, result=result, termination="checkmate",
                     white_points=Decimal(wp), black_points=Decimal(bp), result_status=Game.ResultStatus.FINAL,
                     status=Game.Status.FINISHED)
            )  # fmt: skip
            points[white] += wp
            points[black] += bp
            colours[white] += "W"
            colours[black] += "B"
            crosstable[str(white)][str(number)] = {"opponent_id": black, "colour": "w", "points": wp, "result": result}
            crosstable[str(black)][str(number)] = {"opponent_id": white, "colour": "b", "points": bp, "result": result}
    Game.objects.bulk_create(games, batch_size=500)
    return {"points": points, "colours": colours, "crosstable": crosstable}


def snapshot_data(event, people: list, rounds: int, rng: random.Random, played: dict) -> dict:
    """The snapshot in the contract format: ranked rows with six tie-breaks, and the crosstable."""
    points, colours = played["points"], played["colours"]
    rows = [
        {
            "rank": rank,
            "player_id": p.id,
            "name": p.name,
            "rating": p.rating,
            "federation": p.federation,
            "points": points[p.id],
            "games": len(colours[p.id]),
            "wins": rng.randint(0, rounds),
            "tiebreaks": {code: round(rng.uniform(0, 5000), 1) for code in TIEBREAKS},
            "colours": colours[p.id],
        }
        for rank, p in enumerate(sorted(people, key=lambda p: -points[p.id]), start=1)
    ]
    return {
        "event": event.slug,
        "computed_at": timezone.now().isoformat(),
        "rounds_complete": rounds,
        "tiebreaks": TIEBREAKS,
        "rows": rows,
        "crosstable": played["crosstable"],
    }


def time_requests(client: Client, url: str, count: int, cold: bool = False) -> list[float]:
    """Wall time of ``count`` GETs; ``cold`` empties the cache first, so the table is rendered from the snapshot."""
    from django.core.cache import cache

    timings = []
    for _ in range(count):
        if cold:
            cache.clear()
        start = time.perf_counter()
        response = client.get(url)
        timings.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, response.status_code
    return timings


def summary(label: str, timings: list[float]) -> str:
    ordered = sorted(timings)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return (
        f"{label:<46} n={len(timings):>4}  median {statistics.median(timings):7.2f} ms  "
        f"p95 {p95:7.2f} ms  min {ordered[0]:7.2f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--requests", type=int, default=60)
    parser.add_argument("--peer-requests", type=int, default=5)
    args = parser.parse_args()

    setup_test_environment()
    connection.creation.create_test_db(verbosity=0)
    event = build_event(args.players, args.rounds)
    client = Client()
    url = f"/events/{event.slug}/standings/"
    body = client.get(url).content.decode()
    assert body.count("<tr>") >= args.players, "the page must list every player"
    print(f"Python {sys.version.split()[0]}; {args.players} players x {args.rounds} rounds; page {len(body) // 1024} KiB")

    snapshot_times = time_requests(client, url, args.requests, cold=True)
    print(summary("standings page from the snapshot (cold cache)", snapshot_times))
    print(summary("standings page, table cached for this version", time_requests(client, url, args.requests)))
    crosstable_url = f"/events/{event.slug}/crosstable/"
    print(summary("crosstable page from the snapshot (cold cache)", time_requests(client, crosstable_url, 20, cold=True)))
    print(
        summary("GET /api/events/<slug>/standings/ (snapshot)", time_requests(client, f"/api/events/{event.slug}/standings/", 20))
    )

    from tournaments.models import StandingsSnapshot

    StandingsSnapshot.objects.filter(event=event).delete()
    try:
        from tournaments.standings import event_standings  # noqa: F401
    except ImportError:
        print("peer: tournaments.standings.event_standings is not available")
        return 0
    peer_times = time_requests(client, url, args.peer_requests, cold=True)
    print(summary("peer: standings page computed on the fly", peer_times))
    ratio = statistics.median(peer_times) / statistics.median(snapshot_times)
    print(f"snapshot page is x{ratio:.1f} faster than computing per request")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
