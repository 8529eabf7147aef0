"""Database builders shared by the results, report-API and standings tests (not a test module)."""

from __future__ import annotations

import functools
import itertools

from django.contrib.auth import get_user_model

PASSWORD = "correct-horse-battery-9"
_counter = itertools.count(1)


@functools.cache
def _hashed_password() -> str:
    # Hashing costs about a second on a busy machine: hash once and share it among the test users.
    from django.contrib.auth.hashers import make_password

    return make_password(PASSWORD)


def user(username: str | None = None, **fields):
    username = username or f"user{next(_counter)}"
    return get_user_model().objects.create(username=username, password=_hashed_password(), **fields)


def event(*, scoring: str = "dynamic", variant_key: str = "chess", organizer=None, tiebreaks: str | None = None, **fields):
    from tournaments.models import Event

    n = next(_counter)
    extra = {"tiebreaks": tiebreaks} if tiebreaks is not None else {}
    return Event.objects.create(
        name=f"Event {n}",
        slug=f"event-{n}",
        scoring=scoring,
        variant_key=variant_key,
        variant_policy="fixed",
        organizer=organizer or user(),
        **extra,
        **fields,
    )


def player(name: str | None = None, *, account=None, rating: int = 1500, ev=None, seed: int = 0):
    from tournaments.models import Player, Registration

    p = Player.objects.create(name=name or f"Player {next(_counter)}", rating=rating, user=account)
    if ev is not None:
        Registration.objects.create(event=ev, player=p, seed=seed or p.pk)
    return p


def round_(ev, number: int = 1, status: str = "published"):
    from tournaments.models import Round

    return Round.objects.get_or_create(event=ev, number=number, defaults={"status": status})[0]


def game(ev, white, black, *, number: int = 1, board: int | None = None, variant: str | None = None, **fields):
    from tournaments.models import Game

    rnd = round_(ev, number)
    board = board or rnd.games.count() + 1
    return Game.objects.create(round=rnd, board=board, white=white, black=black, variant=variant or ev.variant_key, **fields)


def bye(ev, p, *, number: int, kind: str, points: float):
    from tournaments.models import Bye

    return Bye.objects.create(round=round_(ev, number), player=p, kind=kind, points=points)
