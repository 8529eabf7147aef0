"""The filters of the API's lists (django-filter): ``event`` (a slug), ``round`` (a number), ``status`` (the list's
own enum) and ``player`` (a player's id), each as the schema documents it: a value out of its bounds is a 400
naming the parameter, never a query the database cannot run (a NUL in a string, an id past bigint)."""

from __future__ import annotations

import django_filters
from django import forms
from django.db.models import Q, QuerySet
from drf_spectacular.utils import extend_schema_field

from tournaments.models import Event, Game, PairingChange
from tournaments.public.queries import MAX_ROUND_NUMBER

MAX_ID = 2**63 - 1  # PostgreSQL's bigint
MAX_SLUG = 100
SLUG_PATTERN = r"^[-a-zA-Z0-9_]+$"


@extend_schema_field({"type": "string", "pattern": SLUG_PATTERN, "maxLength": MAX_SLUG})
class SlugFilter(django_filters.CharFilter):
    field_class = forms.SlugField

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("max_length", MAX_SLUG)
        super().__init__(*args, **kwargs)


def _whole_number(low: int, high: int):
    @extend_schema_field({"type": "integer", "minimum": low, "maximum": high})
    class WholeNumberFilter(django_filters.NumberFilter):
        field_class = forms.IntegerField

        def __init__(self, *args, **kwargs):
            kwargs.update(min_value=low, max_value=high)
            super().__init__(*args, **kwargs)

    return WholeNumberFilter


IdFilter = _whole_number(1, MAX_ID)
RoundFilter = _whole_number(1, MAX_ROUND_NUMBER)


class StrictFilterSet(django_filters.FilterSet):
    """A filter given with no value is a 400 naming it (django-filter would ignore it): the schema's types have no
    empty value, and a client that sends ``?round=`` meant something."""

    def is_valid(self) -> bool:
        valid = super().is_valid()
        for name in self.filters:
            if name in self.data and self.data.get(name) == "":
                self.form.add_error(name, "give a value, or leave the parameter out")
        return valid and not self.form.errors


class EventFilter(StrictFilterSet):
    status = django_filters.ChoiceFilter(choices=Event.Status.choices, help_text="The event's status.")
    player = IdFilter(field_name="registrations__player", help_text="Events this player (id) is registered in.")

    class Meta:
        model = Event
        fields = ["status", "player"]


class GameFilter(StrictFilterSet):
    event = SlugFilter(field_name="round__event__slug", help_text="The event's slug.")
    round = RoundFilter(field_name="round__number", help_text="The round's number.")
    status = django_filters.ChoiceFilter(choices=Game.Status.choices, help_text="The game's play status.")
    player = IdFilter(method="with_player", help_text="Games this player (id) plays, with either army.")

    class Meta:
        model = Game
        fields = ["event", "round", "status", "player"]

    def with_player(self, queryset: QuerySet, name: str, value: int) -> QuerySet:
        return queryset.filter(Q(white_id=value) | Q(black_id=value))


class AuditFilter(StrictFilterSet):
    round = RoundFilter(field_name="round__number", help_text="Entries about this round (number).")
    action = SlugFilter(field_name="action", help_text="Entries of this action (round-paired, result-entered, ...).")

    class Meta:
        model = PairingChange
        fields = ["round", "action"]
