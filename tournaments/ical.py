"""A player's calendar (issue 23): one VEVENT per paired game of a published round that has a start time, and one
per round otherwise (a round not paired yet, or a bye), as RFC 5545 text made by the ``icalendar`` library.

Times are written in the server's time zone (settings.TIME_ZONE): UTC as ``...Z``, any other zone with its TZID
and the VTIMEZONE that defines it, so every calendar shows the right local time. A game lasts as long as both
clocks can run (the base times plus 60 moves of increment each), three hours when the control does not say.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db.models import Q
from django.utils import timezone
from icalendar import Calendar
from icalendar import Event as VEvent

from clocks.control import TimeControlError, parse_time_control
from tournaments.models import Event, Game, Player, Registration, Round
from tournaments.public.queries import PUBLIC_ROUND_STATUSES
from tournaments.services.history import plays
from variants.registry import get_engine

DEFAULT_LENGTH = timedelta(hours=3)
MOVES_OF_INCREMENT = 60


def game_length(time_control: str) -> timedelta:
    try:
        control = parse_time_control(time_control)
    except (TimeControlError, ValueError):
        return DEFAULT_LENGTH
    if not control.timed:
        return DEFAULT_LENGTH
    base = sum(p.base_ms for p in control.periods)
    return timedelta(milliseconds=2 * (base + MOVES_OF_INCREMENT * control.periods[-1].bonus_ms))


def _local(moment: datetime) -> datetime:
    local = timezone.localtime(moment)
    return local.astimezone(UTC) if settings.TIME_ZONE == "UTC" else local


def _vevent(uid: str, summary: str, start: datetime, length: timedelta, url: str, description: str) -> VEvent:
    item = VEvent()
    item.add("uid", f"{uid}@{settings.SITE_URL.split('://', 1)[-1].split('/')[0]}")
    item.add("dtstamp", datetime.now(UTC))
    item.add("dtstart", _local(start))
    item.add("dtend", _local(start + length))
    item.add("summary", summary)
    item.add("description", description)
    item.add("url", url)
    return item


def _game_event(game: Game, player: Player) -> VEvent:
    rnd, event = game.round, game.round.event
    colour, opponent = ("White", game.black) if game.white_id == player.pk else ("Black", game.white)
    url = settings.SITE_URL + f"/games/{game.pk}/"
    summary = f"{event.name} R{rnd.number}: {game.white.name} – {game.black.name}"
    text = f"Board {game.board}, {colour} against {opponent.name}. {get_engine(game.variant).name}, {event.time_control}."
    return _vevent(f"game-{game.pk}", summary, rnd.starts_at, game_length(event.time_control), url, text)


def _round_event(rnd: Round, player: Player) -> VEvent:
    event = rnd.event
    url = settings.SITE_URL + f"/events/{event.slug}/"
    published = rnd.status in PUBLIC_ROUND_STATUSES
    text = "You have a bye in this round." if published else "Pairings are published before the round starts."
    summary = f"{event.name}, round {rnd.number}"
    return _vevent(
        f"round-{event.pk}-{rnd.number}-{player.pk}", summary, rnd.starts_at, game_length(event.time_control), url, text
    )


def calendar_for(player: Player | None) -> bytes:
    """The player's calendar as RFC 5545 text (an empty calendar for a person who plays nowhere)."""
    cal = Calendar()
    cal.add("prodid", "-//Variant chess events//calendar//EN")
    cal.add("version", "2.0")
    cal.add("x-wr-calname", f"Games of {player.name}" if player else "Games")
    if player is not None:
        for item in _items(player):
            cal.add_component(item)
    cal.add_missing_timezones()
    return cal.to_ical()


def _items(player: Player) -> list[VEvent]:
    regs = Registration.objects.filter(player=player).exclude(event__status=Event.Status.DRAFT).select_related("event")
    regs = {r.event_id: r for r in regs if r.event.is_public}
    events = [r.event for r in regs.values()]
    mine = Game.objects.filter(Q(white=player) | Q(black=player), round__event__in=events)
    games = mine.filter(round__status__in=PUBLIC_ROUND_STATUSES, round__starts_at__isnull=False)
    games = games.select_related("round__event", "white", "black")
    items = [_game_event(game, player) for game in games]
    with_game = {g.round_id for g in games}
    rounds = Round.objects.filter(event__in=events, starts_at__isnull=False).exclude(pk__in=with_game).select_related("event")
    for rnd in rounds:  # a round not published yet is shown, never its pairing; a published one for a bye
        if not plays(regs[rnd.event_id], rnd.number):
            continue
        if rnd.status not in PUBLIC_ROUND_STATUSES or rnd.byes.filter(player=player).exists():
            items.append(_round_event(rnd, player))
    return items
