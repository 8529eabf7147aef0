"""Token login and revocation for the API (``Authorization: Token <key>``)."""

from __future__ import annotations

from django.contrib.auth import authenticate
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from accounts.serializers import LoginSerializer, TokenSerializer

_WRONG = "unable to log in with this username and password"


class LoginThrottle(ScopedRateThrottle):
    """The ``login`` rate per client address, which the client cannot choose.

    DRF trusts the whole X-Forwarded-For header when REST_FRAMEWORK["NUM_PROXIES"] is unset, so a client could
    send a new made-up address with every guess and never be throttled. Without a configured proxy count only
    the connection's address counts; behind N trusted proxies, set NUM_PROXIES = N and DRF picks the right hop.
    """

    def get_ident(self, request):
        if api_settings.NUM_PROXIES is None:
            return request.META.get("REMOTE_ADDR", "")
        return super().get_ident(request)


class ObtainToken(APIView):
    """Exchange a username and password for the account's API token (throttled: the ``login`` rate)."""

    permission_classes = [AllowAny]
    authentication_classes: list = []  # a stale token or session must not stop someone from logging in
    throttle_classes = [LoginThrottle]
    throttle_scope = "login"

    @extend_schema(
        request=LoginSerializer,
        responses={200: TokenSerializer, 400: OpenApiResponse(description="Missing fields or wrong credentials")},
        auth=[],
        tags=["auth"],
    )
    def post(self, request):
        data = LoginSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = authenticate(request, username=data.validated_data["username"], password=data.validated_data["password"])
        if user is None or not user.is_active:
            raise serializers.ValidationError({"password": [_WRONG]})
        token, _ = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})


class RevokeToken(APIView):
    """Delete the caller's token: every client using it must log in again."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None}, tags=["auth"])
    def post(self, request):
        Token.objects.filter(user=request.user).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)
