"""A Swiss in a fixed variant is paired by the FIDE Dutch system: every round the event pairs is the round
``pair_trf --system dutch`` (the FIDE-endorsed engine's output format) gives on the event's own TRF export, cut
before that round. The event has draws, a forfeit, a requested half-point bye, a withdrawal and a late entry."""

from __future__ import annotations

import pytest

from pairing.dutch.cli import pair_trf
from pairing.trf import parse_trf, state_before_round, write_trf
from tests.tournaments.helpers import make_event
from tournaments.exports.trf import start_ranks, tournament_trf, trf_name
from tournaments.models import Bye, Player, Round
from tournaments.services import (
    enter_result,
    first_white,
    pair_round,
    pairing_system_for,
    publish_round,
    register_player,
    request_bye,
    withdraw_player,
)
from variants.base import AGREEMENT, FORFEIT, RESIGNATION
from variants.registry import fixed_keys

pytestmark = pytest.mark.django_db
ROUNDS = 6
# Results by board, cycled with an offset per round, so that scores spread and brackets mix.
RESULTS = [("1-0", RESIGNATION), ("1/2-1/2", AGREEMENT), ("0-1", RESIGNATION), ("1-0", RESIGNATION),
           ("0-1", RESIGNATION), ("1/2-1/2", AGREEMENT), ("1-0", RESIGNATION)]  # fmt: skip


def _play(rnd: Round, organizer) -> None:
    for index, game in enumerate(rnd.games.order_by("board")):
        result, termination = RESULTS[(index + 2 * rnd.number) % len(RESULTS)]
        if rnd.number == 2 and game.board == 2:
            result, termination = "0-1", FORFEIT  # White did not come: a forfeit, no colour, a rematch allowed
        enter_result(game, result=result, termination=termination, by=organizer)


def _as_bbp_lines(rnd: Round, numbers: dict[int, int]) -> list[str]:
    rows = [f"{numbers[g.white_id]} {numbers[g.black_id]}" for g in rnd.games.order_by("board")]
    rows += [f"{numbers[b.player_id]} 0" for b in rnd.byes.filter(kind=Bye.Kind.PAIRING)]
    return [str(len(rows)), *rows]


def test_every_round_equals_pair_trf_on_the_events_own_trf_export(tmp_path):
    event, organizer, players = make_event(
        11, slug="dutch-open", rounds=ROUNDS, variant_policy="fixed", variant_key=fixed_keys()[0], scoring="classical"
    )
    assert pairing_system_for(event) == "dutch"
    request_bye(event, players[3], 3)  # a half-point bye asked for in advance
    for number in range(1, ROUNDS + 1):
        if number == 3:
            late = Player.objects.create(name="dutch-open Late Entrant", rating=2500)
            register_player(event, late, by=organizer)  # joins in round 3, gets the next pairing number
        if number == 4:
            withdraw_player(event, players[6], by=organizer)  # gone from round 4 on
        rnd = publish_round(pair_round(event, by=organizer))
        _play(rnd, organizer)

    text = tournament_trf(event, None)
    played = parse_trf(text, for_pairing=False)
    numbers = {r.player_id: n for n, r in enumerate(start_ranks(event), start=1)}  # the export's start numbers
    assert {p.number: p.name for p in played.players} == {numbers[r.player_id]: trf_name(r.player.name)
                                                          for r in start_ranks(event)}  # fmt: skip
    colour = "white1" if first_white(event) else "black1"
    assert f"XXC {colour}\r\n" in text  # the drawn colour travels with the export
    kinds = {b.kind for b in Bye.objects.filter(round__event=event)}
    assert {Bye.Kind.REQUESTED, Bye.Kind.PAIRING} <= kinds
    for number in range(1, ROUNDS + 1):
        before = write_trf(state_before_round(played, number))
        path = tmp_path / f"before-{number}.trf"
        path.write_text(before)  # with the export's XXC: round 1 needs the drawn colour
        rnd = Round.objects.get(event=event, number=number)
        assert _as_bbp_lines(rnd, numbers) == pair_trf("dutch", str(path)), f"round {number}"
    withdrawn = {pid for g in Round.objects.get(event=event, number=5).games.all() for pid in (g.white_id, g.black_id)}
    assert players[6].pk not in withdrawn
