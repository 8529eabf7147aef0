import itertools

import pytest

from pairing.colours import summarize
from pairing.roundrobin import mini_match_schedule, single_schedule


def _sequences(schedule, n):
    seqs = dict.fromkeys(range(n), "")
    for rnd in schedule:
        for w, b in rnd.pairs:
            seqs[w] += "w"
            seqs[b] += "b"
        if rnd.bye is not None:
            seqs[rnd.bye] += "-"
    assert len({len(s) for s in seqs.values()}) == 1  # everyone plays or has the bye every round
    return seqs


def _meetings(schedule):
    return [frozenset(p) for rnd in schedule for p in rnd.pairs]


@pytest.mark.parametrize("n", range(3, 21))
@pytest.mark.parametrize("flip", [False, True])
def test_the_mini_match_round_robin_meets_each_opponent_twice_in_rounds_2k_minus_1_and_2k(n, flip):
    schedule = mini_match_schedule(n, flip)
    assert len(schedule) == 2 * (n - 1 + n % 2)
    for k in range(0, len(schedule), 2):
        first, second = schedule[k], schedule[k + 1]
        assert sorted(second.pairs) == sorted((b, w) for w, b in first.pairs)  # same opponent, colours reversed
        assert first.bye == second.bye
    counts = {pair: _meetings(schedule).count(pair) for pair in map(frozenset, itertools.combinations(range(n), 2))}
    assert set(counts.values()) == {2}


@pytest.mark.parametrize("n", range(3, 21))
def test_the_mini_match_round_robin_has_no_failure_to_change_after_an_odd_game(n):
    for seq in _sequences(mini_match_schedule(n), n).values():
        summary = summarize(seq)
        assert summary.failures_after_odd == 0
        assert summary.extra_changes_after_even <= 1  # Berger colours alternate with at most one repeat
        assert summary.whites == summary.blacks


@pytest.mark.parametrize("n", range(3, 21))
def test_the_single_round_robin_meets_everyone_once_without_failing_to_change_after_odd_rounds(n):
    schedule = single_schedule(n)
    assert len(schedule) == n - 1 + n % 2
    meetings = _meetings(schedule)
    assert len(meetings) == len(set(meetings)) == n * (n - 1) // 2
    seqs = _sequences(schedule, n)
    assert all(summarize(seq).failures_after_odd == 0 for seq in seqs.values())
    worst = max(abs(summarize(s).whites - summarize(s).blacks) for s in seqs.values())
    assert worst <= (1 if n % 2 == 0 else 2)
