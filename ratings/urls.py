"""Public pages of the ratings app: the lists and series, a player across events, a rating list, a series (and its
CSV)."""

from django.urls import path

from ratings import views

urlpatterns = [
    path("players/<int:player_id>/", views.player_page, name="player"),
    path("ratings/", views.ratings_index, name="ratings"),
    path("ratings/<str:key>/", views.rating_list_page, name="rating-list"),
    path("series/<slug:slug>/", views.series_page, name="series"),
    path("series/<slug:slug>/export/series.csv", views.series_csv, name="series-csv"),
]
