"""Public pages of the games app (the live game page)."""

urlpatterns: list = []
