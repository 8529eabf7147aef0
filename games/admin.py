from django.contrib import admin

from games import models


@admin.register(models.Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["round", "board", "white", "black", "result", "termination", "result_status", "status"]
    list_filter = ["status", "result_status"]
    list_select_related = ["round__event", "white", "black"]
