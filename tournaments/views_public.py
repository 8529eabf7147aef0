"""Server-rendered public pages (no login, no JavaScript needed) and the read helpers the public API shares.

Only public events and only published rounds (status published or complete) are ever shown. Standings come from
the event's StandingsSnapshot (one row read); before the first snapshot exists they are computed on the fly by
``tournaments.standings.event_standings`` when that module is available.
"""

from __future__ import annotations

from html import escape
from typing import Any

from django.core.cache import cache
from django.db.models import Q
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.dateparse import parse_datetime
from django.utils.safestring import mark_safe

from tournaments import exports
from tournaments.board_svg import BoardParseError, board_svg
from tournaments.models import Bye, Event, Game, Player, Registration, Round, StandingsSnapshot, VariantBlock

PUBLIC_ROUND_STATUSES = (Round.Status.PUBLISHED, Round.Status.COMPLETE)
MAX_ROUND_NUMBER = 32767  # PositiveSmallIntegerField; larger numbers cannot exist (and overflow SQLite)
STANDARD_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
EIGHT_BY_EIGHT = {"chess", "reach", "twilight", "parity", "parity-single", "sscc"}

TIEBREAK_NAMES = {
    "BH-C1": "Buchholz cut-1 (lowest contribution dropped)",
    "BH-M1": "Median Buchholz (highest and lowest dropped)",
    "BH": "Buchholz (sum of the opponents' scores)",
    "SB": "Sonneborn-Berger (opponents' scores weighted by the result)",
    "DE": "Direct encounter (points among the tied players)",
    "WIN": "Number of wins (forfeit wins and full-point byes included)",
    "WON": "Wins over the board",
    "BPG": "Games played with Black",
    "BWG": "Games won with Black",
    "ARO": "Average rating of the opponents",
    "TPR": "Tournament performance rating",
    "GE": "Rounds elected to play",
}


# --- shared read helpers (also used by tournaments.api_public) ------------------------------------------------------


def public_events():
    return Event.objects.filter(is_public=True)


def public_event(slug: str) -> Event | None:
    return public_events().filter(slug=slug).first()


def public_event_or_404(slug: str) -> Event:
    event = public_event(slug)
    if event is None:
        raise Http404(f"No public event with slug {slug!r}.")
    return event


def published_rounds(event: Event):
    return event.rounds.filter(status__in=PUBLIC_ROUND_STATUSES).order_by("number")


def published_round(event: Event, number: int) -> Round | None:
    if not 0 < number <= MAX_ROUND_NUMBER:
        return None
    return published_rounds(event).filter(number=number).select_related("variant_block").first()


def round_games(rnd: Round) -> list[Game]:
    return list(rnd.games.select_related("white__user", "black__user").order_by("board"))


def round_byes(rnd: Round) -> list[Bye]:
    return list(rnd.byes.select_related("player").order_by("player__name"))


def result_is_public(game: Game) -> bool:
    """A reported or disputed result is not a result yet: the public sees it once it is final."""
    return bool(game.result) and game.result_status not in (Game.ResultStatus.REPORTED, Game.ResultStatus.DISPUTED)


def public_result(game: Game) -> str:
    return game.result if result_is_public(game) else ""


def fmt_points(value: Any) -> str:
    """50 -> "50", 1.5 -> "1.5", Decimal("51.00") -> "51"; None -> ""."""
    if value is None or value == "":
        return ""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return str(value)
    if number.is_integer():
        return str(int(number))
    return f"{number:.2f}".rstrip("0").rstrip(".")


def _filter_crosstable(data: dict, visible: set[str]) -> dict:
    table = data.get("crosstable") or {}
    return {
        player: {rnd: cell for rnd, cell in rounds.items() if str(rnd) in visible}
        for player, rounds in table.items()
        if isinstance(rounds, dict)
    }


SNAPSHOT_KEYS = ("event", "computed_at", "rounds_complete", "tiebreaks", "rows")


def _snapshot(event: Event, with_crosstable: bool) -> dict | None:
    if with_crosstable:
        snapshot = StandingsSnapshot.objects.filter(event=event).only("data").first()
        return dict(snapshot.data) if snapshot is not None and snapshot.data else None
    # Only the keys the page shows: the database extracts them, so the crosstable (the bulk) is never decoded.
    found = StandingsSnapshot.objects.filter(event=event).values(*(f"data__{key}" for key in SNAPSHOT_KEYS)).first()
    if found is None or found["data__rows"] is None:
        return None
    return {key: found[f"data__{key}"] for key in SNAPSHOT_KEYS}


def standings_data(event: Event, *, with_crosstable: bool = True) -> dict | None:
    """The published standings dict (contract format), or None when there are none yet.

    Reads the snapshot; without one, computes them with tournaments.standings.event_standings if that exists.
    Crosstable cells of rounds that are not published are left out (``with_crosstable=False``: no crosstable).
    """
    data = _snapshot(event, with_crosstable)
    if data is None:
        try:
            from tournaments.standings import event_standings
        except ImportError:  # the results engineer's module is not there yet: no standings to show
            return None
        data = event_standings(event)
        if not data:
            return None
    if with_crosstable:
        visible = {str(n) for n in published_rounds(event).values_list("number", flat=True)}
        data["crosstable"] = _filter_crosstable(data, visible)
    else:
        data.pop("crosstable", None)
    data["rows"] = data.get("rows") or []
    data["tiebreaks"] = data.get("tiebreaks") or []
    return data


VARIANT_NAMES = {
    "rvc": "Random Variant Chess",
    "chess": "Chess",
    "reach": "Reach Chess",
    "twilight": "Twilight Chess",
    "parity": "Parity Chess",
    "parity-single": "Parity Chess with Single Occupation",
    "sscc": "Switch-Side Chain-Chess",
}


def variant_name(key: str) -> str:
    """The engine's name; the seed's name while an engine is not importable."""
    try:
        from variants.registry import get_engine

        return get_engine(key).name
    except (KeyError, ImportError, AttributeError):
        return VARIANT_NAMES.get(key, key)


def fixed_start_position(key: str) -> str:
    """The start position of a fixed variant from its engine; the standard array for an 8x8 variant otherwise."""
    try:
        from variants.registry import get_engine

        return get_engine(key).new().position()
    except (KeyError, ImportError, AttributeError, NotImplementedError):
        return STANDARD_START if key in EIGHT_BY_EIGHT else ""


def revealed_seed(block: VariantBlock) -> str:
    """The seed once the roll it decided is made (commit-reveal), else empty; the dice service's rule."""
    try:
        from tournaments.services.dice import revealed_seed as service_rule
    except ImportError:
        return block.seed if block.rolled_at else ""
    return service_rule(block)


def variant_from_block(event: Event, rnd: Round, block: VariantBlock) -> dict:
    """What the public may know of a round's variant block (the seed only once it is revealed)."""
    key = event.variant_key if event.variant_policy == Event.VariantPolicy.FIXED else "rvc"
    return {
        "round": rnd.number,
        "block": block.index,
        "rounds": [2 * block.index - 1, 2 * block.index],
        "variant": key,
        "variant_name": variant_name(key),
        "method": block.method,
        "method_display": block.get_method_display(),
        "first_roll": block.first_roll,
        "second_roll": block.second_roll,
        "array": [str(piece) for piece in block.array or []],
        "castling": block.castling,
        "start_position": block.start_position
        or (fixed_start_position(key) if event.variant_policy == Event.VariantPolicy.FIXED else ""),
        "commitment": block.commitment,
        "seed": revealed_seed(block),
        "rolled_at": block.rolled_at,
    }


def current_variant(event: Event) -> dict | None:
    """The variant in force: the latest published round's block, or the fixed variant's start position."""
    rnd = published_rounds(event).filter(variant_block__isnull=False).select_related("variant_block").order_by("-number").first()
    block = rnd.variant_block if rnd else None
    if block is not None:
        info = variant_from_block(event, rnd, block)
    elif event.variant_policy == Event.VariantPolicy.FIXED:
        position = fixed_start_position(event.variant_key)
        info = {
            "round": None,
            "block": None,
            "rounds": [],
            "variant": event.variant_key,
            "variant_name": variant_name(event.variant_key),
            "method": str(VariantBlock.Method.FIXED),
            "method_display": VariantBlock.Method.FIXED.label,
            "first_roll": "",
            "second_roll": "",
            "array": [],
            "castling": "",
            "start_position": position,
            "commitment": "",
            "seed": "",
            "rolled_at": None,
        }
    else:
        return None
    return info


def player_object(player: Player) -> dict:
    """The shared player shape of the API: id, name, username, rating."""
    user = player.user
    return {"id": player.id, "name": player.name, "username": user.get_username() if user else "", "rating": player.rating}


def game_row(game: Game) -> dict:
    visible = result_is_public(game)
    return {
        "id": game.id,
        "board": game.board,
        "white": player_object(game.white),
        "black": player_object(game.black),
        "variant": game.variant,
        "first_roll": game.first_roll,
        "second_roll": game.second_roll,
        "result": game.result if visible else "",
        "termination": game.termination if visible else "",
        "white_points": float(game.white_points) if visible and game.white_points is not None else None,
        "black_points": float(game.black_points) if visible and game.black_points is not None else None,
        "result_status": game.result_status,
        "status": game.status,
    }


def bye_row(bye: Bye) -> dict:
    return {"player": player_object(bye.player), "kind": bye.kind, "points": float(bye.points)}


def event_players(event: Event) -> list[Registration]:
    return list(event.registrations.select_related("player").order_by("seed", "player__name"))


# --- pages --------------------------------------------------------------------------------------------------------


def event_list(request):
    events = public_events().select_related("organizer")
    return render(request, "tournaments/event_list.html", {"events": events})


def _base_context(event: Event, active: str) -> dict:
    return {"event": event, "active": active, "rounds": list(published_rounds(event))}


def event_detail(request, slug: str):
    event = public_event_or_404(slug)
    context = _base_context(event, "event")
    variant = current_variant(event)
    svg = ""
    if variant and variant["start_position"]:
        title = f"{variant['variant_name']}: starting position"
        if variant["round"]:
            title += f" for rounds {variant['rounds'][0]} and {variant['rounds'][1]}"
        try:
            svg = board_svg(variant["start_position"], title=title, svg_id="current-variant")
        except BoardParseError:
            svg = ""
    array = variant["array"] if variant else []
    files = "abcdefghijkl"
    context.update(
        variant=variant,
        board_svg=svg,
        array_rows=[{"file": files[i] if i < len(files) else "", "piece": str(p)} for i, p in enumerate(array)],
        registrations=event_players(event),
        trf_available=event.scoring == Event.Scoring.CLASSICAL,
        tiebreaks=[t.strip() for t in event.tiebreaks.split(",") if t.strip()],
    )
    return render(request, "tournaments/event_detail.html", context)


PENDING_LABELS = {Game.ResultStatus.REPORTED: "reported", Game.ResultStatus.DISPUTED: "disputed"}


def _result_display(result: str) -> str:
    return result.replace("1/2", "½")


def round_detail(request, slug: str, number: int):
    event = public_event_or_404(slug)
    rnd = published_round(event, number)
    if rnd is None:
        raise Http404(f"Round {number} of {event.name} is not published.")
    games = []
    for game in round_games(rnd):
        row = game_row(game)
        row["result_display"] = _result_display(row["result"]) or PENDING_LABELS.get(game.result_status, "")
        row["white_points_display"] = fmt_points(row["white_points"])
        row["black_points_display"] = fmt_points(row["black_points"])
        games.append(row)
    byes = [{"player": b.player, "kind": b.get_kind_display(), "points": fmt_points(b.points)} for b in round_byes(rnd)]
    context = _base_context(event, "rounds")
    context.update(round=rnd, games=games, byes=byes)
    return render(request, "tournaments/round_detail.html", context)


def _standings_rows(data: dict) -> list[dict]:
    names = data.get("tiebreaks", [])
    rows = []
    for row in data.get("rows", []):
        tiebreaks = row.get("tiebreaks") or {}
        rows.append(
            {
                "rank": row.get("rank", ""),
                "player_id": row.get("player_id"),
                "name": row.get("name", ""),
                "rating": row.get("rating") or "",
                "federation": row.get("federation", ""),
                "points": fmt_points(row.get("points")),
                "games": row.get("games", ""),
                "tiebreaks": [fmt_points(tiebreaks.get(name)) for name in names],
                "colours": row.get("colours", ""),
            }
        )
    return rows


def _h(value: object) -> str:
    if value is None:
        return ""
    if type(value) is int:  # numbers need no escaping (most cells)
        return str(value)
    return escape(str(value), quote=True)


def _num(text: str) -> str:
    """A formatted number needs no escaping; anything else (a malformed snapshot value) is escaped."""
    return text if not text or text.lstrip("-").replace(".", "", 1).isdigit() else escape(text)


def _player_href(slug: str, player_id: object) -> str:
    return f"/events/{_h(slug)}/players/{_h(player_id)}/"


def _rank_and_player_cells(row: dict, slug: str) -> str:
    """The first two cells of a standings or crosstable row: the rank, and the player's name as the row header."""
    return (
        f'<td class="num">{_h(row["rank"])}</td>'
        f'<th scope="row"><a href="{_player_href(slug, row["player_id"])}">{_h(row["name"])}</a></th>'
    )


# The two big tables are built here rather than in template loops: the Django template engine needs ~150
# node renders per standings row, which for 500 players is most of the response time (docs/benchmarks/pages.md).
def standings_body_html(rows: list[dict], slug: str) -> str:
    """The <tr> elements of the standings table; every value is escaped."""
    out = []
    for r in rows:
        tiebreaks = "".join(f'<td class="num">{_num(v)}</td>' for v in r["tiebreaks"])
        out.append(
            f"<tr>{_rank_and_player_cells(r, slug)}"
            f'<td class="num">{_h(r["rating"])}</td><td>{_h(r["federation"])}</td>'
            f'<td class="num">{_num(r["points"])}</td><td class="num">{_h(r["games"])}</td>'
            f"{tiebreaks}<td>{_h(r['colours'])}</td></tr>"
        )
    return mark_safe("\n".join(out))  # noqa: S308 - built from escaped values only


def crosstable_body_html(rows: list[dict], slug: str) -> str:
    """The <tr> elements of the crosstable; every value is escaped."""
    out = []
    for r in rows:
        cells = "".join(f'<td title="{_h(c["label"])}">{_h(c["text"])}</td>' for c in r["cells"])
        out.append(f'<tr>{_rank_and_player_cells(r, slug)}{cells}<td class="num">{_h(r["points"])}</td></tr>')
    return mark_safe("\n".join(out))  # noqa: S308 - built from escaped values only


def _tiebreak_headers(data: dict) -> list[dict]:
    return [{"code": name, "title": TIEBREAK_NAMES.get(name, name)} for name in data.get("tiebreaks", [])]


CACHE_SECONDS = 3600


def _snapshot_cache_key(event: Event, kind: str, extra: str = "") -> str | None:
    """A key that changes whenever the snapshot is replaced (the task bumps results_version and computed_at)."""
    version = StandingsSnapshot.objects.filter(event=event).values_list("pk", "results_version", "computed_at").first()
    if version is None:
        return None  # computed on the fly: nothing to key a cache entry on
    pk, results_version, computed_at = version
    stamp = computed_at.isoformat() if computed_at else ""
    return f"pages:{kind}:{event.pk}:{event.slug}:{pk}:{results_version}:{stamp}:{extra}"


def _cached(key: str | None, build):
    if key is not None:
        hit = cache.get(key)
        if hit is not None:
            return hit
    value = build()
    if key is not None and value is not None:
        cache.set(key, value, CACHE_SECONDS)
    return value


def standings_table(event: Event) -> dict | None:
    """What the standings page shows, with the table body already rendered; cached per snapshot version."""

    def build() -> dict | None:
        data = standings_data(event, with_crosstable=False)
        if data is None:
            return None
        return {
            "rounds_complete": data.get("rounds_complete") or 0,
            "computed_at": parse_datetime(str(data.get("computed_at") or "")),
            "tiebreak_headers": _tiebreak_headers(data),
            "body_html": standings_body_html(_standings_rows(data), event.slug),
        }

    return _cached(_snapshot_cache_key(event, "standings"), build)


def standings(request, slug: str):
    event = public_event_or_404(slug)
    table = standings_table(event)
    context = _base_context(event, "standings")
    context.update(standings=table)
    return render(request, "tournaments/standings.html", context)


def _crosstable_rows(data: dict, round_numbers: list[int]) -> list[dict]:
    rank_of = {str(row.get("player_id")): row.get("rank") for row in data["rows"]}
    rows = []
    for row in data["rows"]:
        cells_by_round = data["crosstable"].get(str(row.get("player_id")), {})
        cells = []
        for number in round_numbers:
            cell = cells_by_round.get(str(number))
            if not cell:
                cells.append({"text": "", "label": f"round {number}: not played"})
                continue
            opponent = cell.get("opponent_id")
            points = fmt_points(cell.get("points"))
            result = _result_display(str(cell.get("result") or ""))
            if opponent is None:
                text = f"{result or 'bye'} {points}".strip()
                label = f"round {number}: {result or 'bye'}, {points} points"
            else:
                colour = cell.get("colour") or ""
                rank = rank_of.get(str(opponent), "?")
                text = f"{rank}{colour} {points}".strip()
                label = f"round {number}: against rank {rank} with {colour}, {result}"
            cells.append({"text": text, "label": label})
        rows.append(
            {
                "rank": row.get("rank", ""),
                "player_id": row.get("player_id"),
                "name": row.get("name", ""),
                "cells": cells,
                "points": fmt_points(row.get("points")),
            }
        )
    return rows


def crosstable(request, slug: str):
    event = public_event_or_404(slug)
    context = _base_context(event, "crosstable")
    round_numbers = [r.number for r in context["rounds"]]

    def build() -> dict | None:
        data = standings_data(event)
        if data is None or not data["rows"]:
            return None
        return {"body_html": crosstable_body_html(_crosstable_rows(data, round_numbers), event.slug)}

    key = _snapshot_cache_key(event, "crosstable", ",".join(map(str, round_numbers)))
    context.update(crosstable=_cached(key, build), round_numbers=round_numbers)
    return render(request, "tournaments/crosstable.html", context)


def player_games(event: Event, player: Player) -> list[Game]:
    return list(
        Game.objects.filter(round__event=event, round__status__in=PUBLIC_ROUND_STATUSES)
        .filter(Q(white=player) | Q(black=player))
        .select_related("round", "white__user", "black__user")
        .order_by("round__number", "board")
    )


def colour_sequence(event: Event, player: Player, games: list[Game] | None = None) -> str:
    """W or B per published round in which the player had a game, '-' for a bye or no game."""
    games = player_games(event, player) if games is None else games
    by_round = {g.round.number: ("W" if g.white_id == player.id else "B") for g in games}
    return "".join(by_round.get(rnd.number, "-") for rnd in published_rounds(event))


def player_detail(request, slug: str, player_id: int):
    event = public_event_or_404(slug)
    registration = (
        event.registrations.select_related("player").filter(player_id=player_id).first() if 0 < player_id < 2**63 else None
    )
    if registration is None:
        raise Http404("No such player in this event.")
    player = registration.player
    games = player_games(event, player)
    byes = {b.round.number: b for b in Bye.objects.filter(round__event=event, player=player).select_related("round")}
    rows = []
    by_round = {g.round.number: g for g in games}
    for rnd in published_rounds(event):
        game = by_round.get(rnd.number)
        if game is not None:
            white = game.white_id == player.id
            opponent = game.black if white else game.white
            result = public_result(game)
            own = game.white_points if white else game.black_points
            rows.append(
                {
                    "round": rnd.number,
                    "colour": "White" if white else "Black",
                    "opponent": opponent,
                    "result": _result_display(result),
                    "termination": game.termination if result else "",
                    "points": fmt_points(own) if result else "",
                }
            )
        elif rnd.number in byes:
            bye = byes[rnd.number]
            rows.append(
                {
                    "round": rnd.number,
                    "colour": "–",
                    "opponent": None,
                    "result": bye.get_kind_display(),
                    "termination": "",
                    "points": fmt_points(bye.points),
                }
            )
    data = standings_data(event, with_crosstable=False)
    standing = None
    if data:
        standing = next((r for r in _standings_rows(data) if r["player_id"] == player.id), None)
    context = _base_context(event, "players")
    context.update(
        player=player,
        registration=registration,
        rows=rows,
        colours=colour_sequence(event, player, games),
        standing=standing,
    )
    return render(request, "tournaments/player_detail.html", context)


# --- exports --------------------------------------------------------------------------------------------------------


def _download(body: str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def export_pgn(request, slug: str):
    event = public_event_or_404(slug)
    return _download(exports.games_pgn(event), "application/x-chess-pgn; charset=utf-8", f"{event.slug}.pgn")


def export_standings_csv(request, slug: str):
    event = public_event_or_404(slug)
    return _download(
        exports.standings_csv(event, standings_data(event, with_crosstable=False)),
        "text/csv; charset=utf-8",
        f"{event.slug}-standings.csv",
    )


def export_trf(request, slug: str):
    event = public_event_or_404(slug)
    if event.scoring != Event.Scoring.CLASSICAL:
        return HttpResponse(exports.TRF_NEEDS_CLASSICAL, status=404, content_type="text/plain; charset=utf-8")
    return _download(
        exports.tournament_trf(event, standings_data(event, with_crosstable=False)),
        "text/plain; charset=utf-8",
        f"{event.slug}.trf",
    )
