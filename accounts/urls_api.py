"""API routes of token login and revocation (mounted under /api/)."""

from django.urls import path

from accounts import api

urlpatterns = [
    path("auth/token/", api.ObtainToken.as_view(), name="api-token"),
    path("auth/token/revoke/", api.RevokeToken.as_view(), name="api-token-revoke"),
]
