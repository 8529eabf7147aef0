from django.contrib import admin

from tournaments import models


class RegistrationInline(admin.TabularInline):
    model = models.Registration
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(models.Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "format", "variant_policy", "scoring", "status"]
    list_filter = ["format", "status", "scoring"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [RegistrationInline]


@admin.register(models.Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "rating", "federation", "user"]
    search_fields = ["name", "fide_id"]


@admin.register(models.Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "status", "published_at"]
    list_filter = ["status"]


@admin.register(models.VariantBlock)
class VariantBlockAdmin(admin.ModelAdmin):
    list_display = ["event", "index", "method", "first_roll", "second_roll", "commitment"]
