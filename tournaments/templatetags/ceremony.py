"""``{% event_dice event as dice %}``: the dice of an event's variant blocks (tournaments.public.blocks) for pages
whose view does not pass them, so the commitment shows wherever the event does."""

from __future__ import annotations

from django import template

from tournaments.models import Event
from tournaments.public.blocks import event_blocks

register = template.Library()


@register.simple_tag
def event_dice(event: Event) -> list[dict]:
    return event_blocks(event)
