"""Routes of a player's way in (issue 23), mounted under /api/ by tournaments.urls_api."""

from django.urls import path

from tournaments.api_organizer.access import OrganizerView
from tournaments.api_way_in import calendar, players, registrations, settings


class Schedule(settings.ScheduleView, OrganizerView):
    pass


urlpatterns = [
    path("me/calendar/", calendar.MyCalendarView.as_view(), name="api-my-calendar"),
    path("events/<str:slug>/schedule/", Schedule.as_view(), name="api-event-schedule"),
    path("events/<str:slug>/registrations/", registrations.RegistrationsView.as_view(), name="api-event-registrations"),
    path(
        "events/<str:slug>/registrations/<int:pk>/approve/", registrations.ApproveView.as_view(), name="api-registration-approve"
    ),
    path("events/<str:slug>/registrations/<int:pk>/refuse/", registrations.RefuseView.as_view(), name="api-registration-refuse"),
    path("events/<str:slug>/check-in/", players.CheckInView.as_view(), name="api-event-check-in"),
    path("events/<str:slug>/bye-requests/", players.ByeRequestsView.as_view(), name="api-event-bye-requests"),
    path("events/<str:slug>/withdraw/", players.WithdrawView.as_view(), name="api-event-withdraw"),
]
