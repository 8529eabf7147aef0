import itertools

import pytest

from pairing.roundrobin import berger_rounds


def test_six_players_give_fides_printed_table():
    # The table printed in FIDE Handbook C.05, Annex 1 (Berger tables), for six players
    assert [sorted(r) for r in berger_rounds(6)] == [
        sorted([(1, 6), (2, 5), (3, 4)]),
        sorted([(6, 4), (5, 3), (1, 2)]),
        sorted([(2, 6), (3, 1), (4, 5)]),
        sorted([(6, 5), (1, 4), (2, 3)]),
        sorted([(3, 6), (4, 2), (5, 1)]),
    ]


@pytest.mark.parametrize("n", range(2, 22, 2))
def test_everyone_meets_everyone_exactly_once(n):
    met = [frozenset(p) for r in berger_rounds(n) for p in r]
    assert sorted(map(sorted, met)) == sorted(map(sorted, map(frozenset, itertools.combinations(range(1, n + 1), 2))))
    for r in berger_rounds(n):
        assert sorted(x for p in r for x in p) == list(range(1, n + 1))
