"""The rating lists in the admin, to read only: they are made from the record (ratings.ledger), never by hand;
``manage.py recompute_ratings`` rebuilds them. Series are made with ``POST /api/series/``, shown here too."""

from django.contrib import admin

from ratings.models import Rating, Series


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnly):
    list_display = ["identity", "key", "rating", "rd", "volatility", "games", "last_played"]
    list_filter = ["key"]
    search_fields = ["identity", "player__name"]


@admin.register(Series)
class SeriesAdmin(ReadOnly):
    list_display = ["name", "slug", "best_of", "points", "created_at"]
    search_fields = ["name", "slug"]
