"""Server-rendered public pages (no login, no JavaScript needed) and the downloads.

Each view reads through :mod:`tournaments.public` (the reads the JSON API shares) and renders a template of
templates/tournaments/. The two big tables (standings, crosstable) are rendered once per snapshot version and
cached (:mod:`tournaments.public.cache`): a new snapshot is a new cache key, so it shows at once.
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.dateparse import parse_datetime

from tournaments import exports
from tournaments.models import Event
from tournaments.public import display, player_view, progress, queries, round_view
from tournaments.public.cache import per_snapshot
from tournaments.public.variant import current_variant


def public_event_or_404(slug: str) -> Event:
    event = queries.public_event(slug)
    if event is None:
        raise Http404(f"No public event with slug {slug!r}.")
    return event


def _base_context(event: Event, active: str) -> dict:
    """What every page of an event shows: its name and the navigation (``active`` marks the current page)."""
    return {"event": event, "active": active, "rounds": list(queries.published_rounds(event))}


# --- pages --------------------------------------------------------------------------------------------------------


def event_list(request):
    events = queries.public_events().select_related("organizer").order_by("-starts_on", "-created_at", "-id")
    return render(request, "tournaments/event_list.html", {"groups": display.event_groups(events)})


def event_detail(request, slug: str):
    event = public_event_or_404(slug)
    variant = current_variant(event)
    context = _base_context(event, "event")
    context.update(
        variant=variant,
        board_svg=display.variant_board(variant),
        array_rows=display.back_rank_rows(variant),
        registrations=queries.event_players(event),
        trf_available=exports.trf_available(event),
        tiebreaks=queries.event_tiebreak_codes(event),
        schedule=progress.schedule(event),
    )
    return render(request, "tournaments/event_detail.html", context)


def round_detail(request, slug: str, number: int):
    event = public_event_or_404(slug)
    rnd = queries.published_round(event, number)
    if rnd is None:
        raise Http404(f"Round {number} of {event.name} is not published.")
    context = _base_context(event, "rounds")
    context.update(
        round=rnd,
        games=round_view.board_rows(rnd),
        byes=round_view.bye_rows(rnd),
        panel=round_view.variant_panel(event, rnd),
        dynamic=event.scoring == Event.Scoring.DYNAMIC,
    )
    return render(request, "tournaments/round_detail.html", context)


def _standings_table(event: Event, after: int | None) -> dict | None:
    data = progress.standings_after(event, after, with_crosstable=False)
    if data is None:
        return None
    changes = any(row.get("rank_change") is not None for row in data.get("rows", []))
    rows = display.standings_rows(data, event)
    return {
        "rounds_complete": data.get("rounds_complete") or 0,
        "computed_at": parse_datetime(str(data.get("computed_at") or "")),
        "tiebreak_headers": display.tiebreak_headers(data.get("tiebreaks", [])),
        "changes": changes,
        "body_html": render_to_string("tournaments/_standings_rows.html", {"rows": rows, "changes": changes}),
    }


def standings(request, slug: str):
    event = public_event_or_404(slug)
    context = _base_context(event, "standings")
    try:
        after = progress.parse_after(request.GET.get("after"), event)
    except progress.AfterError as error:
        context.update(error=str(error), standings=None, after=None)
        return render(request, "tournaments/standings.html", context, status=400)
    last = progress.last_published_round(event)
    shown = None if after is None or after >= last else after
    table = per_snapshot(event, "standings", lambda: _standings_table(event, shown), str(shown or ""))
    context.update(standings=table, after=shown, last_round=last, dynamic=event.scoring == Event.Scoring.DYNAMIC)
    return render(request, "tournaments/standings.html", context)


def crosstable(request, slug: str):
    event = public_event_or_404(slug)
    context = _base_context(event, "crosstable")
    round_numbers = [r.number for r in context["rounds"]]

    def build() -> dict | None:
        data = queries.standings_data(event)
        if data is None or not data["rows"]:
            return None
        rows = display.crosstable_rows(data, round_numbers, event)
        return {"body_html": render_to_string("tournaments/_crosstable_rows.html", {"rows": rows})}

    table = per_snapshot(event, "crosstable", build, ",".join(map(str, round_numbers)))
    context.update(crosstable=table, round_numbers=round_numbers)
    return render(request, "tournaments/crosstable.html", context)


def player_detail(request, slug: str, player_id: int):
    event = public_event_or_404(slug)
    registration = queries.event_registration(event, player_id)
    if registration is None:
        raise Http404("No such player in this event.")
    player = registration.player
    games = queries.player_games(event, player)
    rows = player_view.player_rows(event, player, games)
    context = _base_context(event, "players")
    context.update(
        player=player,
        registration=registration,
        rows=rows,
        rated=player_view.shows_rating_change(event, player),
        rating=player_view.rating_summary(event, player, rows),
        colours=queries.colour_sequence(event, player, games),
        standing=player_view.player_standing(event, player),
    )
    return render(request, "tournaments/player_detail.html", context)


# --- downloads ------------------------------------------------------------------------------------------------------


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
        exports.standings_csv(event, queries.standings_data(event, with_crosstable=False)),
        "text/csv; charset=utf-8",
        f"{event.slug}-standings.csv",
    )


def export_trf(request, slug: str):
    event = public_event_or_404(slug)
    if not exports.trf_available(event):
        return HttpResponse(exports.TRF_NEEDS_CLASSICAL, status=404, content_type="text/plain; charset=utf-8")
    return _download(
        exports.tournament_trf(event, queries.standings_data(event, with_crosstable=False)),
        "text/plain; charset=utf-8",
        f"{event.slug}.trf",
    )
