"""A thin, typed layer over the server's HTTP API for programs: the requests a player's program makes, their
answers as small dataclasses, every refusal as :class:`ApiError` with the server's ``errors`` (field -> reasons).

Standard library only (``http.client``), so the reference bot (clients/bot.py) runs anywhere Python and the
``websockets`` package are. docs/api.md describes the requests; ``/api/schema/`` is the OpenAPI document.
"""

from __future__ import annotations

import http.client
import json
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode, urlsplit

PAGE_SIZE = 100


class ApiError(Exception):
    """A refusal: ``status`` (4xx, 5xx) and the body ``{"detail", "errors": {field: [reason]}}`` as sent."""

    def __init__(self, method: str, path: str, status: int, body: Any) -> None:
        self.status, self.body = status, body
        detail = body.get("detail", body) if isinstance(body, dict) else body
        super().__init__(f"{method} {path}: {status} {detail}")

    @property
    def errors(self) -> dict[str, list[str]]:
        errors = self.body.get("errors") if isinstance(self.body, dict) else None
        return errors if isinstance(errors, dict) else {}


@dataclass(frozen=True)
class MyGame:
    """A row of ``GET /api/me/games/``."""

    id: int
    event: str
    round: int
    board: int
    variant: str
    state: str
    seat: str

    @classmethod
    def from_json(cls, row: dict) -> MyGame:
        return cls(row["id"], row["event"], row["round"], row["board"], row["variant"], row["state"], row["seat"])


@dataclass(frozen=True)
class GameState:
    """What a program reads of a game's state (``GET /api/games/{id}/``, or a socket's ``state`` message)."""

    id: int
    version: int
    state: str
    status: str
    variant: str
    moves: list[str]
    to_move: list[dict[str, str]]
    legal_moves_by_army: dict[str, list[str]]
    simultaneous: bool
    your_sealed_move: dict[str, str] = field(default_factory=dict)
    raw: dict = field(default_factory=dict, repr=False)

    @classmethod
    def from_json(cls, game: dict) -> GameState:
        return cls(
            id=game["id"],
            version=game["version"],
            state=game["state"],
            status=game["status"],
            variant=game["variant"],
            moves=list(game["moves"]),
            to_move=list(game["to_move"]),
            legal_moves_by_army=dict(game["legal_moves_by_army"]),
            simultaneous=bool(game["simultaneous"]),
            your_sealed_move=dict(game.get("your_sealed_move") or {}),
            raw=game,
        )

    @property
    def over(self) -> bool:
        """Final: nothing more to play or answer."""
        return self.state == "final"

    def armies_to_move(self, seat: str) -> list[str]:
        """The armies ``seat`` moves now (Switch-Side Chain-Chess: the army it controls; Parity: its own, unsealed)."""
        if self.state not in ("paired", "in-play"):
            return []
        return [entry["army"] for entry in self.to_move if entry["seat"] == seat and entry["army"] not in self.your_sealed_move]


@dataclass(frozen=True)
class EventInfo:
    """What a program reads of ``GET /api/events/{slug}/``: whether the event is over."""

    slug: str
    status: str
    rounds_planned: int
    rounds: list[dict]

    @classmethod
    def from_json(cls, body: dict) -> EventInfo:
        return cls(body["slug"], body["status"], body["rounds_planned"], list(body.get("rounds") or []))

    @property
    def ended(self) -> bool:
        """Closed, or every planned round published and complete (every game has its final result)."""
        complete = sum(1 for r in self.rounds if r.get("status") == "complete")
        return self.status == "closed" or (self.rounds_planned > 0 and complete >= self.rounds_planned)


class Api:
    """The requests of a player's program, authenticated with its token."""

    def __init__(self, base: str, token: str, timeout: float = 15.0) -> None:
        parts = urlsplit(base)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ValueError(f"--base must be an http(s) URL, not {base!r}")
        self.scheme, self.netloc, self.prefix = parts.scheme, parts.netloc, parts.path.rstrip("/")
        self.token, self.timeout = token, timeout

    def ws_url(self, path: str) -> str:
        return f"{'wss' if self.scheme == 'https' else 'ws'}://{self.netloc}{self.prefix}{path}"

    def request(self, method: str, path: str, body: object = None, query: dict | None = None) -> Any:
        """The parsed JSON answer (None for 204); :class:`ApiError` for a 4xx or 5xx."""
        target = self.prefix + path + (f"?{urlencode(query)}" if query else "")
        connection_class = http.client.HTTPSConnection if self.scheme == "https" else http.client.HTTPConnection
        connection = connection_class(self.netloc, timeout=self.timeout)
        headers = {"Authorization": f"Token {self.token}", "Accept": "application/json"}
        payload = None
        if body is not None:
            payload, headers["Content-Type"] = json.dumps(body), "application/json"
        try:
            connection.request(method, target, body=payload, headers=headers)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
        finally:
            connection.close()
        try:
            parsed = json.loads(text) if text else None
        except ValueError:
            parsed = text
        if response.status >= 400:
            raise ApiError(method, path, response.status, parsed)
        return parsed

    def my_games(self, **filters: str) -> list[MyGame]:
        """Every game of the token's player, page by page (``GET /api/me/games/``)."""
        games, page = [], 1
        while True:
            body = self.request("GET", "/api/me/games/", query={**filters, "page": page, "page_size": PAGE_SIZE})
            games += [MyGame.from_json(row) for row in body["results"]]
            if not body.get("next"):
                return games
            page += 1

    def game(self, game_id: int) -> GameState:
        return GameState.from_json(self.request("GET", f"/api/games/{game_id}/"))

    def move(self, game_id: int, move: str, client_id: str) -> GameState:
        """Play (Parity: seal) ``move``; a retry with the same ``client_id`` is applied once."""
        answer = self.request("POST", f"/api/games/{game_id}/moves/", {"move": move, "client_id": client_id})
        return GameState.from_json(answer)

    def resign(self, game_id: int) -> dict:
        return self.request("POST", f"/api/games/{game_id}/resign/", {})

    def report(self, game_id: int, result: str, termination: str) -> dict:
        """Report the result of a game played over the board; the opponent confirms or disputes it."""
        return self.request("POST", f"/api/games/{game_id}/report/", {"result": result, "termination": termination})

    def reports(self, game_id: int) -> list[dict]:
        body = self.request("GET", f"/api/games/{game_id}/reports/")
        return body["results"] if isinstance(body, dict) and "results" in body else list(body)

    def answer_report(self, game_id: int, confirm: bool) -> dict:
        return self.request("POST", f"/api/games/{game_id}/report/{'confirm' if confirm else 'dispute'}/", {})

    def event(self, slug: str) -> EventInfo:
        return EventInfo.from_json(self.request("GET", f"/api/events/{slug}/"))
