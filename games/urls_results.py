"""API routes (urls_results)."""

urlpatterns: list = []
