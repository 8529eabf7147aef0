"""API routes of result reporting (mounted under /api/)."""

from django.urls import path

from games import api_results

urlpatterns = [
    path("me/games/", api_results.MyGamesView.as_view(), name="api-my-games"),
    path("games/<int:pk>/report/", api_results.ReportView.as_view(), name="api-game-report"),
    path("games/<int:pk>/report/confirm/", api_results.ConfirmView.as_view(), name="api-game-report-confirm"),
    path("games/<int:pk>/report/dispute/", api_results.DisputeView.as_view(), name="api-game-report-dispute"),
    path("games/<int:pk>/reports/", api_results.GameReportsView.as_view(), name="api-game-reports"),
    path("games/<int:pk>/result/", api_results.ArbiterResultView.as_view(), name="api-game-result"),
]
