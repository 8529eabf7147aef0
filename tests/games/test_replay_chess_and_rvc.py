"""`python manage.py replay --variant chess|rvc FILE`: PGN with comments, the game's end or its stated result, and
Random Variant Chess games exported by the engine (roll tags included) replayed by the command."""

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from variants.rvc import RandomVariantEngine

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "variants" / "data"


def replay(variant: str, path: Path) -> list[str]:
    out = StringIO()
    call_command("replay", "--variant", variant, str(path), stdout=out)
    return out.getvalue().splitlines()


def test_a_chess_game_that_ends_in_checkmate_prints_the_position_and_the_termination(tmp_path):
    game = tmp_path / "fools.pgn"
    game.write_text('[Event "x"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n')
    assert replay("chess", game) == ["rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "0-1 checkmate"]


def test_a_multi_line_comment_holding_a_semicolon_is_skipped(tmp_path):
    # The seeds' own PGN files carry such comments (e.g. the Reach puzzle); ';' inside braces is not a comment.
    game = tmp_path / "commented.pgn"
    game.write_text('[Result "*"]\n\n{White opens; Black\nanswers} 1. e4 {a; b} e5 (1... c5 2. Nf3) 2. Nf3 $1 *\n')
    assert replay("chess", game)[-1] == "* unterminated"
    assert replay("chess", game)[0].startswith("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/")


def test_the_seeds_reach_puzzle_file_reads_as_a_chess_game():
    assert replay("chess", DATA / "reach_puzzle_fig4.pgn") == ["B7/8/5r2/8/6pk/8/6K1/8 b - - 1 6", "1-0 unterminated"]


def test_without_a_result_tag_the_movetext_result_is_the_stated_result(tmp_path):
    game = tmp_path / "no_tag.pgn"
    game.write_text("1. e4 e5 2. Nf3 1/2-1/2\n")
    assert replay("chess", game)[-1] == "1/2-1/2 unterminated"


@pytest.mark.parametrize(("roll", "roll2"), [("2-4-4", "5-2-2"), ("1-4-5", None), ("3-3-3", None)])
def test_an_rvc_game_exported_by_the_engine_replays_with_its_rolls(tmp_path, roll, roll2):
    engine = RandomVariantEngine.new(roll=roll, roll2=roll2)
    for _ in range(12):  # the first legal move each time: deterministic, and it walks pieces across the board
        engine.play(engine.legal_moves()[len(engine.moves()) % len(engine.legal_moves())])
    text = engine.to_pgn({"White": "Ann", "Black": "Bob"})
    assert f'[Roll "{engine.roll}"]' in text
    assert ('[Roll2 "' in text) is (roll2 is not None)
    game = tmp_path / "rvc.pgn"
    game.write_text(text)
    assert replay("rvc", game) == [engine.position(), "* unterminated"]


def test_an_illegal_rvc_move_names_the_move_number_and_the_reason(tmp_path):
    game = tmp_path / "bad.pgn"
    game.write_text('[Variant "Random Variant Chess"]\n[Roll "1-1-1"]\n\n1. j3 j6 2. Cj2 *\n')
    with pytest.raises(CommandError, match=r"^move 2\. Cj2: "):
        replay("rvc", game)


def test_an_rvc_game_without_a_roll_or_position_is_refused(tmp_path):
    game = tmp_path / "no_roll.pgn"
    game.write_text("1. j3 *\n")
    with pytest.raises(CommandError, match="Roll tag"):
        replay("rvc", game)
