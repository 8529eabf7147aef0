from pairing.colours import match_colour, summarize
from pairing.roundrobin import match_schedule


def test_the_drawn_player_has_white_in_game_1_then_black_black_white_white():
    # Seed 002: "that player will have Black for the second and third games, White for the fourth and fifth games"
    assert "".join(match_colour(g, True) for g in range(1, 10)) == "wbbwwbbww"
    assert "".join(match_colour(g, False) for g in range(1, 10)) == "bwwbbwwbb"


def test_a_match_never_fails_to_change_after_an_odd_game_and_never_changes_after_an_even_one():
    for games in range(1, 15):
        schedule = match_schedule(games, first_white=True)
        drawn = "".join("w" if r.pairs[0][0] == 0 else "b" for r in schedule)
        summary = summarize(drawn)
        assert summary.failures_after_odd == 0
        assert summary.extra_changes_after_even == 0
        assert abs(summary.whites - summary.blacks) <= 1
