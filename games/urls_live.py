"""API routes (urls_live)."""

urlpatterns: list = []
