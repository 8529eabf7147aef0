"""The public pages of the ratings app: a player across events, a rating list, a series table and its CSV.

The same reads as the API (ratings.profile, ratings.series); the reader sees what the events they may see hold.
"""

from __future__ import annotations

import csv

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe

from ratings import profile
from ratings import series as series_service
from ratings.api import active_since, index, list_entry
from ratings.chart import history_svg
from ratings.models import Rating, Series
from variants.registry import get_engine, rating_keys, rating_name

TOP = 100  # a rating list page shows the best this many


def shown(rating: float, provisional: bool) -> str:
    """A rating as the pages show it: rounded, with "?" while it is provisional."""
    return f"{rating:.0f}?" if provisional else f"{rating:.0f}"


def _variant_name(key: str) -> str:
    try:
        return get_engine(key).name
    except KeyError:
        return key


def player_page(request, player_id: int):
    found = profile.find_person(player_id, request.user)
    if found is None:
        raise Http404("No such player in an event you may see.")
    player, rows, events = found
    lists = []
    for key, body in profile.ratings_of(player).items():
        history = profile.history_of(player, key, events)
        title = f"{player.name}: {rating_name(key)} rating after each round played"
        chart = history_svg([(h["at"], h["rating"], h["rd"]) for h in history], title)
        lists.append({"key": key, "name": rating_name(key), **body, "shown": shown(body["rating"], body["provisional"]),
                      "chart": mark_safe(chart), "periods": len(history)})  # noqa: S308 - drawn here, every text escaped  # fmt: skip
    played = profile.events_of(rows, events)
    for entry in played:
        entry["variant_name"] = _variant_name(entry["variant"])
    context = {"player": player, "lists": lists, "events": played, "opponents": profile.head_to_head(rows, events)}
    return render(request, "ratings/player.html", context)


def ratings_index(request):
    """/ratings/: every rating list (with how many are rated in it, active and in all) and every series."""
    return render(request, "ratings/index.html", index())


def rating_list_page(request, key: str):
    if key not in rating_keys():
        raise Http404("No such rating list.")
    everyone = request.GET.get("all") == "1"
    ratings = Rating.objects.filter(key=key).select_related("player").order_by("-rating", "identity")
    if not everyone:
        ratings = ratings.filter(last_played__gte=active_since())
    rows = [list_entry(r, rank) for rank, r in enumerate(ratings[:TOP], start=1)]
    for row in rows:
        row["shown"] = shown(row["rating"], row["provisional"])
    lists = [{"key": k, "name": rating_name(k)} for k in rating_keys()]
    context = {"key": key, "name": rating_name(key), "rows": rows, "everyone": everyone, "lists": lists, "top": TOP}
    return render(request, "ratings/rating_list.html", context)


def _series_or_404(slug: str) -> Series:
    series = Series.objects.filter(slug=slug).first()
    if series is None:
        raise Http404("No such series.")
    return series


def series_page(request, slug: str):
    series = _series_or_404(slug)
    table = series_service.table_of(series, request.user)
    context = {"series": series, "table": table, "rule": series_service.points_rule(series.points)}
    return render(request, "ratings/series.html", context)


def series_csv(request, slug: str):
    series = _series_or_404(slug)
    table = series_service.table_of(series, request.user)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{series.slug}.csv"'
    writer = csv.writer(response)
    head = ["rank", "name", "federation", "total"]
    for event in table["events"]:
        head += [f"{event['slug']} points", f"{event['slug']} rank", f"{event['slug']} counted"]
    writer.writerow(head)
    for row in table["rows"]:
        line = [row["rank"], _cell(row["name"]), row["federation"], f"{row['total']:g}"]
        for c in row["events"]:
            line += ["", "", ""] if c is None else [f"{c['points']:g}", c["rank"], "yes" if c["counted"] else "no"]
        writer.writerow(line)
    return response


def _cell(text: str) -> str:
    """A name as a spreadsheet cell: never read as a formula (CSV injection)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text
