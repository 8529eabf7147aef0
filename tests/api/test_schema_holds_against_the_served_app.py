"""The API keeps its own contract: schemathesis, with every check it has, against the app served by gunicorn.

A real server process on 127.0.0.1 (its own SQLite file, migrated, holding the Spring Open of the page tests: a
finished, a published and a paired round, a reported game, a standings snapshot) is fuzzed from its own
``/api/schema/`` four times: anonymously, with the token of Anna (one of the event's players), of an arbiter of
the event and of its organizer (a staff account: it also creates events). Every operation gets
the examples, coverage and fuzzing phases (stateful testing has nothing to follow: the schema declares no links),
positive and negative data, a bounded number of cases, derandomized (``--generation-deterministic``), so a run is
repeatable. The result must be 0 server errors and 0 failures of any check: each status the server answers is in
the schema with the error body it sends, and what the schema allows the server accepts, what it forbids the server
refuses.
"""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.config.served import BIN, ROOT, app_env, gunicorn, manage

pytestmark = pytest.mark.slow

EXAMPLES = 20  # per operation and phase
CONFIG = Path(__file__).with_name("schemathesis.toml")  # the one exception to the checks' defaults, with its reason


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Iterator[tuple[str, dict, Path]]:
    where = tmp_path_factory.mktemp("served-api")
    env = app_env(DATABASE_URL=f"sqlite:///{where / 'db.sqlite3'}")
    manage(env, "migrate", "--noinput", "-v0")
    built = subprocess.run(
        [str(BIN / "python"), "-m", "tests.api.fuzz_world"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert built.returncode == 0, built.stderr
    world = json.loads(built.stdout)
    with gunicorn(env, where / "gunicorn.log") as base:
        yield base, world, where


def _schemathesis(base: str, world: dict, where: Path, *headers: str) -> subprocess.CompletedProcess:
    command = [
        str(BIN / "schemathesis"), "--config-file", str(CONFIG), "run", f"{base}/api/schema/",
        "--checks", "all",
        "--mode", "all",
        "--phases", "examples,coverage,fuzzing",
        "--max-examples", str(EXAMPLES),
        "--generation-deterministic",
        "--suppress-health-check", "all",
        "--workers", "1",
        "--request-timeout", "30",
        "--no-color",
        *headers,
    ]  # fmt: skip
    env = app_env(SCHEMATHESIS_HOOKS="tests.api.schemathesis_hooks", FUZZ_WORLD=json.dumps(world), PYTHONPATH=str(ROOT))
    return subprocess.run(command, cwd=where, env=env, capture_output=True, text=True, timeout=600)


# In this order: the organizer's run last, as it changes the event most (deletes its unpublished round, ...).
@pytest.mark.parametrize("caller", ["anonymous", "player", "arbiter", "organizer"])
def test_every_operation_keeps_the_schema_with_every_check(served, caller):
    base, world, where = served
    options: tuple[str, ...] = ()
    if caller != "anonymous":
        # Revoking the token would log the rest of the run out; the anonymous run covers that operation.
        token = world[f"{caller}_token"]
        options = ("-H", f"Authorization: Token {token}", "--exclude-path", "/api/auth/token/revoke/")
    run = _schemathesis(base, world, where, *options)
    report = run.stdout + run.stderr
    assert run.returncode == 0, report[-12000:]
    summary = re.search(r"(\d+) generated, (\d+) passed", report)
    assert summary and summary[1] == summary[2] and int(summary[1]) > 1000, report[-4000:]
