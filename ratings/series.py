"""Series of events: making one, and its table (the rule is scoring.series, pure).

Who may make a series: someone who organizes every event in it (staff who see every event too). The table reads
each event's standings snapshot; a reader sees the events of the series they may see, and the table counts those.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.text import slugify

from ratings.identity import identity_of
from ratings.models import Series, SeriesEvent
from ratings.profile import standing_rows
from record.refusals import FORBIDDEN, INVALID, Refusal
from scoring.series import GAME_POINTS, Placing, series_table
from tournaments.models import Event, Player, sees_every_event

MAX_EVENTS = 100
MAX_PLACES = 500


def named_events(slugs: list[str], user) -> list[Event]:
    """The events named, in order; a Refusal naming ``events`` for an unknown slug or one ``user`` does not organize."""
    found = {e.slug: e for e in Event.objects.visible_to(user).filter(slug__in=slugs)}
    for slug in slugs:
        event = found.get(slug)
        if event is None:
            raise Refusal(INVALID, "events", f"no event with slug {slug!r}")
        if event.organizer_id != user.pk and not sees_every_event(user):
            raise Refusal(FORBIDDEN, "events", f"you do not organize {slug!r}: a series groups your own events")
    return [found[slug] for slug in slugs]


def _free_slug(name: str) -> str:
    base = slugify(name)[:90] or "series"
    slug, n = base, 1
    while Series.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


@transaction.atomic
def create_series(name: str, events: list[Event], best_of: int, points: list[float] | str, by) -> Series:
    series = Series.objects.create(name=name, slug=_free_slug(name), best_of=best_of, points=points, created_by=by)
    SeriesEvent.objects.bulk_create(SeriesEvent(series=series, event=e, order=i) for i, e in enumerate(events))
    return series


def table_of(series: Series, user) -> dict:
    """The series' table as the API and the page give it, over the events of it ``user`` may see."""
    entries = list(series.entries.select_related("event"))
    visible = set(Event.objects.visible_to(user).filter(pk__in=[e.event_id for e in entries]).values_list("pk", flat=True))
    events = [entry.event for entry in entries if entry.event_id in visible]
    tables = standing_rows(events)
    ids = {row["player_id"] for rows in tables.values() for row in rows if row.get("player_id")}
    players = Player.objects.in_bulk(list(ids))
    named: dict[str, Player] = {}
    placings = []
    for event in events:
        placed = []
        for row in tables.get(event.pk, []):
            player = players.get(row.get("player_id"))
            if player is None or row.get("rank") is None:
                continue
            who = identity_of(player)
            named[who] = player  # the latest event's row names them
            placed.append(Placing(who, int(row["rank"]), float(row.get("points") or 0)))
        placings.append(placed)
    rows = series_table(placings, series.best_of, series.points)
    return {
        "slug": series.slug, "name": series.name, "best_of": series.best_of, "points": series.points,
        "events": [{"slug": e.slug, "name": e.name, "starts_on": e.starts_on, "closed": e.status == Event.Status.CLOSED}
                   for e in events],
        "rows": [_row_body(row, named[row.who]) for row in rows],
    }  # fmt: skip


def _row_body(row, player: Player) -> dict:
    return {
        "rank": row.rank, "player": player.pk, "name": player.name, "federation": player.federation,
        "total": row.total,
        "events": [None if c is None else {"rank": c.rank, "game_points": c.game_points, "points": c.points,
                                            "counted": c.counted} for c in row.events],
    }  # fmt: skip


def points_rule(points: object) -> str:
    """How a page words the series' points rule."""
    if points == GAME_POINTS:
        return "the game points scored in each event"
    return "by place: " + ", ".join(f"{p:g}" for p in points) + " (then 0)"  # type: ignore[union-attr]
