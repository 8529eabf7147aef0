"""Login limits that hold across processes: a rate per client address and a backoff per account.

Both count in the ``throttle`` cache (``settings.CACHES``): Redis when ``CACHE_URL`` is set, otherwise Django's
database cache in the table ``accounts.models.CacheEntry`` — never a process's own memory, where four gunicorn
workers would each allow the whole rate. Each read-modify-write of a counter runs under a short lock taken with
the cache's atomic ``add`` (Redis ``SET NX``; an ``INSERT`` on the database cache's primary key), so requests
served at the same moment by different processes cannot both take the last slot.

The numbers (docs/security.md repeats them):

* **Per client address:** ``LOGIN_THROTTLE`` (default 30 per minute, a sliding window) on ``POST /api/auth/token/``.
* **Per account:** the first :data:`FREE_FAILURES` wrong passwords in a row cost nothing. After ``n`` failures in a
  row (``n >= FREE_FAILURES``) the next attempt on that account is allowed ``2 ** (n - FREE_FAILURES)`` seconds after
  the last one, at most :data:`MAX_DELAY` seconds: 1, 2, 4, 8, 16, 32, 60, 60, ... An attempt inside the wait is
  refused with 429 and ``Retry-After`` without checking the password (it costs the guesser an attempt and tells
  nothing). A successful login clears the count; so do :data:`FORGET_AFTER` seconds without a failure. The real
  owner therefore waits at most a minute, whatever an attacker does. Each failure past the free ones is logged
  (logger ``accounts.login``) with the account, the count and the client address.
"""

from __future__ import annotations

import hashlib
import logging
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager

from django.core.cache import caches
from django.core.cache.backends.base import BaseCache
from rest_framework.exceptions import APIException, Throttled
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle, SimpleRateThrottle

log = logging.getLogger("accounts.login")

THROTTLE_CACHE = "throttle"  # the alias in settings.CACHES
FREE_FAILURES = 5
MAX_DELAY = 60  # seconds: the longest the owner of an attacked account ever waits
FORGET_AFTER = 15 * 60  # seconds without a failure after which an account's count starts again
LOCK_WAIT = 5.0  # seconds a request waits for another one's counter update before it is refused
LOCK_HOLD = 10  # seconds after which a lock left by a crashed process expires


def _now() -> float:
    return time.time()  # a function of its own, so that tests can move this clock alone


def throttle_cache() -> BaseCache:
    return caches[THROTTLE_CACHE]


class StoreDown(APIException):
    """The shared store does not answer: refuse the login (503 naming the rate) rather than fail or stop counting."""

    status_code = 503
    default_code = "throttle_store_down"

    def __init__(self) -> None:
        super().__init__({"rate": ["the login limit cannot be checked right now (its store does not answer); try again shortly"]})


class Busy(Exception):
    """Another request held the counter's lock for longer than :data:`LOCK_WAIT`."""


@contextmanager
def locked(key: str) -> Iterator[None]:
    """Hold the lock of counter ``key`` across every process (raises :class:`Busy` after :data:`LOCK_WAIT`)."""
    cache = throttle_cache()
    lock = f"lock:{key}"
    deadline = time.monotonic() + LOCK_WAIT
    while not cache.add(lock, 1, timeout=LOCK_HOLD):
        if time.monotonic() > deadline:
            raise Busy(key)
        time.sleep(0.005 + random.random() * 0.02)  # jitter: waiting requests do not retry in step
    try:
        yield
    finally:
        cache.delete(lock)


class LoginThrottle(ScopedRateThrottle):
    """The ``login`` rate per client address, counted in the shared store under a lock.

    The address is one the client cannot choose: DRF trusts the whole X-Forwarded-For header when
    REST_FRAMEWORK["NUM_PROXIES"] is unset, so a client could send a new made-up address with every guess. Without
    a configured proxy count only the connection's address counts; behind N trusted proxies, set NUM_PROXIES = N.
    """

    @property
    def cache(self):
        return throttle_cache()

    def get_ident(self, request):
        if api_settings.NUM_PROXIES is None:
            return request.META.get("REMOTE_ADDR", "")
        return super().get_ident(request)

    def allow_request(self, request, view):
        # ScopedRateThrottle's set-up (the view's scope and its rate), then the sliding window under the lock.
        self.scope = getattr(view, self.scope_attr, None)
        if not self.scope:
            return True
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        key = self.get_cache_key(request, view)
        if key is None:
            return True
        try:
            with locked(key):
                return SimpleRateThrottle.allow_request(self, request, view)
        except Busy:
            self.history, self.now = [], self.timer()  # what wait() reads: refuse, suggest a short wait
            return False
        except Exception as exc:  # the store is down (Redis gone, database locked): refuse, do not fail with a 500
            log.error("login throttle store failed: %s", exc)
            raise StoreDown() from None


class _LoginScope:
    throttle_scope = "login"


def address_wait(request) -> float | None:
    """For a login outside the API (a form): None when the client address may try now, else the seconds to wait.
    The same ``login`` rate and count as ``POST /api/auth/token/``."""
    throttle = LoginThrottle()
    if throttle.allow_request(request, _LoginScope()):
        return None
    return throttle.wait() or 1.0


def _account_key(username: str) -> str:
    # Hashed: any username fits a cache key; case-folded: "Anna" and "anna" share one count.
    return "login-failures:" + hashlib.sha256(username.casefold().encode()).hexdigest()


def delay_after(failures: int) -> int:
    """Seconds the next attempt must wait after ``failures`` wrong passwords in a row."""
    if failures < FREE_FAILURES:
        return 0
    return min(2 ** (failures - FREE_FAILURES), MAX_DELAY)


def reserve_attempt(username: str) -> int:
    """Count an attempt on ``username`` before its password is checked; returns the failures in a row so far.

    Counted first and forgiven on success (:func:`forgive`), so that guesses sent at the same moment see each
    other. Raises ``Throttled`` (429, Retry-After) while the account's backoff runs.
    """
    key = _account_key(username)
    cache = throttle_cache()
    try:
        with locked(key):
            state = cache.get(key) or {"failures": 0, "last": 0.0}
            now = _now()
            wait = state["last"] + delay_after(state["failures"]) - now
            if wait > 0:
                raise Throttled(wait=wait, detail=f"too many failed logins for this account: try again in {int(wait) + 1} s")
            state = {"failures": state["failures"] + 1, "last": now}
            cache.set(key, state, FORGET_AFTER)
    except Busy:
        raise Throttled(wait=1, detail="another login for this account is being checked: try again in a second") from None
    except APIException:
        raise
    except Exception as exc:  # the store is down: refuse rather than answer 500 or stop counting
        log.error("login backoff store failed: %s", exc)
        raise StoreDown() from None
    return state["failures"]


def record_failure(username: str, failures: int, address: str) -> None:
    """Log a wrong password that makes the account wait (the count itself was taken by :func:`reserve_attempt`)."""
    if failures >= FREE_FAILURES:
        log.warning(
            "login: %d wrong passwords in a row for account %r (last from %s); its next attempt waits %d s",
            failures,
            username,
            address,
            delay_after(failures),
        )


def forgive(username: str) -> None:
    """A successful login: the account's count starts again."""
    try:
        throttle_cache().delete(_account_key(username))
    except Exception as exc:  # the login succeeded; a stale count only slows the owner's next typo
        log.error("login backoff store failed to clear %r: %s", username, exc)
