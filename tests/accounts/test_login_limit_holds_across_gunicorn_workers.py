"""Four gunicorn workers and no CACHE_URL: the login limit still counts every worker's requests together.

The app is served for real (its own SQLite file, migrated by ``manage.py migrate``, which also creates the
throttle's table) and 40 wrong passwords arrive four at a time: exactly 30 are answered (the rate is 30 a
minute), every other one is a 429, and the access log shows that several workers served them.
"""

from __future__ import annotations

from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from tests.config.served import app_env, gunicorn, http, manage

RATE = 30
ATTEMPTS = 40


def test_four_workers_without_cache_url_refuse_the_31st_wrong_password_in_a_minute(tmp_path):
    env = app_env(
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        LOGIN_THROTTLE=f"{RATE}/min",
        DJANGO_SETTINGS_MODULE="tests.accounts.gunicorn_settings",
    )
    manage(env, "migrate", "--noinput", "-v0")
    access = tmp_path / "access.log"
    with gunicorn(env, tmp_path / "gunicorn.log", workers=4, access_log=access) as base:

        def guess(i: int) -> int:
            # A different account each time, so only the per-address limit can refuse (no account backoff).
            return http("POST", f"{base}/api/auth/token/", {"username": f"victim{i}", "password": "guess"})[0]

        with ThreadPoolExecutor(max_workers=4) as pool:
            statuses = list(pool.map(guess, range(ATTEMPTS)))
        after = http("POST", f"{base}/api/auth/token/", {"username": "late", "password": "guess"})
    counts = Counter(statuses)
    assert counts == {400: RATE, 429: ATTEMPTS - RATE}, counts
    assert after[0] == 429 and "rate" in after[1]["errors"]
    workers = {line.split()[0] for line in access.read_text().splitlines() if "/api/auth/token/" in line}
    assert len(workers) >= 2, f"one worker served every request, the test proves nothing: {workers}"
