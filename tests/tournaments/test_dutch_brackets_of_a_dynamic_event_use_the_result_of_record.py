"""A Swiss in a fixed variant with dynamic scoring (game points, seed 002) is paired by the Dutch system on each
game's result of record: who scored more won (1), equal points a draw (½), as docs/pairing.md decides. A dynamic
event whose stalemates give 60-40 (perpetual checks 55-45) pairs exactly as a classical twin where those games are
plain wins, although their standings differ; a requested half-point bye (50 game points) is a half-point bye for
the pairing too."""

from __future__ import annotations

import pytest

from scoring import CLASSICAL, DYNAMIC
from tests.tournaments.helpers import make_event
from tournaments.models import Round
from tournaments.services import enter_result, pair_round, pairing_system_for, publish_round, request_bye
from variants.base import AGREEMENT, PERPETUAL_CHECK, RESIGNATION, STALEMATE
from variants.registry import fixed_keys, get_engine

pytestmark = pytest.mark.django_db
ROUNDS = 5


def _variant_with_stalemate() -> str:
    return next(key for key in fixed_keys() if {STALEMATE, PERPETUAL_CHECK} <= get_engine(key).terminations)


def _boards(rnd: Round) -> list[tuple[int, int]]:
    return [(g.white.registrations.get(event=rnd.event).seed, g.black.registrations.get(event=rnd.event).seed)
            for g in rnd.games.order_by("board")]  # fmt: skip


def _play(dynamic: Round, classical: Round, organizer_d, organizer_c) -> None:
    """Dynamic: stalemates (60-40 either way), perpetual checks (55-45) and resignations; classical: the dynamic
    game's result of record (who scored more won)."""
    for index, (game, twin) in enumerate(zip(dynamic.games.order_by("board"), classical.games.order_by("board"))):
        kind = (index + dynamic.number) % 4
        if kind in (0, 1):
            side = "white" if kind == 0 else "black"
            enter_result(game, result="1/2-1/2", termination=STALEMATE, forcing_side=side, by=organizer_d)
        elif kind == 2:  # perpetual check: 52-48 for the checking side
            enter_result(game, result="1/2-1/2", termination=PERPETUAL_CHECK, checking_side="black", by=organizer_d)
        else:
            enter_result(game, result="0-1", termination=RESIGNATION, by=organizer_d)
        game.refresh_from_db()
        termination = AGREEMENT if game.result == "1/2-1/2" else RESIGNATION
        enter_result(twin, result=game.result, termination=termination, by=organizer_c)


def test_a_dynamic_event_pairs_as_its_classical_twin_with_the_same_results_of_record():
    variant = _variant_with_stalemate()
    dynamic, org_d, players_d = make_event(10, slug="dyn", rounds=ROUNDS, variant_policy="fixed", variant_key=variant,
                                           scoring=DYNAMIC.key)  # fmt: skip
    classical, org_c, players_c = make_event(10, slug="cla", rounds=ROUNDS, variant_policy="fixed",
                                             variant_key=variant, scoring=CLASSICAL.key)  # fmt: skip
    assert pairing_system_for(dynamic) == pairing_system_for(classical) == "dutch"
    classical.colour_draw.seed, classical.colour_draw.identity = dynamic.colour_draw.seed, dynamic.colour_draw.identity
    classical.colour_draw.commitment = dynamic.colour_draw.commitment
    classical.colour_draw.save()
    request_bye(dynamic, players_d[2], 3)
    request_bye(classical, players_c[2], 3)
    for number in range(1, ROUNDS + 1):
        rnd_d = publish_round(pair_round(dynamic, by=org_d))
        rnd_c = publish_round(pair_round(classical, by=org_c))
        assert _boards(rnd_d) == _boards(rnd_c), f"round {number}"
        _play(rnd_d, rnd_c, org_d, org_c)
    stalemates = dynamic.rounds.filter(games__termination=STALEMATE).count()
    assert stalemates >= ROUNDS  # 60-40 games in every round: the game points are not the classical ones x 100
    assert dynamic.rounds.get(number=3).byes.get(player=players_d[2]).points == 50
