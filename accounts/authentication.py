"""The API's token authentication: DRF's token model and semantics, checked in a shared cache or one query.

It is the project-wide default (settings.REST_FRAMEWORK), so every view authenticates tokens the same way and
the OpenAPI schema has one ``tokenAuth`` scheme. The move path is hot: a token's account is read from the cache
every process shares (:mod:`accounts.token_cache`, cleared the moment a token is deleted), and only on a miss from
the database, with a hand-written query (the ORM's compile of DRF's join costs about a millisecond per request; the
row becomes the user exactly as the ORM builds it: :mod:`accounts.rows`).
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import connection
from rest_framework import authentication, exceptions

from accounts import token_cache
from accounts.rows import instance_from_row, select_columns


class TokenAuthentication(authentication.TokenAuthentication):
    def authenticate(self, request):
        """DRF's check; a refusal names the field (``{"errors": {"token": [reason]}}``) like every API error."""
        try:
            return super().authenticate(request)
        except exceptions.AuthenticationFailed as exc:
            if isinstance(exc.detail, dict):
                raise
            raise exceptions.AuthenticationFailed({"token": [str(exc.detail)]}) from None

    def authenticate_credentials(self, key):
        user = token_cache.cached_user(key)
        if user is not None:
            return user, key  # only active accounts are cached (and a saved account is forgotten)
        User = get_user_model()
        Token = self.get_model()  # DRF's token model (rest_framework.authtoken), resolved once the apps are ready
        sql = (
            f"SELECT {select_columns(User, 'u')} FROM {User._meta.db_table} u "  # noqa: S608 - names from the models
            f"JOIN {Token._meta.db_table} t ON t.user_id = u.id WHERE t.key = %s"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [key])
            row = cursor.fetchone()
        if row is None:
            raise exceptions.AuthenticationFailed("Invalid token.")
        user = instance_from_row(User, row)
        if not user.is_active:
            raise exceptions.AuthenticationFailed("User inactive or deleted.")
        token_cache.remember(key, user)
        return user, key
