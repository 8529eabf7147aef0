"""What a game day measures, and the HTTP client every bot, spectator and the director share.

A request that fails with a 5xx or no answer at all (the connection refused or reset) is counted and sent again,
the same request (a move keeps its ``client_id``, so a retry is applied once) until it is answered or
``RETRY_SECONDS`` pass. Each failure is counted as *at a fault* when it happened while an injected fault was in
force or within ``FAULT_GRACE_SECONDS`` after it (a kept connection is found dead at its next use), otherwise as
*unexpected*: the game day's verdict counts only the unexpected ones against the server.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import time
from dataclasses import dataclass, field

import httpx

RETRY_SECONDS = 120.0
FAULT_GRACE_SECONDS = 10.0
PAGES = ("event", "round", "standings", "live")


def percentile(values: list[float], q: int) -> float:
    if not values:
        return 0.0
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


@dataclass
class RoundStats:
    number: int
    pairing_s: float = 0.0
    review_s: float = 0.0
    publish_s: float = 0.0
    started: float = 0.0
    ended: float = 0.0
    load: float = 0.0  # the machine's 1-minute load average when the round ended
    client_cpu_s: float = 0.0  # CPU this process (every bot, spectator and the director) spent on the round
    moves: int = 0
    move_s: list[float] = field(default_factory=list)
    push_s: list[float] = field(default_factory=list)
    pushes_missed: int = 0
    pages: dict[str, list[float]] = field(default_factory=lambda: {page: [] for page in PAGES})
    errors_at_fault: int = 0
    errors_unexpected: int = 0
    socket_errors_at_fault: int = 0
    socket_errors_unexpected: int = 0
    failures: list[str] = field(default_factory=list)
    faults: list[str] = field(default_factory=list)

    def row(self) -> dict:
        seconds = max(self.ended - self.started, 1e-9)
        pages = {page: round(percentile(times, 50) * 1000, 1) for page, times in self.pages.items()}
        pages_p99 = {page: round(percentile(times, 99) * 1000, 1) for page, times in self.pages.items()}
        return {
            "round": self.number,
            "pairing_s": round(self.pairing_s, 2),
            "publish_s": round(self.publish_s, 2),
            "play_s": round(seconds, 1),
            "moves": self.moves,
            "moves_per_s": round(self.moves / seconds, 1),
            "client_cpu_s": round(self.client_cpu_s, 1),
            "load_at_end": round(self.load, 1),
            "move_p50_ms": round(percentile(self.move_s, 50) * 1000, 1),
            "move_p99_ms": round(percentile(self.move_s, 99) * 1000, 1),
            "push_p50_ms": round(percentile(self.push_s, 50) * 1000, 1),
            "push_p99_ms": round(percentile(self.push_s, 99) * 1000, 1),
            "pushes_missed": self.pushes_missed,
            "page_p50_ms": pages,
            "page_p99_ms": pages_p99,
            "page_reads": sum(len(times) for times in self.pages.values()),
            "5xx_or_no_answer_at_fault": self.errors_at_fault,
            "5xx_or_no_answer_unexpected": self.errors_unexpected,
            "socket_errors_at_fault": self.socket_errors_at_fault,
            "socket_errors_unexpected": self.socket_errors_unexpected,
            "faults": self.faults,
            "first_unexpected": self.failures[:3],
        }


class Metrics:
    """Per-round statistics, the fault windows, and every move the server acknowledged."""

    def __init__(self) -> None:
        self.rounds: dict[int, RoundStats] = {0: RoundStats(0)}  # round 0: setting up the event
        self.current = self.rounds[0]
        self.windows: list[list[float]] = []  # [start, end] of each injected fault
        self.acknowledged: dict[tuple[int, str], str] = {}  # (game, client_id) -> the move as stored
        self.sent_at: dict[tuple[int, int], float] = {}  # (game, ply after the move) -> when the move was sent
        self.bot_failures = 0  # a bot's game task that stopped on an exception

    def begin_round(self, number: int) -> RoundStats:
        self.current = self.rounds.setdefault(number, RoundStats(number))
        self.current.client_cpu_s -= time.process_time()
        return self.current

    def end_round(self) -> None:
        """The round's CPU stops counting; what happens until the next round is still the ended round's."""
        self.current.client_cpu_s += time.process_time()
        self.current.load = os.getloadavg()[0]

    def fault_started(self, what: str) -> list[float]:
        window = [time.monotonic(), float("inf")]
        self.windows.append(window)
        self.current.faults.append(what)
        return window

    @staticmethod
    def fault_ended(window: list[float]) -> None:
        window[1] = time.monotonic()

    def at_fault(self, when: float) -> bool:
        return any(start - 0.5 <= when <= end + FAULT_GRACE_SECONDS for start, end in self.windows)

    def request_failed(self, what: str) -> None:
        if self.at_fault(time.monotonic()):
            self.current.errors_at_fault += 1
        else:
            self.current.errors_unexpected += 1
            self.current.failures.append(what)

    def socket_failed(self, what: str) -> None:
        if self.at_fault(time.monotonic()):
            self.current.socket_errors_at_fault += 1
        else:
            self.current.socket_errors_unexpected += 1
            self.current.failures.append(what)


class Http:
    """One pooled async HTTP client; ``send`` retries a 5xx or a failed connection, counting each."""

    def __init__(self, base: str, metrics: Metrics, connections: int = 32) -> None:
        limits = httpx.Limits(max_connections=connections, max_keepalive_connections=connections)
        self.client = httpx.AsyncClient(base_url=base, limits=limits, timeout=httpx.Timeout(60.0))
        self.metrics = metrics

    async def close(self) -> None:
        await self.client.aclose()

    async def send(self, method: str, path: str, token: str = "", body=None, params=None) -> httpx.Response:
        headers = {"Accept": "application/json"}
        if token:
            headers["Authorization"] = f"Token {token}"
        deadline, pause = time.monotonic() + RETRY_SECONDS, 0.25
        while True:
            try:
                response = await self.client.request(method, path, json=body, headers=headers, params=params)
                if response.status_code < 500:
                    return response
                failure = f"{method} {path}: {response.status_code} {response.text[:200]}"
            except httpx.TransportError as exc:
                failure = f"{method} {path}: {type(exc).__name__} {exc}"
            self.metrics.request_failed(failure)
            if time.monotonic() > deadline:
                raise RuntimeError(f"no answer after {RETRY_SECONDS:.0f} s: {failure}")
            await asyncio.sleep(pause)
            pause = min(pause * 2, 2.0)

    async def json(self, method: str, path: str, token: str = "", body=None, params=None, ok=(200, 201)):
        """The answer's JSON; an unexpected 4xx is an error naming the request."""
        response = await self.send(method, path, token, body, params)
        if response.status_code not in ok:
            raise RuntimeError(f"{method} {path}: {response.status_code} {response.text[:500]}")
        return response.json()
