"""Seed 003, Appendix A: both sample games replay move by move.

Transcription (tests/variants/data/twilight_sample_game_*.pgn): the moves are the seed's; in game 2 the engine's
evaluations and times, printed bare in the seed, are put in {comments}, "39. Kal" is read as Ka1 and
"h8@P+14.11/8" as the move h8@P followed by its evaluation +14.11/8 (docs/rules/twilight-chess.md).
"""

from pathlib import Path

import pytest

from variants.base import BLACK, CHECKMATE, WHITE
from variants.pgn_text import read
from variants.twilight import TwilightEngine

DATA = Path(__file__).parent / "data"


def load(number: int) -> str:
    return (DATA / f"twilight_sample_game_{number}.pgn").read_text()


def test_game_one_prost_against_punica_replays_to_a_white_checkmate():
    engine = TwilightEngine.from_pgn(load(1))
    assert len(engine.moves()) == 95  # 48. Qd6 ends it
    assert engine.tags["White"] == "Prost, F."
    assert engine.outcome().termination == CHECKMATE
    assert engine.outcome().winner == WHITE
    assert engine.position() == "8/8/1R1Q4/2k3N1/8/1P4K1/5PP1/2B5[P] b - - 8 48"


def test_game_two_punica_against_itself_replays_to_black_mating():
    engine = TwilightEngine.from_pgn(load(2))
    assert len(engine.moves()) == 106  # 53... Qb1 "Black mates"
    assert engine.outcome().termination == CHECKMATE
    assert engine.outcome().winner == BLACK
    assert engine.position() == "p7/P7/3p1Q2/8/1k6/n7/4pPP1/Kq2P3[] w - - 10 54"


@pytest.mark.parametrize("number", [1, 2])
def test_every_move_is_written_back_as_the_seed_wrote_it_plus_the_mate_sign(number):
    tokens = read(load(number)).words
    engine = TwilightEngine.from_pgn(load(number))
    assert engine.moves()[:-1] == tokens[:-1]
    assert engine.moves()[-1] == tokens[-1] + "#"  # the seed leaves the final mate unmarked


def test_game_one_passes_through_the_seeds_special_moments():
    engine = TwilightEngine.new()
    tokens = read(load(1)).words
    for token in tokens[:32]:  # up to 16... a8@R
        engine.play(token)
    assert engine.reserve("black") == {"P": 1, "R": 1}  # 10... d5@P and 16... a8@R
    assert "O-O" in engine.legal_moves()  # 17. O-O: the king and h1 rook never left, f1 bishop warped away
    assert "O-O-O" not in engine.legal_moves()  # 10. a1@R cost the queen side


@pytest.mark.parametrize("number", [1, 2])
def test_the_games_survive_to_pgn_and_back(number):
    engine = TwilightEngine.from_pgn(load(number))
    again = TwilightEngine.from_pgn(engine.to_pgn())
    assert again.moves() == engine.moves()
    assert again.position() == engine.position()
    assert '[Variant "Twilight Chess"]' in engine.to_pgn()
