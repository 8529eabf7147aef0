"""Small builders for tournaments tests (real services, no mocks)."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from tournaments.models import Event, Player
from tournaments.services import create_event, register_player
from variants import policies


def make_user(username: str, **fields):
    return get_user_model().objects.create(username=username, **fields)  # no password: hashing is slow


def draw_fields(name: str) -> dict:
    """The event fields of the draw called ``name`` (``rvc-two-rolls``, ``fixed`` ...: variants.policies)."""
    draw = policies.draw_named(name)
    return {"variant_policy": draw.policy, "variant_key": draw.variant or "", "variant_options": dict(draw.options)}


def make_event(n_players: int, *, slug: str = "ev", fmt: str = Event.Format.SWISS, rounds: int = 5, **fields):
    organizer = make_user(f"{slug}-org", is_staff=True)
    event = create_event(name=slug.title(), slug=slug, format=fmt, rounds_planned=rounds, organizer=organizer, **fields)
    players = []
    for i in range(1, n_players + 1):
        player = Player.objects.create(name=f"{slug} Player {i:02d}", rating=2400 - 10 * i)
        register_player(event, player, seed=i)
        players.append(player)
    return event, organizer, players


def play_round(rnd, by=None, result: str = "1-0", termination: str = "checkmate"):
    from tournaments.services import enter_result

    for game in rnd.games.order_by("board"):
        enter_result(game, result=result, termination=termination, by=by)
