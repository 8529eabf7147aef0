"""Builds the fuzzed API's world into the database of the environment (``python -m tests.api.fuzz_world``):
the Spring Open of the page tests (published, paired and finished rounds, a reported game, a standings snapshot)
and tokens for its player Anna, its organizer and an arbiter of it. Prints ``{"player_token", "organizer_token",
"arbiter_token", "slug", "game_ids"}`` as JSON.

Run in a process of its own because the served app under test reads that database from its own process.
"""

from __future__ import annotations

import json

import django


def build() -> dict:
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from tests.pages.conftest import build_spring_open

    built = build_spring_open()
    arbiter = get_user_model().objects.create_user(username="arbiter", first_name="Ada", last_name="Arbiter")
    built.event.arbiters.add(arbiter)
    organizer = built.event.organizer
    organizer.is_staff = True  # staff accounts create events (POST /api/events/)
    organizer.save()
    return {
        "player_token": Token.objects.create(user=built.players["Anna"].user).key,
        "organizer_token": Token.objects.create(user=organizer).key,
        "arbiter_token": Token.objects.create(user=arbiter).key,
        "slug": built.event.slug,
        "game_ids": sorted(game.id for game in built.games.values()),
    }


if __name__ == "__main__":
    django.setup()
    print(json.dumps(build()))
