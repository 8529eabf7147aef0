"""Routes of the organizer API (mounted under /api/ by tournaments.urls_api, before the public reads it extends:
``events/`` and ``events/<slug>/`` and ``events/<slug>/rounds/<n>/`` answer the public too)."""

from django.urls import path

from tournaments.api_organizer import events, people, rounds, teams

urlpatterns = [
    path("events/", events.EventCollectionView.as_view(), name="api-event-list"),
    path("events/<str:slug>/", events.EventDetailView.as_view(), name="api-event-detail"),
    path("events/<str:slug>/announce/", events.AnnounceView.as_view(), name="api-event-announce"),
    path("events/<str:slug>/players/", events.PlayersView.as_view(), name="api-event-players"),
    path("events/<str:slug>/audit/", events.AuditView.as_view(), name="api-event-audit"),
    # A player's way in (issue 23).
    path("events/<str:slug>/invitations/", people.InvitationsView.as_view(), name="api-event-invitations"),
    # Team events (issue 27).
    path("events/<str:slug>/teams/", teams.TeamsView.as_view(), name="api-event-teams"),
    path("events/<str:slug>/rounds/<int:number>/lineups/<int:team_id>/", teams.LineupView.as_view(), name="api-event-lineup"),
    path("events/<str:slug>/blocks/<int:index>/roll/", rounds.RollView.as_view(), name="api-event-block-roll"),
    path("events/<str:slug>/rounds/", rounds.RoundsView.as_view(), name="api-event-rounds"),
    path("events/<str:slug>/rounds/<int:number>/", rounds.RoundDetailView.as_view(), name="api-event-round"),
    path("events/<str:slug>/rounds/<int:number>/publish/", rounds.PublishView.as_view(), name="api-event-round-publish"),
    path("events/<str:slug>/rounds/<int:number>/unpublish/", rounds.UnpublishView.as_view(), name="api-event-round-unpublish"),
    path("events/<str:slug>/rounds/<int:number>/results/", rounds.ResultsView.as_view(), name="api-event-round-results"),
    path(
        "events/<str:slug>/rounds/<int:number>/boards/<int:board>/",
        rounds.BoardView.as_view(),
        name="api-event-round-board",
    ),
]
