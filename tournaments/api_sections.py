"""``?section=SLUG`` on every event path of the API (issue 27): the section's row is the event the view works on."""

from __future__ import annotations

from rest_framework.exceptions import NotFound

from tournaments.models import Event
from tournaments.services.sections import UnknownSection, section_row

SECTION_PARAMETER = {
    "name": "section",
    "in": "query",
    "required": False,
    "description": "The section (its slug, as the event's `sections` list it); absent: the first section.",
    "schema": {"type": "string", "maxLength": 40},
}


def in_section(request, event: Event) -> Event:
    """The row of the section ``?section=`` names (absent or empty: the first section, the event itself); a 404
    naming ``section`` when the event has no such section."""
    slug = request.query_params.get("section") if hasattr(request, "query_params") else request.GET.get("section")
    try:
        return section_row(event, slug)
    except UnknownSection:
        raise NotFound({"section": [f"{event.slug!r} has no section {slug!r}"]}) from None
