import pytest

from pairing.swiss import PairingError, SwissPlayer, colour_wish, pair_swiss


def _field(n, **overrides):
    return [SwissPlayer(id=i, score=0.0, rating=2500 - 10 * i, seed=i, **overrides.get(i, {})) for i in range(1, n + 1)]


def test_round_one_pairs_the_top_half_against_the_bottom_half_with_alternating_colours():
    result = pair_swiss(_field(8), 1, first_colour_white=True)
    assert result.pairs == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert result.bye is None
    flipped = pair_swiss(_field(8), 1, first_colour_white=False)
    assert flipped.pairs == [(5, 1), (2, 6), (7, 3), (4, 8)]


def test_the_bye_goes_to_the_lowest_ranked_player_who_has_not_had_one():
    players = [
        SwissPlayer(1, 200.0, 2400, 1, "wb", frozenset({2, 3})),
        SwissPlayer(2, 150.0, 2300, 2, "bw", frozenset({1, 4})),
        SwissPlayer(3, 100.0, 2200, 3, "bw", frozenset({1, 5})),
        SwissPlayer(4, 50.0, 2100, 4, "w-", frozenset({2}), had_bye=True),
        SwissPlayer(5, 0.0, 2000, 5, "-b", frozenset({3}), had_bye=True),
    ]
    result = pair_swiss(players, 3)
    assert result.bye == 3  # 4 and 5 rank lower but already had a bye
    assert {frozenset(p) for p in result.pairs} == {frozenset({1, 4}), frozenset({2, 5})}


def test_nobody_left_for_the_bye_is_a_clear_error():
    players = [SwissPlayer(i, 0.0, 2000, i, "-", had_bye=True) for i in range(1, 4)]
    with pytest.raises(PairingError, match="bye"):
        pair_swiss(players, 2)


def test_forbidden_pairs_and_rematches_are_never_paired():
    players = _field(4)
    result = pair_swiss(players, 1, forbidden=[(1, 3)])
    assert frozenset({1, 3}) not in {frozenset(p) for p in result.pairs}
    players = [SwissPlayer(1, 0, 0, 1, "w", frozenset({2})), SwissPlayer(2, 0, 0, 2, "b", frozenset({1}))]
    with pytest.raises(PairingError, match="rematch"):
        pair_swiss(players, 2)


def test_close_scores_meet_even_when_scores_are_nearly_continuous():
    scores = [351.0, 349.0, 300.0, 298.0, 151.0, 149.0, 52.0, 48.0]
    colours = ["w", "b", "w", "b", "w", "b", "w", "b"]
    players = [SwissPlayer(i, s, 2000, i, c) for i, (s, c) in enumerate(zip(scores, colours), start=1)]
    result = pair_swiss(players, 2, points_per_game=100)
    assert {frozenset(p) for p in result.pairs} == {frozenset({1, 2}), frozenset({3, 4}), frozenset({5, 6}), frozenset({7, 8})}
    # Round 2 is even: each changes after the odd round 1.
    assert all(dict(zip(range(1, 9), colours))[w] == "b" for w, _ in result.pairs)


def test_in_an_even_round_the_colour_change_outweighs_a_small_score_gap():
    # 1 and 2 are closest but both had White in round 1; 1-3 and 2-4 keep everyone changing colour.
    players = [
        SwissPlayer(1, 100.0, 2000, 1, "w"),
        SwissPlayer(2, 99.0, 2000, 2, "w"),
        SwissPlayer(3, 90.0, 2000, 3, "b"),
        SwissPlayer(4, 89.0, 2000, 4, "b"),
    ]
    result = pair_swiss(players, 2, points_per_game=100)
    assert sorted(result.pairs) == [(3, 1), (4, 2)]


def test_colour_wishes_follow_the_seed_pattern():
    assert colour_wish(SwissPlayer(1, 0, colours="w"), 2) == ("b", 10_000)  # change after an odd round
    assert colour_wish(SwissPlayer(1, 0, colours="wb"), 3)[0] == "b"  # keep after an even round (weaker)
    assert colour_wish(SwissPlayer(1, 0, colours="wb"), 3)[1] < colour_wish(SwissPlayer(1, 0, colours="w"), 2)[1]
    assert colour_wish(SwissPlayer(1, 0, colours="ww"), 3)[0] == "b"  # never three in a row
    assert colour_wish(SwissPlayer(1, 0, colours=""), 1) == (None, 0)
