"""The filters of the game reports list (django-filter), as the schema documents them: ``status`` (the report's)
and ``player`` (reports made by this player, by id). The lists of games filter with tournaments.api_filters."""

from __future__ import annotations

import django_filters
from django.db.models import F, Q, QuerySet

from games.models import ResultReport
from tournaments.api_filters import IdFilter, StrictFilterSet


class ReportFilter(StrictFilterSet):
    status = django_filters.ChoiceFilter(choices=ResultReport.Status.choices, help_text="The report's status.")
    player = IdFilter(method="by_player", help_text="Reports made by this player (id).")

    class Meta:
        model = ResultReport
        fields = ["status", "player"]

    def by_player(self, queryset: QuerySet, name: str, value: int) -> QuerySet:
        white = Q(game__white_id=value, reporter=F("game__white__user"))
        black = Q(game__black_id=value, reporter=F("game__black__user"))
        return queryset.filter(white | black)
