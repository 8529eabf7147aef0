"""What the record takes from FIDE's texts about people: the titles in the order of FIDE C.04.2, the key of its
initial ranking list, and the one-line text a fixed-column TRF record (and a PGN string) can hold."""

from __future__ import annotations

from typing import Protocol

from django.core.exceptions import ValidationError

# FIDE titles in the order of FIDE C.04.2 (a tie in rating is broken by title: GM-IM-WGM-FM-WIM-CM-WFM-WCM-no
# title), written in the TRF player record's columns 11-13.
FIDE_TITLES = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")


class Ranked(Protocol):
    """What the initial order reads of a player (a :class:`tournaments.models.Player`)."""

    rating: int
    title: str
    name: str
    pk: int | None


def initial_order(player: Ranked) -> tuple:
    """The key of FIDE C.04.2's initial ranking list (players without a given starting rank): rating (high first),
    then FIDE title (GM-IM-WGM-FM-WIM-CM-WFM-WCM-no title), then alphabetically; the id keeps it total."""
    title = FIDE_TITLES.index(player.title) if player.title in FIDE_TITLES else len(FIDE_TITLES)
    return (-player.rating, title, player.name.casefold(), player.pk or 0)


def no_control_characters(value: str) -> None:
    """A one-line text (a name written into a fixed-column TRF line, a PGN string): no newline, tab or other
    control character."""
    if any(ord(char) < 32 or 127 <= ord(char) < 160 for char in value):
        raise ValidationError("no newline, tab or other control character")
