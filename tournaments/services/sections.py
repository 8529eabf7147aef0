"""Sections (issue 27): adding one to an event, finding the one a request names, and the section a player's rating
puts them in.

A section's players, rounds and games live on an Event row of its own (:class:`tournaments.models.Section`), so the
pairing, standings, exports and round services take a section's row wherever they took an event; this module is the
only place that knows which row is which.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import slugify

import tournaments.services.audit as log
from tournaments.models import Event, Section
from tournaments.models_sections import SHARED
from tournaments.services.colour_draw import commit_colour_draw
from tournaments.services.dice import block_index, commit_block, uses_dice
from tournaments.services.history import rounds_total

SECTION_CREATED = "section-created"
MAX_SECTIONS = 20


class UnknownSection(LookupError):
    """``?section=`` names no section of the event."""


def sections_of(event: Event) -> list[Section]:
    """The event's sections in tab order (the first is the event's own row)."""
    return list(Section.objects.filter(event=event).select_related("body").order_by("position", "id"))


def holder_of(event: Event) -> Event:
    """The event a section's row belongs to (the event itself when it is one)."""
    section = Section.objects.filter(body=event).exclude(event=event).select_related("event").first()
    return section.event if section else event


def section_row(event: Event, slug: str | None) -> Event:
    """The row of the section ``slug`` of ``event`` (absent or empty: the first section, the event itself)."""
    if not slug:
        return event
    holder = holder_of(event)
    if "\x00" in slug or len(slug) > 40:
        raise UnknownSection(slug)
    section = Section.objects.filter(event=holder, slug=slug).select_related("body").first()
    if section is None:
        raise UnknownSection(slug)
    body = section.body
    body.chosen_section = section.slug  # named by the request: a registration through it goes there (placement)
    return body


def _section_slug(event: Event, name: str, slug: str | None) -> str:
    slug = slug or slugify(name)[:40] or "section"
    if Section.objects.filter(event=event, slug=slug).exists():
        raise ValidationError({"sections": f"{event} has a section {slug!r} already"})
    return slug


def _check_band(min_rating: int | None, max_rating: int | None) -> None:
    if min_rating is not None and max_rating is not None and min_rating > max_rating:
        raise ValidationError({"sections": f"min_rating {min_rating} is above max_rating {max_rating}"})


@transaction.atomic
def name_first_section(event: Event, *, name: str, slug: str | None = None, min_rating=None, max_rating=None) -> Section:
    """Give the event's own section its name and rating band (it was made as "Open", no band)."""
    _check_band(min_rating, max_rating)
    section = Section.objects.get(body=event)
    section.name = name
    section.slug = slug or slugify(name)[:40] or section.slug
    section.min_rating, section.max_rating = min_rating, max_rating
    section.save()
    return section


@transaction.atomic
def add_section(event: Event, *, name: str, format: str | None = None, rounds: int | None = None,
                min_rating: int | None = None, max_rating: int | None = None, slug: str | None = None,
                by=None) -> Section:  # fmt: skip
    """A new section of ``event``: its own row for players and rounds (the event's shared settings, its own format
    and rounds), its colour draw committed, and its dice shared with the event (services.dice)."""
    _check_band(min_rating, max_rating)
    if Section.objects.filter(event=event).count() >= MAX_SECTIONS:
        raise ValidationError({"sections": f"an event has at most {MAX_SECTIONS} sections"})
    slug = _section_slug(event, name, slug)
    body = Event(name=f"{event.name} — {name}"[:200], slug=f"{event.slug[:55]}--{slug}", status=event.status,
                 format=format or event.format, rounds_planned=rounds or event.rounds_planned,
                 baku_acceleration=event.baku_acceleration, max_players=event.max_players)  # fmt: skip
    for field in SHARED:
        setattr(body, field, getattr(event, field))
    body._section_of = event  # the post_save hook then makes no first section of its own
    body.full_clean(exclude=["slug"])
    body.save()
    body.arbiters.set(event.arbiters.all())
    position = (Section.objects.filter(event=event).order_by("-position").values_list("position", flat=True).first() or 0) + 1
    section = Section.objects.create(event=event, body=body, slug=slug, name=name, position=position,
                                     min_rating=min_rating, max_rating=max_rating)  # fmt: skip
    commit_colour_draw(body)
    if uses_dice(body):  # the event's committed seeds: the section's dice are the event's (services.dice)
        for index in range(1, max(1, block_index(rounds_total(body))) + 1):
            commit_block(body, index)
    log.audit(event, SECTION_CREATED, f"Section {name} added ({body.get_format_display().lower()})", by=by,
              after={"section": slug, "min_rating": min_rating, "max_rating": max_rating})  # fmt: skip
    return section


def section_for_rating(event: Event, rating: int, chosen: str | None = None) -> Event:
    """The row of the section a player of ``rating`` goes in: ``chosen`` if it admits them, else the first that
    does; ValidationError naming ``section`` when none admits them (or the chosen one does not)."""
    holder = holder_of(event)
    sections = sections_of(holder)
    if chosen:
        picked = next((s for s in sections if s.slug == chosen), None)
        if picked is None:
            raise ValidationError({"section": f"{holder} has no section {chosen!r}"})
        if not picked.admits(rating):
            raise ValidationError({"section": f"a rating of {rating} is outside {picked.name} ({picked.band()})"})
        return picked.body
    # The narrowest band that admits the rating: a 1500 goes to the U1800 rather than the Open (they may choose it).
    admitting = [s for s in sections if s.admits(rating)]
    if admitting:
        top = 1 << 16
        return min(admitting, key=lambda s: (s.max_rating if s.max_rating is not None else top, -(s.min_rating or 0))).body
    raise ValidationError({"section": f"no section of {holder} admits a rating of {rating}"})


def placement(event: Event, rating: int) -> Event:
    """Where a player of ``rating`` registering through ``event`` plays: the section the request named (``event``
    is a section's row: it must admit them), else the narrowest band that admits them."""
    holder = holder_of(event)
    chosen = getattr(event, "chosen_section", None)
    if holder.pk == event.pk and not chosen:
        return section_for_rating(holder, rating)
    return section_for_rating(holder, rating, chosen=chosen or Section.objects.get(body=event).slug)


def rows_of(event: Event) -> list[int]:
    """The ids of every section's row of the event ``event`` belongs to (one id for an event of one section)."""
    holder = holder_of(event)
    return list(Section.objects.filter(event=holder).values_list("body_id", flat=True)) or [holder.pk]
