"""Builds the fuzzed API's world into the database of the environment (``python -m tests.api.fuzz_world``):
the Spring Open of the page tests (published, paired and finished rounds, a reported game, a standings snapshot)
and a token for its player Anna. Prints ``{"player_token", "slug", "game_ids"}`` as JSON.

Run in a process of its own because the served app under test reads that database from its own process.
"""

from __future__ import annotations

import json

import django


def build() -> dict:
    from rest_framework.authtoken.models import Token

    from tests.pages.conftest import build_spring_open

    built = build_spring_open()
    return {
        "player_token": Token.objects.create(user=built.players["Anna"].user).key,
        "slug": built.event.slug,
        "game_ids": sorted(game.id for game in built.games.values()),
    }


if __name__ == "__main__":
    django.setup()
    print(json.dumps(build()))
