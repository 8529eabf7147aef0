"""The event round by round: the standings as they stood after any round, the places each player moved in a
round, and the schedule of rounds. (Each player's score before a round is read with the round's boards:
:func:`tournaments.public.queries.scores_before`.)

The published snapshot is the standings after the last published round (later rounds are not paired in
public and hold no results). For an earlier round N the standings are computed from rounds 1..N alone
(:func:`tournaments.standings.event_standings` with ``after``) and kept per snapshot version, so a corrected
result of an early round shows in every later view as soon as the snapshot is replaced.
"""

from __future__ import annotations

from django.db.models import Max

from tournaments.models import Event
from tournaments.public import queries
from tournaments.public.cache import per_snapshot
from tournaments.standings import event_standings

AFTER_DIGITS = 5  # round numbers fit a PositiveSmallIntegerField


class AfterError(ValueError):
    """A bad ``after`` parameter; the message says what is allowed."""

    field = "after"


def last_published_round(event: Event) -> int:
    """The number of the latest published round (0 before the first)."""
    return queries.published_rounds(event).aggregate(last=Max("number"))["last"] or 0


def parse_after(text: str | None, event: Event) -> int | None:
    """The round number of ``?after=N`` (None when absent or empty); raises :class:`AfterError` unless it is a
    published round."""
    if text is None or text == "":
        return None
    last = last_published_round(event)
    allowed = f"a published round (1 to {last})" if last else "a published round, and none is published yet"
    if not (text.isascii() and text.isdigit()) or len(text) > AFTER_DIGITS or not 1 <= int(text) <= last:
        raise AfterError(f"after must be the number of {allowed}, not {text[:20]!r}")
    return int(text)


def standings_after(event: Event, after: int | None, *, with_crosstable: bool = True) -> dict | None:
    """The standings after round ``after`` in the snapshot's format (``after`` None: the published standings),
    None when there are none. An ``after`` of the last published round or later is the snapshot itself."""
    if after is None or after >= last_published_round(event):
        return queries.standings_data(event, with_crosstable=with_crosstable)
    data = dict(per_snapshot(event, "after", lambda: event_standings(event, after=after), str(after)))
    data["after"] = after
    if not with_crosstable:
        data.pop("crosstable", None)
    return data


def rank_changes(previous: dict | None, current: dict | None) -> dict[int, int]:
    """player id -> places gained from ``previous`` to ``current`` standings (negative: places lost); players
    missing from either are left out."""
    if not previous or not current:
        return {}
    before = {row.get("player_id"): row.get("rank") for row in previous.get("rows", [])}
    changes = {}
    for row in current.get("rows", []):
        old, new = before.get(row.get("player_id")), row.get("rank")
        if isinstance(old, int) and isinstance(new, int):
            changes[row["player_id"]] = old - new
    return changes


def changes_in_round(event: Event, after: int | None) -> dict[int, int]:
    """The rank changes of round ``after`` (None: the last published round): after it against before it."""
    number = after or last_published_round(event)
    if number < 2:
        return {}
    previous = standings_after(event, number - 1, with_crosstable=False)
    return rank_changes(previous, standings_after(event, after, with_crosstable=False))


def schedule(event: Event) -> list[dict]:
    """Every round the public may know of: the published ones (with a link) and the later ones that have a start
    time (the time only), in round order."""
    published = set(queries.published_rounds(event).values_list("number", flat=True))
    rounds = event.rounds.order_by("number").only("number", "status", "starts_at", "event_id")
    return [
        {"number": rnd.number, "starts_at": rnd.starts_at, "published": rnd.number in published,
         "status": rnd.get_status_display().lower() if rnd.number in published else "not yet published"}
        for rnd in rounds
        if rnd.number in published or rnd.starts_at
    ]  # fmt: skip
