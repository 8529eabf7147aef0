"""With CACHE_URL (Redis), the token check's cache is shared: another process finds the account a request of this
one cached, and stops finding it the moment the token is revoked here, with no expiry to wait for.

The other process is a real one (a Python process with its own Django, settings from the environment as a server
has them) on a private redis-server; it only reads the cache, so it needs no database.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.config.served import free_port, redis_server
from tests.scoring import db

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]

# The other process: prints its shared cache's settings, then for each token key it reads, what its check finds.
OTHER = """
import json, os, sys
import django
django.setup()
from django.conf import settings
from accounts import token_cache
print(json.dumps(settings.CACHES[token_cache.CACHE_ALIAS]), flush=True)
for line in sys.stdin:
    user = token_cache.cached_user(line.strip())
    print(user.username if user is not None else "-", flush=True)
"""


@pytest.fixture
def other_process(tmp_path, settings):
    port = free_port()
    with redis_server(port, tmp_path / "redis.log"):
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "CACHE_URL": f"redis://127.0.0.1:{port}/0"}
        env.pop("DATABASE_URL", None)
        process = subprocess.Popen(
            [sys.executable, "-c", OTHER], cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        try:
            config = json.loads(process.stdout.readline())
            settings.CACHES = {**settings.CACHES, "throttle": config}  # this process shares the other's store

            def finds(key: str) -> str:
                process.stdin.write(key + "\n")
                process.stdin.flush()
                return process.stdout.readline().strip()

            yield finds
        finally:
            process.stdin.close()
            process.wait(10)


def test_another_process_sees_the_cached_account_and_then_its_revocation_at_once(other_process):
    token = Token.objects.create(user=db.user("anna"))
    key = token.key
    assert other_process(key) == "-"  # nothing cached yet
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.get("/api/me/games/").status_code == 200
    assert other_process(key) == "anna"  # cached by this process, found by the other
    assert client.post("/api/auth/token/revoke/").status_code == 204
    assert other_process(key) == "-"  # revoked here: the other process's check goes to the database
    assert client.get("/api/me/games/").status_code == 401
