"""The one view of every export (:mod:`tournaments.exports.registry`): ``/events/<slug>/export/<key>/``, and the
addresses older than the registry (``games.pgn``, ``standings.csv``, ``tournament.trf``, ``teams.csv``,
``boards.csv``), which are routes into it. Who may download is who may see the event (its public pages' rule)."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.urls import reverse

from tournaments.exports.registry import ExportContext, get_export
from tournaments.services.events import is_arbiter
from tournaments.views_public import public_event_or_404


def export(request, slug: str, key: str) -> HttpResponse:
    event = public_event_or_404(slug, request.user, request.GET.get("section"))
    chosen = get_export(key)
    if chosen is None:
        raise Http404(f"No export {key!r}.")
    if chosen.refusal is not None and not chosen.offered(event):
        return HttpResponse(chosen.refusal(event), status=404, content_type="text/plain; charset=utf-8")
    context = ExportContext(
        event_url=request.build_absolute_uri(reverse("event-detail", args=[event.slug])),  # Site when no city is known
        staff=is_arbiter(request.user, event),  # who sends a file to FIDE gets the birth dates (personal data)
    )
    response = HttpResponse(chosen.build(event, context), content_type=chosen.content_type)
    response["Content-Disposition"] = f'attachment; filename="{chosen.filename(event)}"'
    return response
