"""Baku acceleration (FIDE C.04.5) is an event option of a Dutch Swiss: with it on, every round the event pairs is
``pair_trf --system dutch --baku`` on the event's TRF export cut before that round, and the acceleration changes
the pairing (it is not ignored); the event page and the admin name it with the pairing system."""

from __future__ import annotations

import pytest

from pairing.dutch.cli import pair_trf
from pairing.trf import parse_trf, state_before_round, write_trf
from tests.tournaments.helpers import make_event, play_round
from tournaments.exports.trf import start_ranks, tournament_trf
from tournaments.models import Bye, Round
from tournaments.services import first_white, pair_round, pairing_system_label, publish_round
from variants.registry import fixed_keys

pytestmark = pytest.mark.django_db
ROUNDS = 7


def _lines(rnd: Round, numbers: dict[int, int]) -> list[str]:
    rows = [f"{numbers[g.white_id]} {numbers[g.black_id]}" for g in rnd.games.order_by("board")]
    rows += [f"{numbers[b.player_id]} 0" for b in rnd.byes.filter(kind=Bye.Kind.PAIRING)]
    return [str(len(rows)), *rows]


def test_an_accelerated_event_pairs_as_pair_trf_with_baku(tmp_path, client):
    event, organizer, _ = make_event(13, slug="baku-open", rounds=ROUNDS, variant_policy="fixed",
                                     variant_key=fixed_keys()[0], scoring="classical", baku_acceleration=True)  # fmt: skip
    assert pairing_system_label(event).endswith("Baku acceleration (C.04.5)")
    for number in range(1, 4):
        play_round(publish_round(pair_round(event, by=organizer)), by=organizer, result="1-0" if number % 2 else "0-1",
                   termination="resignation")  # fmt: skip
    played = parse_trf(tournament_trf(event, None), for_pairing=False)
    numbers = {r.player_id: n for n, r in enumerate(start_ranks(event), start=1)}
    colour = "white1" if first_white(event) else "black1"
    differs = False
    for number in range(1, 4):
        path = tmp_path / f"before-{number}.trf"
        path.write_text(write_trf(state_before_round(played, number)) + f"XXC {colour}\r\n")
        ours = _lines(Round.objects.get(event=event, number=number), numbers)
        assert ours == pair_trf("dutch", str(path), baku=True), f"round {number}"
        differs |= ours != pair_trf("dutch", str(path), baku=False)
    assert differs
    event.status = "running"
    event.save(update_fields=["status"])
    assert "Baku acceleration" in client.get(f"/events/{event.slug}/").content.decode()
