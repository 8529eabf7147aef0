"""Commands that need the database bring a fresh one up to date instead of failing on a missing table."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_simulate_event_on_an_unmigrated_database(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in {"CELERY_BROKER_URL"}}
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
    proc = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "simulate_event",
            "--format",
            "swiss",
            "--players",
            "6",
            "--rounds",
            "2",
            "--seed",
            "3",
            "--json",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    assert [r["number"] for r in json.loads(proc.stdout)["rounds"]] == [1, 2]
