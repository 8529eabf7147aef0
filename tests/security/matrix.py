"""The authorization matrix: who may do what, as a table the tests check and docs/security.md shows.

``ROWS`` holds, for each request (method, path, body) the answer each role must get. The test
(test_authorization_matrix.py) makes every request as every role against one fixed world and compares; the
same rows render the Markdown table between the markers in docs/security.md, and a test checks the document
shows exactly this table. To change what a role may do, change a row here and regenerate the document's table:
``UPDATE_SECURITY_DOC=1 .venv/bin/pytest tests/security -q``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

ROLES = ("anonymous", "player", "other player", "arbiter", "organizer", "other organizer", "staff")
ROLE_NOTES = {
    "anonymous": "no token, no session",
    "player": "plays White in the game `{game}` (round 1, published)",
    "other player": "an account that plays in another event",
    "arbiter": "an arbiter of the event (staff flag, for the admin)",
    "organizer": "the organizer of the event (staff flag)",
    "other organizer": "the organizer of another event (staff flag)",
    "staff": "a superuser",
}
DOC = Path(__file__).resolve().parents[2] / "docs" / "security.md"
START, END = "<!-- authorization matrix: generated from tests/security/matrix.py -->", "<!-- end of the matrix -->"


@dataclass(frozen=True)
class Row:
    what: str
    method: str
    path: str  # {game}, {hidden} (a game of an unpublished round), {slug}, {event_id}, {task} are filled in
    expect: tuple[int, ...]  # one status per role, in ROLES order
    body: dict | None = field(default=None, hash=False)
    admin: bool = False  # a Django admin page: the session of a logged-in user, form posts
    today: tuple[int, ...] | None = None  # a known gap: what the server answers today instead (the test xfails)
    gap: str = ""  # why, and where it is to be fixed

    def __post_init__(self):
        assert len(self.expect) == len(ROLES), self.what
        assert self.today is None or (len(self.today) == len(ROLES) and self.gap), self.what


# fmt: off
ROWS = (
    # --- reading -----------------------------------------------------------------------------------------------
    Row("list events", "GET", "/api/events/", (200, 200, 200, 200, 200, 200, 200)),
    Row("read the event", "GET", "/api/events/{slug}/", (200, 200, 200, 200, 200, 200, 200)),
    Row("read a published game", "GET", "/api/games/{game}/", (200, 200, 200, 200, 200, 200, 200)),
    Row("read a game of an unpublished round", "GET", "/api/games/{hidden}/", (404, 404, 404, 200, 200, 404, 200)),
    Row("read the reports of a game", "GET", "/api/games/{game}/reports/", (401, 200, 403, 200, 200, 403, 200)),
    Row("list my games", "GET", "/api/me/games/", (401, 200, 200, 200, 200, 200, 200)),
    Row("read the event's audit trail", "GET", "/api/events/{slug}/audit/", (401, 403, 403, 200, 200, 403, 200)),
    # --- playing and reporting ----------------------------------------------------------------------------------
    Row("play a move", "POST", "/api/games/{game}/moves/", (401, 200, 403, 403, 403, 403, 403), {"move": "e4"}),
    Row("play a move in an unpublished round", "POST", "/api/games/{hidden}/moves/", (401, 404, 404, 403, 403, 404, 403),
        {"move": "e4"}),
    Row("report a result", "POST", "/api/games/{game}/report/", (401, 201, 403, 403, 403, 403, 403),
        {"result": "1-0", "termination": "checkmate"}),
    # --- the arbiter's and the organizer's work ---------------------------------------------------------------
    Row("pause the clocks", "POST", "/api/games/{game}/clock/", (401, 403, 403, 200, 200, 403, 200), {"action": "pause"}),
    Row("enter a result", "POST", "/api/games/{game}/result/", (401, 403, 403, 200, 200, 403, 200),
        {"result": "1-0", "termination": "checkmate"}),
    Row("publish a paired round", "POST", "/api/events/{slug}/rounds/2/publish/", (401, 403, 403, 200, 200, 403, 200)),
    Row("name the chief arbiter", "PATCH", "/api/events/{slug}/", (401, 403, 403, 403, 200, 403, 200),
        {"chief_arbiter": "Clara Chief"}),
    Row("revoke my token", "POST", "/api/auth/token/revoke/", (401, 204, 204, 204, 204, 204, 204)),
    # --- a player's way in (issue 23): the organizer's, not an arbiter's ----------------------------------------
    Row("invite the players to log in", "POST", "/api/events/{slug}/invitations/", (401, 403, 403, 403, 200, 403, 200), {}),
    Row("list the event's registrations", "GET", "/api/events/{slug}/registrations/", (401, 403, 403, 403, 200, 403, 200)),
    Row("set registration and check-in", "PATCH", "/api/events/{slug}/", (401, 403, 403, 403, 200, 403, 200),
        {"check_in_required": True}),
    Row("set the rounds' start times", "PUT", "/api/events/{slug}/schedule/", (401, 403, 403, 403, 200, 403, 200),
        {"rounds": [{"number": 3, "starts_at": "2026-12-01T10:00:00Z"}]}),
    Row("read my calendar's address", "GET", "/api/me/calendar/", (401, 200, 200, 200, 200, 200, 200)),
    # --- the Django admin -------------------------------------------------------------------------------------
    Row("admin: open the event", "GET", "/admin/tournaments/event/{event_id}/change/", (302, 302, 302, 200, 200, 302, 200),
        admin=True),
    Row("admin: post a new name (incomplete form: shown again, unchanged)", "POST", "/admin/tournaments/event/{event_id}/change/",
        (302, 302, 302, 200, 200, 302, 200), {"name": "Renamed"}, admin=True),
    Row("admin: open a game of the event", "GET", "/admin/tournaments/game/{game}/change/", (302, 302, 302, 200, 200, 302, 200),
        admin=True),
    Row("admin: list the tasks (each sees the tasks they asked for)", "GET", "/admin/outbox/task/",
        (302, 302, 302, 200, 200, 200, 200), admin=True),
    Row("admin: open the organizer's pairing task", "GET", "/admin/outbox/task/{task}/change/",
        (302, 302, 302, 302, 200, 302, 200), admin=True),
)
# fmt: on


def render(rows: tuple[Row, ...] = ROWS) -> str:
    """The matrix as a Markdown table: one line per request, one column per role."""
    lines = [
        "| what | request | " + " | ".join(ROLES) + " |",
        "| --- | --- | " + " | ".join("---" for _ in ROLES) + " |",
    ]
    gaps = []
    for row in rows:
        cells = [str(s) for s in row.expect]
        if row.today is not None:
            gaps.append(f"{len(gaps) + 1}. {row.what}: today {', '.join(map(str, row.today))}; {row.gap}.")
            cells = [c if c == str(t) else f"{c} ({len(gaps)})" for c, t in zip(cells, row.today)]
        lines.append(f"| {row.what} | `{row.method} {row.path}` | " + " | ".join(cells) + " |")
    if gaps:
        lines += ["", "Known gaps (the cells marked (n) are what the server must answer; it does not yet):", "", *gaps]
    return "\n".join(lines)


def embedded(text: str) -> str:
    """The table between the markers of docs/security.md."""
    assert START in text and END in text, f"docs/security.md has lost its matrix markers ({START!r})"
    return text.split(START, 1)[1].split(END, 1)[0].strip()


def rewrite(text: str) -> str:
    before, rest = text.split(START, 1)
    after = rest.split(END, 1)[1]
    return f"{before}{START}\n{render()}\n{END}{after}"
