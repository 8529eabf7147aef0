"""`manage.py replay --variant parity|parity-single|sscc FILE` on the seeds' sample games and on bad input."""

import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

DATA = Path(__file__).resolve().parent.parent / "variants" / "data"
ROOT = Path(__file__).resolve().parent.parent.parent


def replay(variant: str, path: Path) -> list[str]:
    out = StringIO()
    call_command("replay", "--variant", variant, str(path), stdout=out)
    return out.getvalue().splitlines()


def test_the_sscc_sample_game_prints_figure_4_and_a_win_for_player_a():
    lines = replay("sscc", DATA / "sscc_sample_game.pgn")
    assert lines == ["rnb1kb1r/ppp2ppp/5n2/8/2Ppp3/1P3PP1/P1QPP2P/RNBK1qNR w kq - 0 12", "1-0 checkmate"]


def test_the_parity_sample_game_prints_its_recorded_result_unterminated():
    lines = replay("parity", DATA / "parity_sample_game.txt")
    assert lines[-1] == "1-0 unterminated"
    assert lines[0].startswith("8/2R4p/1rQ5/k2p2P1/1P1P3P/B7/8/2K5 ")


def test_parity_single_replays_a_game_file(tmp_path):
    game = tmp_path / "single.txt"
    game.write_text("1 Nc3 e6\n2 a3 a6\n3 Nd5 h6\n4 h3 b6\n5 Nb4 Bb4\n6 Nc6 Ba5\n*\n")
    assert replay("parity-single", game)[-1] == "* unterminated"


def test_an_illegal_sscc_switch_stops_the_replay_with_the_move_and_the_reason(tmp_path):
    game = tmp_path / "bad.pgn"
    game.write_text("1. b3 d5 2. g3/S e5 *\n")
    with pytest.raises(CommandError, match=r"move 2\. g3/S: no chain"):
        replay("sscc", game)


def test_an_illegal_parity_turn_exits_1_with_the_turn_number(tmp_path):
    game = tmp_path / "bad.txt"
    game.write_text("1 e4 e6\n2 e5 d6\n*\n")
    done = subprocess.run(
        [sys.executable, "manage.py", "replay", "--variant", "parity", str(game)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert "move 2: white e5: the piece on e4 moved last turn" in done.stderr
    assert "Traceback" not in done.stderr
