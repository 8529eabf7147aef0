"""Settings come from the environment; a bad value stops the process with one clear line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "CELERY_BROKER_URL", "DEBUG", "SECRET_KEY"}}
    clean.update(env)
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=clean, capture_output=True, text=True, timeout=120)


def test_missing_secret_key_with_debug_off_is_one_line_naming_it():
    proc = run_manage("check", DEBUG="0", ALLOWED_HOSTS="example.org")
    assert proc.returncode != 0
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "SECRET_KEY" in lines[0]


@pytest.mark.parametrize(
    "url", ["mysql://x@localhost/db", "postgres://localhost:notaport/db", "postgres://localhost:5432", "nonsense"]
)
def test_malformed_database_url_is_one_clear_line(url):
    proc = run_manage("check", DATABASE_URL=url)
    assert proc.returncode != 0
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "DATABASE_URL" in lines[0]
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("url", ["http://localhost:6379", "redis://localhost:port/0", "redis://"])
def test_malformed_broker_url_is_one_clear_line(url):
    proc = run_manage("check", CELERY_BROKER_URL=url)
    assert proc.returncode != 0
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "CELERY_BROKER_URL" in lines[0], proc.stderr


def test_bad_boolean_is_one_clear_line():
    proc = run_manage("check", DEBUG="maybe")
    assert proc.returncode != 0
    assert "DEBUG" in proc.stderr.strip().splitlines()[0]


def test_production_settings_pass_check_deploy():
    proc = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY="x" * 20 + "-a-long-random-production-secret-0123456789",
        ALLOWED_HOSTS="example.org",
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "no issues" in proc.stdout


def test_unset_database_url_means_embedded_sqlite():
    from config.env import database_config

    config = database_config("", "/tmp/x.sqlite3")
    assert config["ENGINE"] == "django.db.backends.sqlite3"


def test_postgres_url_is_parsed():
    from config.env import database_config

    config = database_config("postgres://postgres@127.0.0.1:5432/rv", "/tmp/x")
    assert config["ENGINE"] == "config.postgresql"  # Django's backend, its health check sending no query
    assert config["NAME"] == "rv" and config["PORT"] == 5432
