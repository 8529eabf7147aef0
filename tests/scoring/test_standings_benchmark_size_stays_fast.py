"""The benchmark's size (5,000 players x 9 rounds, every tie-break) stays well within budget."""

from __future__ import annotations

import statistics
import time

import pytest

from benchmarks.standings import bench_pure


@pytest.mark.slow
def test_five_thousand_players_nine_rounds_with_every_tiebreak_is_fast():
    # The target is 1 s (docs/benchmarks/standings.md); a shared CI machine gets twice that before failing. Counted in
    # this process's CPU time: the wall clock of a machine whose other core is busy says more about the machine.
    assert statistics.median(bench_pure(5000, 9, repeat=3, clock=time.process_time)) < 2.0


def test_a_small_synthetic_event_ranks_everyone_once():
    from benchmarks.standings import synthetic_event
    from scoring.standings import compute_standings

    info, games, byes = synthetic_event(101, 5)
    standings, _ = compute_standings(info, games, byes, rounds=5, tiebreaks="BH-C1,BH,SB,DE,WIN,BPG", game_total=100)
    assert sorted(s.info.player_id for s in standings) == list(range(1, 102))
    assert all(a.points >= b.points for a, b in zip(standings, standings[1:]))
    assert len(byes) == 5  # an odd field: one pairing-allocated bye per round
