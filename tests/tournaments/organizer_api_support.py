"""Builders for the organizer API tests: organizers with tokens, and events made through the API itself."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

PLAYERS = [
    {"name": "Anna Berger", "rating": 2150, "federation": "AUT"},
    {"name": "Ben Carter", "rating": 2090, "federation": "ENG"},
    {"name": "Chloé Dubois", "rating": 2045, "federation": "FRA"},
    {"name": "Dmitri Egorov", "rating": 2010},
    {"name": "Elif Fidan", "rating": 1980, "federation": "TUR"},
]


def organizer(username: str = "director"):
    return get_user_model().objects.create(username=username, is_staff=True)


def client_for(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client


def create_event(client: APIClient, **fields) -> dict:
    body = {"name": "Autumn Open", "format": "swiss", "rounds": 4, "variant_policy": "rvc-one-roll",
            "scoring": "dynamic", **fields}  # fmt: skip
    response = client.post("/api/events/", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def event_with_players(client: APIClient, players: list[dict] | None = None, **fields) -> str:
    slug = create_event(client, **fields)["slug"]
    response = client.post(f"/api/events/{slug}/players/", players or PLAYERS, format="json")
    assert response.status_code == 201, response.content
    return slug


def paired(client: APIClient, slug: str) -> dict:
    response = client.post(f"/api/events/{slug}/rounds/")
    assert response.status_code == 201, response.content
    return response.json()


def decisive_results(round_body: dict) -> list[dict]:
    return [{"board": b["board"], "result": "1-0", "termination": "resignation"} for b in round_body["boards"]]
