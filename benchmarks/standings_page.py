"""Benchmark: the public standings page rendered from its snapshot (target, issue 15: under 100 ms cold for
2,000 players).

    .venv/bin/python benchmarks/standings_page.py [--players 2000] [--rounds 9] [--requests 30]
        [--database-url postgres://postgres@127.0.0.1:5432/bench_standings_page]

Builds, in a throw-away database (in-memory SQLite, or with ``--database-url`` a PostgreSQL database it drops and
re-creates: its name must start with ``bench``), a running public event with ``--players`` registered
players and ``--rounds`` published rounds of games with final dynamic-scoring results, and publishes its
StandingsSnapshot with the standings task itself (``tournaments.publish_standings``: every row with the event's
tie-breaks, the rank changes of the last round, the crosstable), timing it. Then it times
GET /events/<slug>/standings/ through Django's test client (the whole stack: URL routing, middleware, the
queries, template rendering) and counts the queries of one request. "Cold" empties the cache before every
request, so nothing rendered or read before is reused; "new snapshot" is the first request after the task has
published a new snapshot (the task renders its tables once, right after writing it), "warm" every later request.

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


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--requests", type=int, default=30)
    parser.add_argument("--peer-requests", type=int, default=5)
    parser.add_argument("--database-url", default="", help="a bench* PostgreSQL database (default: SQLite in memory)")
    return parser.parse_args()


ARGS = parse_args() if __name__ == "__main__" else None  # imported (by a scratch script): SQLite
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["DATABASE_URL"] = (ARGS.database_url if ARGS else "") or "sqlite://:memory:"  # never the development database

import django  # noqa: E402

django.setup()

from decimal import Decimal  # noqa: E402

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.utils import timezone  # noqa: E402

SPLITS = [(100, 0), (0, 100), (60, 40), (52, 48), (45, 55), (51, 49), (49, 51), (50, 50), (50, 50), (51, 49)]


def build_event(players: int, rounds: int, seed: int = 11):
    """An event with published rounds of final results and a snapshot holding the standings of those results."""
    from tournaments.models import Event, Player, Registration

    rng = random.Random(seed)
    organizer = get_user_model().objects.create(username="bench-organizer")
    event = Event.objects.create(
        name="Benchmark Open", slug="benchmark-open", organizer=organizer, rounds_planned=rounds, status=Event.Status.RUNNING
    )
    Player.objects.bulk_create(
        Player(name=f"Player {i:04d}", rating=rng.randint(1200, 2700), federation="AUT") for i in range(1, players + 1)
    )
    people = list(Player.objects.order_by("id"))
    Registration.objects.bulk_create(Registration(event=event, player=p, seed=i) for i, p in enumerate(people, start=1))
    play_rounds(event, people, rounds, rng)
    return event


def publish(event) -> float:
    """Publish the event's snapshot with the standings task (as the worker does); returns its wall time in ms."""
    from tournaments.tasks.standings import publish_standings

    start = time.perf_counter()
    publish_standings(event.pk)
    return (time.perf_counter() - start) * 1000


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


def queries_of(client: Client, url: str) -> list[str]:
    """The SQL of one cold request."""
    from django.core.cache import cache
    from django.test.utils import CaptureQueriesContext

    cache.clear()
    with CaptureQueriesContext(connection) as captured:
        client.get(url)
    return [q["sql"] for q in captured.captured_queries]


def summary(label: str, timings: list[float]) -> str:
    ordered = sorted(timings)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return (
        f"{label:<46} n={len(timings):>4}  median {statistics.median(timings):7.2f} ms  "
        f"p95 {p95:7.2f} ms  min {ordered[0]:7.2f} ms"
    )


def prepare_database(url: str) -> str:
    """A fresh database: the given bench* PostgreSQL database migrated, or a test database in SQLite's memory."""
    if not url:
        connection.creation.create_test_db(verbosity=0)
        return f"SQLite {connection.Database.sqlite_version} in memory"
    from benchmarks.live import recreate_database

    connection.close()
    recreate_database(url)
    call_command("migrate", verbosity=0)
    return f"PostgreSQL {connection.cursor().connection.info.server_version}"


def after_new_snapshots(client: Client, event, url: str, count: int) -> list[float]:
    """The first request after each of ``count`` new snapshots, as readers meet them after a result."""
    timings = []
    for _ in range(count):
        publish(event)
        start = time.perf_counter()
        assert client.get(url).status_code == 200
        timings.append((time.perf_counter() - start) * 1000)
    return timings


def main() -> int:
    args = ARGS
    # No setup_test_environment(): it instruments every template render (a signal each), which production has not.
    database = prepare_database(args.database_url)
    event = build_event(args.players, args.rounds)
    task_ms = publish(event)
    client = Client()
    url = f"/events/{event.slug}/standings/"
    body = client.get(url).content.decode()
    assert body.count("<tr>") >= args.players, "the page must list every player"
    size = f"{args.players} players x {args.rounds} rounds; page {len(body) // 1024} KiB"
    print(f"Python {sys.version.split()[0]}, {database}; {size}")
    print(f"standings task (compute, write the snapshot, render its tables): {task_ms:.0f} ms; load {os.getloadavg()[0]:.2f}")
    for number, sql in enumerate(queries_of(client, url), start=1):
        print(f"  cold query {number}: {sql[:150]}")

    snapshot_times = time_requests(client, url, args.requests, cold=True)
    print(summary("standings page from the snapshot (cold cache)", snapshot_times))
    print(summary("standings page, first request after a new snapshot", after_new_snapshots(client, event, url, 10)))
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
