"""The drawn first colour, commit-reveal like the dice (model doc: tournaments.models.ColourDraw)."""

from __future__ import annotations

from django.utils import timezone

from tournaments.models import ColourDraw, Event


def draw_label(event: Event) -> str:
    return f"{event.slug}/first-white"


def commit_colour_draw(event: Event, *, seed: str | None = None, identity: str = "") -> ColourDraw:
    """Commit the secret seed of the draw (idempotent); ``identity`` defaults to ``"<slug>/first-white"``."""
    from variants import fairroll

    existing = ColourDraw.objects.filter(event=event).first()
    if existing:
        return existing
    secret = seed or fairroll.new_seed()
    return ColourDraw.objects.create(
        event=event, commitment=fairroll.commitment(secret), seed=secret, identity=identity or draw_label(event)
    )


def revealed_draw_seed(draw: ColourDraw) -> str:
    """The seed once drawn (public), else empty."""
    return draw.seed if draw.drawn_at else ""


def first_white(event: Event, *, by=None) -> bool:
    """Draw (once) whether pairing number 1 has White in round 1; the seed is public from then on."""
    from variants import fairroll

    draw = commit_colour_draw(event)
    if draw.first_white is None:
        first, _ = fairroll.derive_rolls(draw.seed, draw.identity or draw_label(event), False)
        draw.first_white = int(first.split("-")[0]) % 2 == 1
        draw.drawn_at = timezone.now()
        draw.drawn_by = by
        draw.save()
    return bool(draw.first_white)
