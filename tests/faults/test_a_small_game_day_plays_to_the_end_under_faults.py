"""A small game day (benchmarks/gameday.py): 16 bots play a 3-round Swiss of the first rolled variant live on the
served stack (`make stack`'s topology: nginx, gunicorn, two uvicorn processes, a worker and beat, PostgreSQL and a
Redis server of its own) while the worker is killed mid-publish, Redis restarted and the database connections
terminated; it ends with every acknowledged move stored once, every game final, the standings equal to the PGN's
recomputation and no server error outside a fault.

The game day makes and drops a database of its own (``rvchess_gameday_test_<pid>``, on the server of DATABASE_URL)
and listens on free ports; it needs PostgreSQL, ``redis-server`` and nginx.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from deploy.stack import nginx_binary
from tests.config.served import free_port
from variants import policies

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

ROOT = Path(__file__).resolve().parents[2]


def _database_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        pytest.skip("the game day runs several processes on one database: it needs PostgreSQL (DATABASE_URL)")
    if shutil.which("redis-server") is None:
        pytest.skip("the game day restarts a Redis server of its own: redis-server is not installed")
    if not nginx_binary():
        pytest.skip("the game day plays through the proxy: nginx is not installed")
    return urlsplit(url)._replace(path=f"/rvchess_gameday_test_{os.getpid()}").geturl()


def _free_ports(count: int) -> int:
    """A free port whose ``count - 1`` next ones are free too (nginx, gunicorn, two uvicorn processes)."""
    for _ in range(50):
        port = free_port()
        with contextlib.ExitStack() as probes:
            try:
                for offset in range(1, count):
                    probes.enter_context(socket.socket()).bind(("127.0.0.1", port + offset))
            except OSError:
                continue
        return port
    raise AssertionError(f"no {count} consecutive free ports")


def test_a_small_game_day_plays_to_the_end_under_faults(tmp_path):
    database_url = _database_url()
    rolled = next(draw.variant for draw in policies.draws() if draw.variant)
    report_file = tmp_path / "report.json"
    command = [sys.executable, str(ROOT / "benchmarks" / "gameday.py"), "--players", "16", "--rounds", "3",
               "--variant", rolled, "--time-control", "5+3", "--faults", "--resign-after", "12",
               "--database-url", database_url, "--redis-port", str(free_port()), "--port-base", str(_free_ports(4)),
               "--workdir", str(tmp_path / "logs"), "--json", str(report_file), "--drop-database"]  # fmt: skip
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert report_file.exists(), done.stdout[-3000:] + done.stderr[-5000:]
    report = json.loads(report_file.read_text())
    assert report["problems"] == [], report["problems"]
    rounds = report["rounds"]
    assert [r["round"] for r in rounds] == [1, 2, 3]
    assert all(r["moves"] > 0 for r in rounds), rounds
    faults = [fault for r in rounds for fault in r["faults"]]
    assert len(faults) == 3, faults  # the worker mid-publish, Redis, the database connections
    unexpected = [(r["round"], r["first_unexpected"]) for r in rounds
                  if r["5xx_or_no_answer_unexpected"] or r["socket_errors_unexpected"]]  # fmt: skip
    assert unexpected == [], unexpected
    assert report["pass"] and done.returncode == 0, done.stdout[-3000:]
