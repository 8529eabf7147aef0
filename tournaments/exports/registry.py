"""The exports by key: one registered :class:`Export` each, like the variant engines and the scoring profiles.

Adding an export (say the standings as XML) is one :class:`Export` and one :func:`register_export` call, here or
wherever the project registers it: the one export view (:mod:`tournaments.views_exports`) serves it at
``/events/<slug>/export/<key>/``, and the event page lists it in its downloads by a loop over :func:`offered`. The
exports that existed before the registry keep their addresses (``games.pgn``, ``standings.csv``, ...): routes of
their own into the same view (``url_name``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from django.urls import reverse

from tournaments.exports.pgn import games_pgn
from tournaments.exports.standings_csv import standings_csv
from tournaments.exports.teams import board_scorers_csv, team_standings_csv
from tournaments.exports.trf import tournament_trf, trf_available, trf_refusal
from tournaments.models import Event
from tournaments.public.queries import standings_data

KEY_RE = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
#: Where an export is listed: the event page's downloads, or the team links of the standings page.
EVENT_PAGE, TEAM_STANDINGS = "event", "team-standings"


@dataclass(frozen=True)
class ExportContext:
    """What a builder may know of the request: the absolute address of the event's page (PGN's ``Site`` when no
    city is known) and whether the one asking is the event's staff (TRF's birth dates are personal data)."""

    event_url: str
    staff: bool = False


def always(event: Event) -> bool:
    return True


@dataclass(frozen=True)
class Export:
    """One download of an event (or of a section's row, which is an event to every export).

    ``build(event, context)`` gives the body. ``offered(event)`` says when it is listed. ``refusal(event)``, when
    set, is why an unoffered export is refused (a 404 with that text, as the TRF of a dynamic-scoring event is);
    without it the file is served even when not listed (the team CSVs of an event of players: their header row).
    The file is named ``<slug><file_suffix>.<extension>``.
    """

    key: str
    name: str
    content_type: str
    extension: str
    build: Callable[[Event, ExportContext], str | bytes]
    offered: Callable[[Event], bool] = always
    refusal: Callable[[Event], str] | None = None
    file_suffix: str = ""
    listed_on: str = EVENT_PAGE
    url_name: str | None = None  # the route of an address older than the registry; None: the one export URL

    def filename(self, event: Event) -> str:
        return f"{event.slug}{self.file_suffix}.{self.extension}"

    def url(self, event: Event) -> str:
        if self.url_name:
            return reverse(self.url_name, args=[event.slug])
        return reverse("event-export", args=[event.slug, self.key])


# key -> export, in the order the pages list them
EXPORTS: dict[str, Export] = {}


def register_export(export: Export) -> None:
    """Make ``export`` the export of its key; ValueError for a bad key or a key another export holds."""
    if not isinstance(export, Export):
        raise ValueError(f"{export!r} is not an Export")
    if not KEY_RE.match(export.key):
        raise ValueError(f"an export key is up to 40 lower-case letters, digits and -: {export.key!r}")
    if export.key in EXPORTS and EXPORTS[export.key] != export:
        raise ValueError(f"export {export.key!r} is already registered")
    EXPORTS[export.key] = export


def unregister_export(key: str) -> None:
    """Forget the export of ``key`` (nothing happens for an unknown key)."""
    EXPORTS.pop(key, None)


def exports() -> list[Export]:
    return list(EXPORTS.values())


def get_export(key: str) -> Export | None:
    return EXPORTS.get(key)


def offered(event: Event, listed_on: str | None = None) -> list[Export]:
    """The exports offered for ``event`` (only those listed on ``listed_on``, when given), in registry order."""
    return [e for e in EXPORTS.values() if (listed_on is None or e.listed_on == listed_on) and e.offered(event)]


def downloads(event: Event, listed_on: str = EVENT_PAGE) -> list[dict[str, str]]:
    """The links a page lists: name and address of each offered export."""
    return [{"key": e.key, "name": e.name, "href": e.url(event)} for e in offered(event, listed_on)]


# --- the exports the project ships ---------------------------------------------------------------------------------


def _pgn(event: Event, context: ExportContext) -> str:
    return games_pgn(event, context.event_url)


def _standings_csv(event: Event, context: ExportContext) -> str:
    return standings_csv(event, standings_data(event, with_crosstable=False))


def _trf(event: Event, context: ExportContext) -> str:
    return tournament_trf(event, standings_data(event, with_crosstable=False), birth_dates=context.staff)


def _team_standings(event: Event, context: ExportContext) -> str:
    return team_standings_csv(event)


def _board_scorers(event: Event, context: ExportContext) -> str:
    return board_scorers_csv(event)


def is_team_event(event: Event) -> bool:
    return event.competitor == "team"


CSV = "text/csv; charset=utf-8"
PGN = "application/x-chess-pgn; charset=utf-8"
TEXT = "text/plain; charset=utf-8"
register_export(Export("pgn", "Games (PGN)", PGN, "pgn", _pgn, url_name="event-export-pgn"))
register_export(
    Export("csv", "Standings (CSV)", CSV, "csv", _standings_csv, file_suffix="-standings", url_name="event-export-csv")
)
register_export(
    Export(
        "trf",
        "Tournament report (FIDE TRF-16)",
        TEXT,
        "trf",
        _trf,
        offered=trf_available,
        refusal=trf_refusal,
        url_name="event-export-trf",
    )
)
# The team exports are listed by the standings page, under the team standings (issue 27).
register_export(
    Export(
        "teams",
        "Team standings as CSV",
        CSV,
        "csv",
        _team_standings,
        offered=is_team_event,
        file_suffix="-teams",
        listed_on=TEAM_STANDINGS,
        url_name="event-export-teams",
    )
)
register_export(
    Export(
        "boards",
        "Board scorers as CSV",
        CSV,
        "csv",
        _board_scorers,
        offered=is_team_event,
        file_suffix="-boards",
        listed_on=TEAM_STANDINGS,
        url_name="event-export-boards",
    )
)
