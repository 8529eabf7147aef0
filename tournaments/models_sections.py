"""An event's sections (issue 27): an Open and its rating bands, each with its own players, format, rounds,
pairings, standings and exports, under one event's schedule, dice, organizer, arbiters and registration.

A section's players, rounds and games live on an :class:`~tournaments.models.Event` row of its own (``body``), so
everything a one-section event does (pairing, standings, exports, the director's round pages) works on a section
unchanged. The first section's body is the event itself: an event with one section is exactly the event it was
before sections existed. Imported by :mod:`tournaments.models`, whose app it belongs to.
"""

from __future__ import annotations

from django.db import models

FIRST_SLUG = "open"
FIRST_NAME = "Open"


class Section(models.Model):
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="sections")
    # The row holding the section's players, rounds and games (the event itself for its first section).
    body = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, related_name="section")
    slug = models.SlugField(max_length=40)
    name = models.CharField(max_length=100)
    position = models.PositiveSmallIntegerField(default=0, help_text="Order of the tabs; the first is the default.")
    min_rating = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Lowest rating admitted.")
    max_rating = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Highest rating admitted.")

    class Meta:
        ordering = ["event", "position", "id"]
        constraints = [models.UniqueConstraint(fields=["event", "slug"], name="unique_section_slug")]

    def __str__(self) -> str:
        return f"{self.event} — {self.name}"

    @property
    def is_first(self) -> bool:
        return self.body_id == self.event_id

    def admits(self, rating: int) -> bool:
        """Whether a player of ``rating`` may play here (an unrated player, 0, only where no minimum is set)."""
        if self.min_rating is not None and rating < self.min_rating:
            return False
        return self.max_rating is None or rating <= self.max_rating

    def band(self) -> str:
        """The rating band as people write it: "U1800", "1800+", "1400-1799" or ""."""
        low, high = self.min_rating, self.max_rating
        if low is None and high is None:
            return ""
        if low is None:
            return f"U{high + 1}"
        return f"{low}+" if high is None else f"{low}-{high}"


# What belongs to the event and every section shares: a change of the event is a change of each section's row.
SHARED = (
    "organizer", "is_public", "variant_policy", "variant_key", "variant_options", "time_control", "scoring",
    "tiebreaks", "tiebreak_edition", "starts_on", "city", "federation", "chief_arbiter", "registration",
    "registration_closes_at", "check_in_required", "check_in_opens_minutes", "requested_bye_points",
    "max_requested_byes", "rated", "seed_by", "max_players",
)  # fmt: skip
# max_players is shared as a setting and counted per section: each section takes that many (tournaments.services
# .waiting_list.places_left counts a section's own registrations).
# A section's own row may have moved on (its round 1 paired: running) while the event is still announced.
EARLY = ("draft", "announced")


def give_first_section(sender: type, instance, created: bool, raw: bool = False, **kwargs: object) -> None:
    """post_save of Event: a new event has one section, itself (a section's own row is made with ``_section_of``)."""
    if raw:
        return
    if created and getattr(instance, "_section_of", None) is None:
        Section.objects.create(event=instance, body=instance, slug=FIRST_SLUG, name=FIRST_NAME, position=0)
    elif not created:
        fields = kwargs.get("update_fields")
        if fields is None or set(fields) & {*SHARED, "status"}:
            share_settings(instance)


def share_settings(event) -> None:
    """Copy the event's shared settings onto its other sections' rows (no signal: a plain update)."""
    others = Section.objects.filter(event=event).exclude(body=event).values_list("body_id", flat=True)
    if not others:
        return
    values = {f"{name}_id" if name == "organizer" else name: getattr(event, f"{name}_id" if name == "organizer" else name)
              for name in SHARED}  # fmt: skip
    rows = type(event).objects.filter(pk__in=list(others))
    rows.update(**values)
    if event.status in EARLY or event.status == "closed":
        rows.filter(status__in=EARLY).update(status=event.status)


def share_arbiters(sender: type, instance, action: str, reverse: bool, **kwargs: object) -> None:
    """m2m_changed of Event.arbiters: a section's row has the event's arbiters."""
    if reverse or action not in ("post_add", "post_remove", "post_clear"):
        return
    arbiters = list(instance.arbiters.all())
    for section in Section.objects.filter(event=instance).exclude(body=instance).select_related("body"):
        section.body.arbiters.set(arbiters)
