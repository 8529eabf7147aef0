"""Token login and revocation for the API (``Authorization: Token <key>``)."""

from __future__ import annotations

from django.contrib.auth import authenticate
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.serializers import LoginSerializer, TokenSerializer
from accounts.throttling import LoginThrottle, forgive, record_failure, reserve_attempt

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


class RevokeToken(APIView):
    """Delete the caller's token: every client using it must log in again."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None}, tags=["auth"])
    def post(self, request):
        Token.objects.filter(user=request.user).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)
