"""API routes of the games app (result reports, live play). Mounted under /api/."""

urlpatterns: list = []
