"""Server-rendered public pages (no login, no JavaScript needed); the downloads are :mod:`tournaments.views_exports`.

Each view reads through :mod:`tournaments.public` (the reads the JSON API shares) and renders a template of
templates/tournaments/. The bodies of the two big tables (standings, crosstable: a row per player) are written by
:func:`standings_body` and :func:`crosstable_body`, which give exactly what their row templates
(``_standings_rows.html``, ``_crosstable_rows.html``) give, several times faster: the template engine spends
about a tenth of a millisecond per row, a 2,000-player table a quarter of a second. The templates stay the
reference (a test renders both and compares). The tables are also kept per snapshot version
(:mod:`tournaments.public.cache`): a new snapshot is a new cache key, so it shows at once; the standings task
fills that cache right after it writes a snapshot (:func:`warm_tables`).
"""

from __future__ import annotations

from html import escape

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.dateparse import parse_datetime
from django.utils.safestring import SafeString, mark_safe

from scoring.teams import TIEBREAKS as TEAM_TIEBREAKS
from tournaments.exports.registry import TEAM_STANDINGS, downloads
from tournaments.models import Event
from tournaments.public import display, player_view, progress, provisional, queries, round_view, way_in
from tournaments.public.cache import per_snapshot
from tournaments.public.variant import current_variant, variant_name
from tournaments.services.explanations import event_paragraph
from tournaments.services.pairing_system import pairing_system_label
from tournaments.services.sections import UnknownSection, holder_of, section_row, sections_of
from tournaments.team_results import round_matches, standings_rows
from variants import policies


def public_event_or_404(slug: str, user=None, section: str | None = None) -> Event:
    """The event if ``user`` may see it (the public: a public event; its organizer, arbiters and players: a
    private one too), else a 404; with ``section`` (``?section=``), that section's row (issue 27)."""
    event = Event.objects.visible_to(user).filter(slug=slug).first()
    if event is None:
        raise Http404(f"No public event with slug {slug!r}.")
    try:
        return section_row(event, section)
    except UnknownSection:
        raise Http404(f"{slug!r} has no section {section!r}.") from None


# The page a section tab opens: the same page of the other section (a round or a player: its overview).
TAB_PAGES = {"standings": "event-standings", "crosstable": "event-crosstable"}


def _section_tabs(event: Event, active: str) -> list[dict]:
    """The event's sections as tabs (none for an event of one section): name, band, link, the current one."""
    holder = holder_of(event)
    sections = sections_of(holder)
    if len(sections) < 2:
        return []
    page = reverse(TAB_PAGES.get(active, "event-detail"), args=[holder.slug])
    return [{"name": s.name, "band": "" if s.band() == s.name else s.band(), "current": s.body_id == event.pk,
             "href": page if s.is_first else f"{page}?section={s.slug}"} for s in sections]  # fmt: skip


def _base_context(event: Event, active: str) -> dict:
    """What every page of an event shows: its name and the navigation (``active`` marks the current page), and
    the tabs of its sections."""
    return {"event": event, "active": active, "rounds": list(queries.published_rounds(event)),
            "section_tabs": _section_tabs(event, active)}  # fmt: skip


# --- pages --------------------------------------------------------------------------------------------------------


def event_list(request):
    events = queries.public_events().select_related("organizer").order_by("-starts_on", "-created_at", "-id")
    return render(request, "tournaments/event_list.html", {"groups": display.event_groups(events)})


def event_detail(request, slug: str):
    event = public_event_or_404(slug, request.user, request.GET.get("section"))
    variant = current_variant(event)
    pool = policies.pool_of(event.variant_options) if policies.draws_from_pool(event.variant_policy) else []
    context = _base_context(event, "event")
    context.update(
        variant=variant,
        board_svg=display.variant_board(variant),
        array_rows=display.back_rank_rows(variant),
        registrations=queries.event_players(event),
        downloads=downloads(event),  # the offered exports (tournaments.exports.registry)
        pairing_system=pairing_system_label(event),
        pairing_paragraph=event_paragraph(event),
        pool_keys=pool,
        pool_names=[variant_name(key) for key in pool],
        tiebreaks=queries.event_tiebreak_codes(event),
        schedule=progress.schedule(event),
        me=way_in.actions_for(event, request.user),  # register, check in, bye, withdraw (issue 23)
        teams=list(event.teams.select_related("captain").order_by("seed", "id")),  # a team event's (issue 27)
    )
    return render(request, "tournaments/event_detail.html", context)


def round_detail(request, slug: str, number: int):
    event = public_event_or_404(slug, request.user, request.GET.get("section"))
    rnd = queries.published_round(event, number)
    if rnd is None:
        raise Http404(f"Round {number} of {event.name} is not published.")
    context = _base_context(event, "rounds")
    games = round_view.board_rows(rnd)
    if event.competitor == "team":  # each match's boards under its teams and score (issue 36)
        matches = round_matches(rnd)
        for game in games:
            game["match"] = matches.get(game["board"])
    context.update(
        round=rnd,
        games=games,
        byes=round_view.bye_rows(rnd),
        panel=round_view.variant_panel(event, rnd),
        shows_game_points=event.profile.shows_game_points,
        pairing_system=pairing_system_label(event),
    )
    return render(request, "tournaments/round_detail.html", context)


# hot loop: a row per player of the event (2,000 and more); one f-string per row, every value escaped as the
# template's autoescape escapes it (html.escape with quotes: & < > " ').
def standings_body(rows: list[dict], changes: bool) -> SafeString:
    """The standings table's body, as ``tournaments/_standings_rows.html`` renders it."""
    lines = []
    for r in rows:
        change = ""
        if changes:
            c = r["change"]
            text = f'<abbr title="{escape(c["label"])}">{escape(c["text"])}</abbr>' if c["text"] else ""
            change = f'<td class="num chg-{escape(c["kind"])}">{text}</td>'
        fed = f'<span class="fed">{escape(r["federation"])}</span>' if r["federation"] else ""
        tiebreaks = "".join([f'<td class="num">{escape(value)}</td>' for value in r["tiebreaks"]])
        lines.append(
            f'<tr><td class="num">{escape(r["rank"])}</td><th scope="row" class="name"><a href="{escape(r["url"])}">'
            f'{escape(r["name"])}</a></th>{change}<td class="num">{escape(r["rating"])}</td><td>{fed}</td>'
            f'<td class="num">{escape(r["points"])}</td><td class="num">{escape(r["games"])}</td>{tiebreaks}'
            f'<td class="num">{escape(r["performance"])}</td><td>{escape(r["colours"])}</td></tr>'
        )
    return mark_safe("\n".join(lines))  # noqa: S308 - every value above is escaped


# hot loop: as standings_body, a row per player with a cell per round.
def crosstable_body(rows: list[dict]) -> SafeString:
    """The crosstable's body, as ``tournaments/_crosstable_rows.html`` renders it."""
    lines = []
    for r in rows:
        cells = "".join([f'<td title="{escape(c["label"])}">{escape(c["text"])}</td>' for c in r["cells"]])
        lines.append(
            f'<tr><td class="num">{escape(r["rank"])}</td><th scope="row" class="name"><a href="{escape(r["url"])}">'
            f'{escape(r["name"])}</a></th>{cells}<td class="num">{escape(r["points"])}</td></tr>'
        )
    return mark_safe("\n".join(lines))  # noqa: S308 - every value above is escaped


def _standings_table(event: Event, after: int | None) -> dict | None:
    data = progress.standings_after(event, after, with_crosstable=False)
    if data is None:
        return None
    changes = any(row.get("rank_change") is not None for row in data.get("rows", []))
    return {
        "rounds_complete": data.get("rounds_complete") or 0,
        "computed_at": parse_datetime(str(data.get("computed_at") or "")),
        "tiebreak_headers": display.tiebreak_headers(data.get("tiebreaks", [])),
        "changes": changes,
        "body_html": standings_body(display.standings_rows(data, event), changes),
    }


def _crosstable_table(event: Event, round_numbers: list[int]) -> dict | None:
    data = queries.standings_data(event)
    if data is None or not data["rows"]:
        return None
    return {"body_html": crosstable_body(display.crosstable_rows(data, round_numbers, event))}


def _last_round(rounds: list) -> int:
    """The latest published round's number (0 before the first), from the rounds the page lists anyway."""
    return max((r.number for r in rounds), default=0)


def _provisional_table(event: Event) -> dict:
    """The standings as if every game in play ended now (never cached per snapshot: they follow every move)."""
    data = provisional.provisional_standings(event)
    return {
        "rounds_complete": data.get("rounds_complete") or 0,
        "computed_at": parse_datetime(str(data.get("computed_at") or "")),
        "tiebreak_headers": display.tiebreak_headers(data.get("tiebreaks", [])),
        "changes": True,
        "body_html": standings_body(display.standings_rows(data, event), True),
        "live_games": display.live_game_rows(data.get("live_games", [])),
    }


def standings(request, slug: str):
    event = public_event_or_404(slug, request.user, request.GET.get("section"))
    context = _base_context(event, "standings")
    if request.GET.get("provisional") in provisional.YES:
        table = _provisional_table(event)
        context.update(standings=table, provisional=table, after=None, last_round=_last_round(context["rounds"]),
                       shows_game_points=event.profile.shows_game_points)  # fmt: skip
        return render(request, "tournaments/standings.html", context)
    try:
        after = progress.parse_after(request.GET.get("after"), event)
    except progress.AfterError as error:
        context.update(error=str(error), standings=None, after=None)
        return render(request, "tournaments/standings.html", context, status=400)
    last = _last_round(context["rounds"])
    shown = None if after is None or after >= last else after
    table = per_snapshot(event, "standings", lambda: _standings_table(event, shown), str(shown or ""))
    context.update(standings=table, after=shown, last_round=last, shows_game_points=event.profile.shows_game_points)
    if event.competitor == "team":  # issue 27: the team standings above the players'
        context["team_rows"] = [
            {**row, "breaks": [row["tiebreaks"][c] for c in TEAM_TIEBREAKS]} for row in standings_rows(event, shown)
        ]
        context["team_downloads"] = downloads(event, TEAM_STANDINGS)
    return render(request, "tournaments/standings.html", context)


def crosstable(request, slug: str):
    event = public_event_or_404(slug, request.user, request.GET.get("section"))
    context = _base_context(event, "crosstable")
    round_numbers = [r.number for r in context["rounds"]]
    table = per_snapshot(event, "crosstable", lambda: _crosstable_table(event, round_numbers), ",".join(map(str, round_numbers)))
    context.update(crosstable=table, round_numbers=round_numbers)
    return render(request, "tournaments/crosstable.html", context)


def warm_tables(event: Event) -> None:
    """Render the standings and crosstable of the event's current snapshot into the page cache (the standings task
    calls this right after it writes one), so that the first reader of a new snapshot finds them ready."""
    round_numbers = [r.number for r in queries.published_rounds(event)]
    per_snapshot(event, "standings", lambda: _standings_table(event, None))
    per_snapshot(event, "crosstable", lambda: _crosstable_table(event, round_numbers), ",".join(map(str, round_numbers)))


def player_detail(request, slug: str, player_id: int):
    event = public_event_or_404(slug, request.user, request.GET.get("section"))
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
