"""Public pages: no login needed."""

from django.urls import path

from tournaments import views_public

urlpatterns = [
    path("", views_public.event_list, name="event-list"),
]
