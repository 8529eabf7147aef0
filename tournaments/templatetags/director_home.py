"""``{% director_home %}``: the director's events with their next step, on the admin's index
(templates/admin/index.html; tournaments.admin.home holds the reading)."""

from __future__ import annotations

from django import template

from tournaments.admin.home import next_steps

register = template.Library()


@register.inclusion_tag("admin/tournaments/_director_home.html", takes_context=True)
def director_home(context) -> dict:
    user = context["request"].user
    return {"steps": next_steps(user) if user.is_authenticated else []}
