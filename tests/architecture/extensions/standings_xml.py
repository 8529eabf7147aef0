"""A throwaway export: the standings as XML (issue 35). One module plus its one line in ``install()``: the one
export view serves it at ``/events/<slug>/export/standings-xml/`` and the event page lists it, with no other edit."""

from __future__ import annotations

from xml.etree import ElementTree

from tournaments.exports.registry import Export, ExportContext
from tournaments.models import Event
from tournaments.public.queries import standings_data


def standings_xml(event: Event, context: ExportContext) -> bytes:
    """``<standings event="slug"><player rank=".." name=".." points=".."/>…</standings>``, in rank order."""
    root = ElementTree.Element("standings", event=event.slug)
    for row in (standings_data(event, with_crosstable=False) or {}).get("rows", []):
        ElementTree.SubElement(
            root, "player", rank=str(row.get("rank", "")), name=str(row.get("name", "")), points=str(row.get("points", ""))
        )
    return ElementTree.tostring(root, encoding="utf-8", xml_declaration=True)


STANDINGS_XML = Export(
    "standings-xml", "Standings (XML)", "application/xml; charset=utf-8", "xml", standings_xml, file_suffix="-standings"
)
