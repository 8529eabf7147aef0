"""API routes of the tournaments app (events, standings). Mounted under /api/."""

urlpatterns: list = []
