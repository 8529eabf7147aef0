"""Token login and revocation for the API (``Authorization: Token <key>``)."""

from __future__ import annotations

import logging

from django.contrib.auth import authenticate
from django.db import transaction
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import APIException
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.serializers import LoginSerializer, TokenSerializer
from accounts.throttling import LoginThrottle, forgive, record_failure, reserve_attempt

log = logging.getLogger(__name__)

_WRONG = "unable to log in with this username and password"


class ObtainToken(APIView):
    """Exchange a username and password for the account's API token.

    Throttled per client address (the ``login`` rate) and per account (a backoff after repeated wrong passwords),
    both counted in a store every process shares (:mod:`accounts.throttling`).
    """

    permission_classes = [AllowAny]
    authentication_classes: list = []  # a stale token or session must not stop someone from logging in
    throttle_classes = [LoginThrottle]
    throttle_scope = "login"

    @extend_schema(
        request=LoginSerializer,
        examples=[
            OpenApiExample("Log in", value={"username": "anna", "password": "correct horse battery"}, request_only=True),
            OpenApiExample("The token", value={"token": "9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b"}, response_only=True),
        ],
        responses={
            200: TokenSerializer,
            400: OpenApiResponse(description="Missing fields or wrong credentials"),
            429: OpenApiResponse(description="Too many attempts from this address or on this account (Retry-After)"),
        },
        auth=[],
        tags=["auth"],
    )
    def post(self, request):
        data = LoginSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        username = data.validated_data["username"]
        failures = reserve_attempt(username)
        user = authenticate(request, username=username, password=data.validated_data["password"])
        if user is None or not user.is_active:
            record_failure(username, failures, request.META.get("REMOTE_ADDR", ""))
            raise serializers.ValidationError({"password": [_WRONG]})
        forgive(username)
        token, _ = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})


class TokenCacheDown(APIException):
    """The token cache does not answer: the revocation is refused (503 naming the token), as the login is when its
    limits cannot be checked (accounts.throttling.StoreDown), rather than leave a token usable where it is cached."""

    status_code = 503
    default_code = "token_cache_down"

    def __init__(self) -> None:
        super().__init__({"token": ["the token cache does not answer: the token was not revoked; try again shortly"]})


class RevokeToken(APIView):
    """Delete the caller's token: every client using it must log in again."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={204: None, 503: OpenApiResponse(description="The token cache does not answer: not revoked, retry")},
        tags=["auth"],
    )
    def post(self, request):
        try:
            with transaction.atomic():  # the deletion stands only once every process's token cache forgot it
                Token.objects.filter(user=request.user).delete()
        except Exception as exc:  # the token cache (accounts.token_cache.forget) did not answer
            log.error("token revocation refused, its cache does not answer: %s", exc)
            raise TokenCacheDown from None
        return Response(status=status.HTTP_204_NO_CONTENT)
