"""The performance rating (FIDE C.07 §10.2 with the B.02 §8.1.1 table) and the FIDE rating change of a game
(B.02 §8.3, expected scores from the §8.1.2 table), as docs/rules/performance-rating.md reads them."""

from __future__ import annotations

import pytest

from scoring.records import FORFEIT_WIN, PAB, PENDING, PLAYED, PlayerInfo, PlayerLine, RoundEntry
from tournaments.public.rating import dp, expected_score, line_performance, performance, rating_change


@pytest.mark.parametrize(
    ("p", "difference"),
    [(0.0, -800), (0.01, -677), (0.25, -193), (0.5, 0), (0.51, 7), (0.555, 43), (0.75, 193), (0.99, 677), (1.0, 800)],
)
def test_dp_is_the_fide_table_with_p_rounded_to_hundredths(p, difference):
    assert dp(p) == difference


def test_a_fractional_score_outside_0_to_1_is_refused():
    with pytest.raises(ValueError, match="between 0 and 1"):
        dp(1.2)


def test_tpr_is_the_rounded_average_rating_of_the_opponents_plus_dp():
    assert performance([(2000, 1.0), (2200, 0.0)]) == 2100  # 50 %
    assert performance([(2001, 1.0), (2002, 1.0)]) == 2002 + 800  # ARO 2001.5 rounds up
    assert performance([(1800, 1.0), (1900, 0.5), (2000, 0.5), (2100, 0.0)]) == 1950  # 2 of 4
    assert performance([(1800, 0.6), (2000, 0.6)]) == 1900 + 72  # game points 60-40: p = 0.60


def test_unrated_opponents_count_nowhere_and_no_rated_game_gives_no_tpr():
    assert performance([(0, 1.0), (2000, 0.5)]) == 2000
    assert performance([(0, 1.0)]) is None and performance([]) is None


@pytest.mark.parametrize(
    ("own", "opponent", "expected"),
    [(2000, 2000, 0.50), (2003, 2000, 0.50), (2004, 2000, 0.51), (1970, 2000, 0.46), (2400, 1800, 0.92), (1800, 2400, 0.08)],
)
def test_the_expected_score_follows_the_table_with_the_400_point_cap(own, opponent, expected):
    assert expected_score(own, opponent) == expected


def test_the_rating_change_is_k_times_score_minus_expected():
    assert rating_change(2000, 2000, 1.0) == 10.0  # K 20
    assert rating_change(2400, 2000, 1.0) == pytest.approx(10 * (1 - 0.92))  # K 10 from 2400; 392-411 points: 0.92
    assert rating_change(1800, 2400, 0.5) == pytest.approx(20 * (0.5 - 0.08))
    assert rating_change(0, 2000, 1.0) is None and rating_change(2000, 0, 1.0) is None


def test_a_players_line_counts_games_over_the_board_with_a_final_result_only():
    line = PlayerLine(PlayerInfo(1, "A", 2000))
    line.rounds = {
        1: RoundEntry(PLAYED, 60.0, 2, "w", "1-0"),
        2: RoundEntry(PLAYED, 40.0, 3, "b", "0-1"),
        3: RoundEntry(FORFEIT_WIN, 100.0, 4, "w", "+"),
        4: RoundEntry(PAB, 100.0, None, "-", "pairing"),
        5: RoundEntry(PENDING, 0.0, 5, "b", ""),
    }
    ratings = {2: 2100, 3: 1900, 4: 2500, 5: 2600}
    assert line_performance(line, ratings, game_total=100.0) == 2000 + 0  # (60 + 40) / 200 against 2100 and 1900
