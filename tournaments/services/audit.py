"""The audit trail of an event: every change of the director's workflow with who, when, what, before and after.

One function writes it (:func:`audit`), so dice, pairings, results and registrations are logged alike; the admin
(PairingChange list) and the organizer API (``GET /api/events/{slug}/audit/``) read the same rows.
"""

from __future__ import annotations

from tournaments.models import Event, Game, PairingChange, Round

# What happened (the ``action`` of an entry).
EVENT_CREATED = "event-created"
EVENT_ANNOUNCED = "event-announced"
EVENT_CLOSED = "event-closed"
EVENT_EDITED = "event-edited"
PLAYERS_IMPORTED = "players-imported"
LATE_ENTRY = "late-entry"
WITHDRAWAL = "withdrawal"
BYE_REQUESTED = "bye-requested"
DICE_ROLLED = "dice-rolled"
DICE_ENTERED = "dice-entered"
DICE_CORRECTED = "dice-corrected"
ROUND_PAIRED = "round-paired"
ROUND_REPAIRED = "round-repaired"
ROUND_DELETED = "round-deleted"
ROUND_PUBLISHED = "round-published"
ROUND_SCHEDULED = "round-scheduled"
PAIRING_CHANGED = "pairing-changed"
RESULT_ENTERED = "result-entered"
RESULT_CORRECTED = "result-corrected"


def audit(
    event: Event,
    action: str,
    description: str,
    *,
    by=None,
    round: Round | None = None,
    before: object = None,
    after: object = None,
) -> PairingChange:
    """Write one entry (inside the caller's transaction, so a refused change leaves no entry)."""
    return PairingChange.objects.create(
        event=event, round=round, user=by, action=action, description=description, before=before, after=after
    )


def round_pairing(rnd: Round) -> dict:
    """A round's boards and byes by name, as an entry's before/after: {"boards": {n: [white, black]}, "byes": [...]}."""
    games = rnd.games.select_related("white", "black").order_by("board")
    boards = {str(g.board): [g.white.name, g.black.name] for g in games}
    byes = sorted(f"{b.player.name} ({b.kind})" for b in rnd.byes.select_related("player"))
    return {"boards": boards, "byes": byes}


def result_state(game: Game) -> dict | None:
    """A board's result as an entry's before/after; None when it has no result of record."""
    if game.result_status != Game.ResultStatus.FINAL:
        return None
    points = [None if p is None else float(p) for p in (game.white_points, game.black_points)]
    return {"board": game.board, "result": game.result, "termination": game.termination, "points": points}


def trail(event: Event, limit: int | None = None) -> list[dict]:
    """The entries newest first: {at, by, action, round, description, before, after}."""
    rows = entries_of(event)
    if limit:
        rows = rows[:limit]
    return [entry(row) for row in rows]


def entries_of(event: Event):
    """The event's entries, newest first, as a queryset (the API filters and pages it)."""
    return PairingChange.objects.filter(event=event).select_related("user", "round").order_by("-at", "-id")


def entry(row: PairingChange) -> dict:
    return {
        "at": row.at,
        "by": row.user.get_username() if row.user else None,
        "action": row.action or "note",
        "round": row.round.number if row.round else None,
        "description": row.description,
        "before": row.before,
        "after": row.after,
    }
