"""Public pages: no login needed."""

from django.urls import path

from tournaments import views_calendar, views_exports, views_public, views_teams, views_way_in

urlpatterns = [
    path("", views_public.event_list, name="event-list"),
    path("events/", views_public.event_list, name="event-list-events"),  # where /events/<slug>/ suggests it is
    path("events/<slug:slug>/", views_public.event_detail, name="event-detail"),
    # A player's way in (issue 23).
    path("events/<slug:slug>/register/", views_way_in.register, name="event-register"),
    path("events/<slug:slug>/register/confirm/<str:token>/", views_way_in.confirm, name="event-register-confirm"),
    path("events/<slug:slug>/me/", views_way_in.me, name="event-me"),
    path("calendar/<str:key>.ics", views_calendar.calendar_feed, name="calendar-feed"),
    path("events/<slug:slug>/rounds/<int:number>/", views_public.round_detail, name="event-round"),
    path("events/<slug:slug>/standings/", views_public.standings, name="event-standings"),
    path("events/<slug:slug>/crosstable/", views_public.crosstable, name="event-crosstable"),
    path("events/<slug:slug>/players/<int:player_id>/", views_public.player_detail, name="event-player"),
    # Every export (tournaments.exports.registry) by its key; the addresses older than the registry route into the
    # same view.
    path("events/<slug:slug>/export/<slug:key>/", views_exports.export, name="event-export"),
    path("events/<slug:slug>/export/games.pgn", views_exports.export, {"key": "pgn"}, name="event-export-pgn"),
    path("events/<slug:slug>/export/standings.csv", views_exports.export, {"key": "csv"}, name="event-export-csv"),
    path("events/<slug:slug>/export/tournament.trf", views_exports.export, {"key": "trf"}, name="event-export-trf"),
    path("events/<slug:slug>/export/teams.csv", views_exports.export, {"key": "teams"}, name="event-export-teams"),
    path("events/<slug:slug>/export/boards.csv", views_exports.export, {"key": "boards"}, name="event-export-boards"),
    # Team events (issue 27).
    path("events/<slug:slug>/teams/<int:team_id>/", views_teams.team_detail, name="event-team"),
    path("events/<slug:slug>/teams/<int:team_id>/lineup/", views_teams.lineup_form, name="event-team-lineup"),
]
