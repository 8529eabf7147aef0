"""A series of three events counting each player's best two (scoring.series): points by rank from the series'
table, the worst event dropped, ties broken by the results that did not count."""

from __future__ import annotations

from scoring.series import GAME_POINTS, Placing, series_table

POINTS = [25, 18, 15]


def _events():
    first = [Placing("anna", 1, 3), Placing("ben", 2, 2), Placing("cleo", 3, 1), Placing("dan", 4, 0)]
    second = [Placing("ben", 1, 3), Placing("cleo", 2, 2), Placing("anna", 3, 1)]
    third = [Placing("cleo", 1, 2.5), Placing("anna", 2, 2), Placing("ben", 3, 1.5)]
    return [first, second, third]


def test_best_two_of_three_by_place():
    table = series_table(_events(), best_of=2, points=POINTS)
    summary = [(r.who, r.rank, r.total) for r in table]
    # anna 25+18 (15 dropped), ben 25+18 (15 dropped), cleo 25+18 (15 dropped): all 43 and 58 over all three; the
    # best single result (25) and the next (18) are level too, so they share first place. dan: 4th place, 0 points.
    assert summary == [("anna", 1, 43), ("ben", 1, 43), ("cleo", 1, 43), ("dan", 4, 0)]
    anna = table[0]
    assert [c.counted for c in anna.events] == [True, False, True]
    assert [c.points for c in anna.events] == [25, 15, 18]


def test_the_dropped_event_breaks_a_tie():
    events = _events()
    events[2] = [Placing("cleo", 1, 2.5), Placing("anna", 2, 2)]  # ben misses the third event
    table = series_table(events, best_of=2, points=POINTS)
    assert [(r.who, r.rank, r.total) for r in table[:3]] == [("anna", 1, 43), ("cleo", 1, 43), ("ben", 3, 43)]
    assert table[2].events[2] is None


def test_game_points_rule():
    table = series_table(_events(), best_of=2, points=GAME_POINTS)
    # anna 3+2 (1 dropped), ben 3+2 (1.5 dropped): level on 5, ben's 6.5 over all three beats anna's 6.
    assert [(r.who, r.rank, r.total) for r in table] == [("ben", 1, 5), ("anna", 2, 5), ("cleo", 3, 4.5), ("dan", 4, 0)]
