"""Standings if the games ended now (issue 29), without a database: each live game's verdict (a mate on the board
is a win, a material lead wins 51-49 under dynamic scoring, a game in play is a draw in classical scoring) and the
provisional table they make, against tables computed by hand."""

from __future__ import annotations

import pytest

from scoring import CLASSICAL, DYNAMIC
from scoring.provisional import provisional_games, replay, verdict
from scoring.records import GameRecord, PlayerInfo
from scoring.standings import compute_standings
from variants.registry import fixed_keys, get_engine

CHESS = get_engine(fixed_keys()[0])  # plain chess: the registry's first variant without dice
MATE = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"  # Black to move is mated
NO_BLACK_QUEEN = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"  # White 394, Black 304
STALEMATE = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
LIVE = [(MATE, []), (NO_BLACK_QUEEN, []), ("", ["e4", "e5"])]  # round 2: board 1, 2, 3


def _verdicts(profile):
    return [verdict(profile, replay(CHESS, start, {}, moves)) for start, moves in LIVE]


def test_a_mate_on_the_board_is_a_win_in_every_profile():
    for profile, points in ((DYNAMIC, (100.0, 0.0)), (CLASSICAL, (1.0, 0.0))):
        found = verdict(profile, replay(CHESS, MATE, {}, []))
        assert (found.white_points, found.black_points, found.result, found.ending) == (*points, "1-0", "checkmate")
        assert found.reason == "checkmate on the board: White wins"


def test_a_stalemate_on_the_board_is_graded_as_the_profile_grades_one():
    assert verdict(DYNAMIC, replay(CHESS, STALEMATE, {}, [])).as_dict() == {
        "result": "1-0", "white_points": 60.0, "black_points": 40.0, "ending": "stalemate",
        "reason": "stalemate on the board (forced by White)",
    }  # fmt: skip
    assert verdict(CLASSICAL, replay(CHESS, STALEMATE, {}, [])).result == "1/2-1/2"


def test_a_game_in_play_is_the_material_verdict_under_dynamic_scoring_and_a_draw_in_classical():
    lead, level = _verdicts(DYNAMIC)[1:]
    assert (lead.white_points, lead.black_points, lead.ending) == (51.0, 49.0, "as-it-stands")
    assert "White ahead by 6 or more" in lead.reason and "394 to 304" in lead.reason
    assert (level.white_points, level.black_points, level.result) == (50.0, 50.0, "1/2-1/2")
    assert [(v.white_points, v.black_points) for v in _verdicts(CLASSICAL)[1:]] == [(0.5, 0.5), (0.5, 0.5)]


PLAYERS = [PlayerInfo(i, f"P{i}", 2000 - i, "", i) for i in range(1, 7)]


def _table(profile, round_one):
    games = [GameRecord(1, w, b, wp, bp, res) for w, b, wp, bp, res in round_one]
    games += [GameRecord(2, w, b, final=False) for w, b in ((1, 2), (3, 4), (5, 6))]
    verdicts = {len(round_one) + i: v for i, v in enumerate(_verdicts(profile))}
    standings, _ = compute_standings(
        PLAYERS, provisional_games(games, verdicts), [], rounds=2, tiebreaks="", game_total=profile.game_total
    )
    return [(s.info.player_id, s.rank, s.points) for s in standings]


@pytest.mark.parametrize(
    ("profile", "round_one", "expected"),
    [
        (
            DYNAMIC,  # round 1: 1 mates 4, 2 stalemates 5 (60-40), 3 and 6 agree a level draw
            [(1, 4, 100.0, 0.0, "1-0"), (2, 5, 60.0, 40.0, "1-0"), (3, 6, 50.0, 50.0, "1/2-1/2")],
            # 1: 100 + 100 (mate); 3: 50 + 51 (material); 6: 50 + 50; 5: 40 + 50; 2: 60 + 0; 4: 0 + 49
            [(1, 1, 200.0), (3, 2, 101.0), (6, 3, 100.0), (5, 4, 90.0), (2, 5, 60.0), (4, 6, 49.0)],
        ),
        (
            CLASSICAL,  # round 1: 1 beats 4, 2 beats 5, 3 and 6 draw; round 2: 1 mates 2, the others count ½ each
            [(1, 4, 1.0, 0.0, "1-0"), (2, 5, 1.0, 0.0, "1-0"), (3, 6, 0.5, 0.5, "1/2-1/2")],
            # ties by pairing number (no tie-breaks asked): 2 (1), 3 (1), 6 (1); 4 (½), 5 (½)
            [(1, 1, 2.0), (2, 2, 1.0), (3, 2, 1.0), (6, 2, 1.0), (4, 5, 0.5), (5, 5, 0.5)],
        ),
    ],
    ids=["dynamic", "classical"],
)
def test_the_provisional_table_is_the_one_computed_by_hand(profile, round_one, expected):
    assert _table(profile, round_one) == expected


def test_an_unfinished_game_without_a_verdict_stays_uncounted():
    games = [GameRecord(1, 1, 2, final=False)]
    assert provisional_games(games, {}) == games
