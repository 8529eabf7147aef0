"""The event round by round: the standings as they stood after any round (each row with the places moved in
that round, ``rank_change``) and the schedule of rounds. (Each player's score before a round is read with the
round's boards: :func:`tournaments.public.queries.scores_before`.)

The published snapshot is the standings after the last published round (later rounds are not paired in
public and hold no results). For an earlier round N the standings are computed from rounds 1..N alone
(:func:`tournaments.standings.event_standings` with ``after``) and kept per snapshot version, so a corrected
result of an early round shows in every later view as soon as the snapshot is replaced; under a new snapshot
whose rounds 1..N are unchanged they are found again by a digest of their records rather than recomputed.
"""

from __future__ import annotations

import hashlib

from django.core.cache import cache

from tournaments.models import Event
from tournaments.public import queries
from tournaments.public.cache import CACHE_SECONDS, per_snapshot
from tournaments.standings import event_records, last_published_round, standings_with_changes

AFTER_DIGITS = 5  # round numbers fit a PositiveSmallIntegerField


class AfterError(ValueError):
    """A bad ``after`` parameter; the message says what is allowed."""

    field = "after"


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
    data = dict(per_snapshot(event, "after", lambda: _computed_after(event, after), str(after)))
    data["after"] = after
    if not with_crosstable:
        data.pop("crosstable", None)
    return data


def _computed_after(event: Event, after: int) -> dict:
    """The standings after round ``after``, also kept under a digest of everything they are computed from: a new
    snapshot (a result of the round under way) leaves rounds 1..N as they were, and then the standings after
    round N are not computed again (the digest costs a read of the rows, the computation the tie-breaks)."""
    records = event_records(event, after)
    basis = repr((records, event.scoring, event.tiebreaks, event.slug)).encode()
    key = f"pages:after-records:{event.pk}:{after}:{hashlib.sha256(basis).hexdigest()}"
    found = cache.get(key)
    if found is None:
        found = standings_with_changes(event, records, after)
        cache.set(key, found, CACHE_SECONDS)
    return found


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
