"""Pages of the games app: the live game page (public), the play page and "My games" (players)."""

from django.urls import path

from games import views_live, views_play, views_report

urlpatterns = [
    path("games/<int:game_id>/", views_live.live_game, name="game-live"),
    path("games/<int:game_id>/state/", views_live.live_fragment, name="game-live-state"),
    path("games/<int:game_id>/play/", views_play.play_page, name="game-play"),
    path("games/<int:game_id>/play/data/", views_play.play_data_view, name="game-play-data"),
    path("games/<int:game_id>/report/", views_report.report_page, name="game-report"),
    path("games/mine/", views_play.my_games, name="my-games"),
    path("games/<int:game_id>/report/", views_report.report_page, name="game-report"),  # issue 23: the mail's links
]
