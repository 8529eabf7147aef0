"""The public reads of an event: shared by the pages, the JSON API and the downloads.

Only public events and only published rounds (status published or complete) are ever shown, and a result only
once it is final (a reported or disputed result is not a result yet). Standings come from the event's
StandingsSnapshot (one row read); before the first snapshot exists they are computed on the fly by
:func:`tournaments.standings.event_standings`.
"""

from __future__ import annotations

from collections import defaultdict

from django.db.models import F, Q, Sum

from tournaments.models import Bye, Event, Game, Player, Registration, Round, StandingsSnapshot
from tournaments.standings import event_standings
from variants.base import BLACK, WHITE

PUBLIC_ROUND_STATUSES = (Round.Status.PUBLISHED, Round.Status.COMPLETE)
PENDING_RESULT_STATUSES = (Game.ResultStatus.REPORTED, Game.ResultStatus.DISPUTED)
MAX_ROUND_NUMBER = 32767  # PositiveSmallIntegerField; larger numbers cannot exist (and overflow SQLite)
MAX_ID = 2**63  # a larger id overflows the database's integer
SNAPSHOT_KEYS = ("event", "computed_at", "rounds_complete", "tiebreaks", "rows")


# --- events and rounds ------------------------------------------------------------------------------------------


# An event, not a section's own row (issue 27): the lists show events, each section is reached through its event.
HOLDERS = Q(section__isnull=True) | Q(section__event_id=F("id"))


def public_events():
    """What the public sees: the one visibility rule of the model (drafts are hidden until announced)."""
    return Event.objects.visible_to(None).filter(HOLDERS)


def public_event(slug: str) -> Event | None:
    return public_events().filter(slug=slug).first()


def event_tiebreak_codes(event: Event) -> list[str]:
    """The tie-break codes as the organizer listed them."""
    return list(event.tiebreaks or [])


def event_players(event: Event) -> list[Registration]:
    return list(event.registrations.select_related("player").order_by("seed", "player__name"))


def event_registration(event: Event, player_id: int) -> Registration | None:
    if not 0 < player_id < MAX_ID:
        return None
    return event.registrations.select_related("player").filter(player_id=player_id).first()


def published_rounds(event: Event):
    return event.rounds.filter(status__in=PUBLIC_ROUND_STATUSES).order_by("number")


def published_round(event: Event, number: int) -> Round | None:
    if not 0 < number <= MAX_ROUND_NUMBER:
        return None
    return published_rounds(event).filter(number=number).select_related("variant_block").first()


def latest_round_with_a_block(event: Event) -> Round | None:
    """The latest published round that has a variant block (with the block)."""
    return published_rounds(event).filter(variant_block__isnull=False).select_related("variant_block").order_by("-number").first()


# --- boards, byes and results -----------------------------------------------------------------------------------


def scores_before(rnd: Round) -> dict[int, float]:
    """player id -> points before ``rnd``: final game results and byes of the event's earlier rounds (what the
    standings after the round before give; a player with none has 0)."""
    scores: dict[int, float] = defaultdict(float)
    earlier = {"round__event_id": rnd.event_id, "round__number__lt": rnd.number}
    games = Game.objects.filter(result_status=Game.ResultStatus.FINAL, **earlier)
    for side in ("white", "black"):
        for player, points in games.values(f"{side}_id").annotate(total=Sum(f"{side}_points")).values_list(f"{side}_id", "total"):
            scores[player] += float(points or 0)
    for player, points in (
        Bye.objects.filter(**earlier).values("player_id").annotate(total=Sum("points")).values_list("player_id", "total")
    ):
        scores[player] += float(points or 0)
    return dict(scores)


def round_games(rnd: Round) -> list[Game]:
    """The boards of ``rnd`` in board order (their players' points before the round: :func:`scores_before`)."""
    return list(rnd.games.select_related("white__user", "black__user").order_by("board"))


def round_byes(rnd: Round) -> list[Bye]:
    """The byes of ``rnd`` by player name (their players' points before the round: :func:`scores_before`)."""
    return list(rnd.byes.select_related("player__user").order_by("player__name"))


def published_games(event: Event):
    """Every board of the event's published rounds, in round and board order."""
    return (
        Game.objects.filter(round__event=event, round__status__in=PUBLIC_ROUND_STATUSES)
        .select_related("round", "white__user", "black__user")
        .order_by("round__number", "board")
    )


def published_byes(event: Event):
    return Bye.objects.filter(round__event=event, round__status__in=PUBLIC_ROUND_STATUSES).select_related("round")


def result_is_public(game: Game) -> bool:
    """A reported or disputed result is not a result yet: the public sees it once it is final."""
    return bool(game.result) and game.result_status not in PENDING_RESULT_STATUSES


def public_result(game: Game) -> str:
    return game.result if result_is_public(game) else ""


def player_games(event: Event, player: Player) -> list[Game]:
    return list(published_games(event).filter(Q(white=player) | Q(black=player)))


def player_byes(event: Event, player: Player) -> dict[int, Bye]:
    """The player's byes by round number (of any round: callers walk the published rounds)."""
    byes = Bye.objects.filter(round__event=event, player=player).select_related("round")
    return {bye.round.number: bye for bye in byes}


def army_of(game: Game, player: Player) -> str:
    """The army ``player`` started with in ``game``: WHITE or BLACK."""
    return WHITE if game.white_id == player.id else BLACK


def colour_sequence(event: Event, player: Player, games: list[Game] | None = None) -> str:
    """W or B per published round in which the player's game has a final result, '-' for a bye, no game or a
    game not over yet; unfinished rounds at the end are left off (as the standings' colours)."""
    games = player_games(event, player) if games is None else games
    by_round = {g.round.number: army_of(g, player)[0].upper() for g in games if result_is_public(g)}
    unfinished = {g.round.number for g in games if not result_is_public(g)}
    numbers = [rnd.number for rnd in published_rounds(event)]
    while numbers and numbers[-1] in unfinished:
        numbers.pop()
    return "".join(by_round.get(number, "-") for number in numbers)


# --- the shapes of the JSON API (the pages show the same values) ------------------------------------------------


def player_object(player: Player) -> dict:
    """The shared player shape of the API: id, name (as the event shows it), rating; never a login username."""
    return {"id": player.id, "name": player.name, "rating": player.rating}


def board_player(player: Player, score_before: float | None) -> dict:
    """A player on a board of a round: the shared shape with the federation and the points before the round."""
    return {**player_object(player), "federation": player.federation, "score_before": score_before}


def game_row(game: Game, before: dict[int, float] | None = None) -> dict:
    """A board as the API gives it: the result, termination and points only once the result is final; each
    player with the points before the round from ``before`` (:func:`scores_before`; None without it)."""
    visible = result_is_public(game)
    return {
        "id": game.id,
        "board": game.board,
        "white": board_player(game.white, _before(before, game.white_id)),
        "black": board_player(game.black, _before(before, game.black_id)),
        "variant": game.variant,
        **dict(zip(("first_roll", "second_roll"), game.start_rolls(), strict=True)),
        "result": game.result if visible else "",
        "termination": game.termination if visible else "",
        "white_points": float(game.white_points) if visible and game.white_points is not None else None,
        "black_points": float(game.black_points) if visible and game.black_points is not None else None,
        "result_status": game.result_status,
        "status": game.status,
    }


def bye_row(bye: Bye, before: dict[int, float] | None = None) -> dict:
    return {"player": board_player(bye.player, _before(before, bye.player_id)), "kind": bye.kind, "points": float(bye.points)}


def _before(before: dict[int, float] | None, player_id: int) -> float | None:
    """A player's points before the round (0 with none yet), or None when they were not asked for."""
    return None if before is None else before.get(player_id, 0.0)


# --- standings ----------------------------------------------------------------------------------------------------


def snapshot_version(event: Event) -> tuple | None:
    """What changes whenever the snapshot is replaced (the task bumps results_version and computed_at); None
    without a snapshot."""
    return StandingsSnapshot.objects.filter(event=event).values_list("pk", "results_version", "computed_at").first()


def _snapshot(event: Event, with_crosstable: bool) -> dict | None:
    if with_crosstable:
        snapshot = StandingsSnapshot.objects.filter(event=event).only("data").first()
        return dict(snapshot.data) if snapshot is not None and snapshot.data else None
    # Only the keys the page shows: the database extracts them, so the crosstable (the bulk) is never decoded.
    found = StandingsSnapshot.objects.filter(event=event).values(*(f"data__{key}" for key in SNAPSHOT_KEYS)).first()
    if found is None or found["data__rows"] is None:
        return None
    return {key: found[f"data__{key}"] for key in SNAPSHOT_KEYS}


def _published_crosstable(data: dict, visible: set[str]) -> dict:
    table = data.get("crosstable") or {}
    return {
        player: {rnd: cell for rnd, cell in rounds.items() if str(rnd) in visible}
        for player, rounds in table.items()
        if isinstance(rounds, dict)
    }


def standings_data(event: Event, *, with_crosstable: bool = True) -> dict | None:
    """The published standings dict (the snapshot's format), or None when there are none yet.

    Reads the snapshot; without one, computes them with :func:`tournaments.standings.event_standings`.
    Crosstable cells of rounds that are not published are left out (``with_crosstable=False``: no crosstable).
    """
    data = _snapshot(event, with_crosstable)
    if data is None:
        data = event_standings(event)
        if not data:
            return None
    if with_crosstable:
        visible = {str(n) for n in published_rounds(event).values_list("number", flat=True)}
        data["crosstable"] = _published_crosstable(data, visible)
    else:
        data.pop("crosstable", None)
    data["rows"] = data.get("rows") or []
    data["tiebreaks"] = data.get("tiebreaks") or []
    return data
