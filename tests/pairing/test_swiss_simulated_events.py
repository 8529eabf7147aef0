"""Done-when checks on the pure algorithm: simulated Swiss events of 16 to 500 players."""

import pytest

from pairing.synthetic import simulate


def _check(event):
    met, byes = set(), []
    for rnd in event.rounds:
        for pair in rnd.pairs:
            key = frozenset(pair)
            assert key not in met, f"rematch {sorted(key)}"
            met.add(key)
        if rnd.bye is not None:
            byes.append(rnd.bye)
    assert len(byes) == len(set(byes)), "a player had two byes"
    changed = total = 0
    for player in event.players.values():
        c = player.colours
        for k in range(1, len(c), 2):  # rounds 2k-1 (index k-1) and 2k (index k)
            if "-" not in (c[k - 1], c[k]):
                total += 1
                changed += c[k - 1] != c[k]
    return changed / total


@pytest.mark.parametrize(("n", "rounds", "seed"), [(16, 5, 1), (17, 5, 2), (16, 7, 3), (33, 7, 4), (64, 9, 5), (101, 7, 6)])
def test_small_and_medium_swiss_events_have_no_rematch_no_double_bye_and_change_colour_in_even_rounds(n, rounds, seed):
    assert _check(simulate(n, rounds, seed)) >= 0.95


@pytest.mark.parametrize("n", [200, 499, 500])
def test_large_swiss_events_keep_the_rules(n):
    assert _check(simulate(n, 6, seed=n)) >= 0.95
