"""Programs started together fetch ``/api/schema/`` at once (four bots generate their client from it): each gets
the document. drf-spectacular loads its extensions on a process's first generation, not thread-safely, so the first
requests of a fresh process are the case; a process of its own runs them (this one has long loaded them)."""

from __future__ import annotations

import json
import subprocess

from tests.config.served import BIN, ROOT, app_env

AT_ONCE = 8
SCRIPT = f"""
import json, threading
import django
django.setup()
from django.test import Client

statuses, start = [], threading.Barrier({AT_ONCE})

def fetch():
    start.wait()
    answer = Client(raise_request_exception=False).get("/api/schema/", {{"format": "json"}})
    statuses.append(answer.status_code)

threads = [threading.Thread(target=fetch) for _ in range({AT_ONCE})]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(json.dumps(statuses))
"""


def test_the_first_schema_requests_of_a_process_made_at_once_all_get_the_document():
    env = app_env(PYTHONPATH=str(ROOT))
    done = subprocess.run([str(BIN / "python"), "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [200] * AT_ONCE, done.stderr[-3000:]
