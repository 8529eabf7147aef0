"""A person across events, as the API and the player's page show them: their ratings, the events they played with
rank and performance, the history of one rating list, their record against each opponent.

Only events the reader may see count (``Event.objects.visible_to``): a person none of whose events the reader may
see is not found. Names are the ones the events show (never a login username).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Q

from ratings.identity import identity_of
from ratings.models import Rating, RatingHistory
from ratings.periods import outcome, played
from scoring.glicko2 import PROVISIONAL_RD
from tournaments.models import Event, Game, Player, StandingsSnapshot

MAX_ID = 2**63 - 1


def same_person(player: Player) -> list[Player]:
    """Every Player row that is the same person as ``player`` (ratings.identity), ``player`` first."""
    who = identity_of(player)
    if player.user_id:
        candidates = Player.objects.filter(user_id=player.user_id)
    elif player.fide_id.strip():
        candidates = Player.objects.filter(fide_id=player.fide_id.strip(), user__isnull=True)
    else:
        candidates = Player.objects.filter(name__iexact=player.name.strip(), user__isnull=True, fide_id="")
    others = [p for p in candidates.exclude(pk=player.pk) if identity_of(p) == who]
    return [player, *others]


def find_person(player_id: int, user) -> tuple[Player, list[Player], list[Event]] | None:
    """(the row asked for, the person's rows, the events of theirs the reader may see) or None: not found."""
    player = Player.objects.filter(pk=player_id).first() if 0 < player_id <= MAX_ID else None
    if player is None:
        return None
    rows = same_person(player)
    events = list(
        Event.objects.visible_to(user).filter(registrations__player__in=rows).distinct().order_by("-starts_on", "-created_at")
    )
    return (player, rows, events) if events else None


def ratings_of(player: Player) -> dict[str, dict]:
    rows = Rating.objects.filter(identity=identity_of(player)).order_by("key")
    return {r.key: rating_body(r) for r in rows}


def rating_body(r: Rating | RatingHistory) -> dict:
    return {"rating": round(r.rating, 1), "rd": round(r.rd, 1), "volatility": round(r.volatility, 6), "games": r.games,
            "provisional": r.rd > PROVISIONAL_RD}  # fmt: skip


def history_of(player: Player, key: str, events: list[Event]) -> list[dict]:
    """The person's rating in list ``key`` after each period they played, oldest first; the event is named only
    when the reader may see it."""
    visible = {e.pk: e for e in events}
    rows = RatingHistory.objects.filter(identity=identity_of(player), key=key).select_related("period__round")
    out = []
    for h in rows.order_by("period__position"):
        event = visible.get(h.period.round.event_id)
        out.append({
            "at": h.period.at, "event": event.slug if event else None, "event_name": event.name if event else None,
            "round": h.period.round.number, **rating_body(h), "played": h.played, "score": h.score,
        })  # fmt: skip
    return out


def standing_rows(events: list[Event]) -> dict[int, list[dict]]:
    """Each event's standings rows (its published snapshot)."""
    snapshots = StandingsSnapshot.objects.filter(event__in=events)
    return {s.event_id: list((s.data or {}).get("rows", [])) for s in snapshots}


def events_of(rows: list[Player], events: list[Event]) -> list[dict]:
    """The person's events, newest first: rank, points, games and performance from the event's standings."""
    ids = {p.pk for p in rows}
    tables = standing_rows(events)
    out = []
    for event in events:
        mine = next((r for r in tables.get(event.pk, []) if r.get("player_id") in ids), {})
        out.append({
            "slug": event.slug, "name": event.name, "starts_on": event.starts_on, "variant": event.variant_key,
            "rated": event.rated, "rank": mine.get("rank"), "points": mine.get("points"), "games": mine.get("games"),
            "performance": mine.get("performance"),
        })  # fmt: skip
    return out


@dataclass
class Opponent:
    player: Player
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    events: set[str] = field(default_factory=set)

    @property
    def score(self) -> float:
        return self.wins + self.draws / 2


def head_to_head(rows: list[Player], events: list[Event]) -> list[Opponent]:
    """The person's record against each opponent over the played games of the visible events, most games first."""
    ids = {p.pk for p in rows}
    games = (
        Game.objects.filter(
            Q(white__in=rows) | Q(black__in=rows), round__event__in=events, result_status=Game.ResultStatus.FINAL
        )  # fmt: skip
        .select_related("white", "black", "round__event")
        .order_by("round__event__created_at", "round__number")
    )
    by_person: dict[str, Opponent] = {}
    for game in games:
        if game.white_points is None or game.black_points is None or not played(game):
            continue
        white = game.white_id in ids
        other = game.black if white else game.white
        score = outcome(game.white_points, game.black_points)
        score = score if white else 1.0 - score
        record = by_person.setdefault(identity_of(other), Opponent(other))
        record.player = other  # the latest row names them
        record.games += 1
        record.wins += score == 1.0
        record.draws += score == 0.5
        record.losses += score == 0.0
        record.events.add(game.round.event.slug)
    return sorted(by_person.values(), key=lambda o: (-o.games, -o.score, o.player.name.casefold()))


def opponents_body(opponents: list[Opponent]) -> list[dict]:
    return [{"player": o.player.pk, "name": o.player.name, "federation": o.player.federation, "games": o.games,
             "wins": o.wins, "draws": o.draws, "losses": o.losses, "score": o.score} for o in opponents]  # fmt: skip
