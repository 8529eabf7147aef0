"""`python manage.py replay --variant reach|twilight FILE` on the seeds' games: final position, then the result line;
an illegal move stops it with exit status 1, the move number and the reason."""

import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "variants" / "data"


def replay(variant: str, path: Path) -> list[str]:
    out = StringIO()
    call_command("replay", "--variant", variant, str(path), stdout=out)
    return out.getvalue().splitlines()


def test_twilight_game_one_ends_in_whites_checkmate():
    assert replay("twilight", DATA / "twilight_sample_game_1.pgn") == [
        "8/8/1R1Q4/2k3N1/8/1P4K1/5PP1/2B5[P] b - - 8 48",
        "1-0 checkmate",
    ]


def test_twilight_game_two_ends_in_blacks_checkmate():
    assert replay("twilight", DATA / "twilight_sample_game_2.pgn") == [
        "p7/P7/3p1Q2/8/1k6/n7/4pPP1/Kq2P3[] w - - 10 54",
        "0-1 checkmate",
    ]


def test_the_reach_puzzle_ends_on_the_far_rank():
    assert replay("reach", DATA / "reach_puzzle_fig4.pgn") == ["B7/8/5r2/8/6pk/8/6K1/8 b - - 1 6", "1-0 far-rank"]


def test_an_unfinished_game_prints_its_pgn_result_and_unterminated(tmp_path):
    game = tmp_path / "short.pgn"
    game.write_text('[Result "*"]\n\n1. Nf3 h7@P 2. b1@N *\n')
    assert replay("twilight", game)[-1] == "* unterminated"


def test_an_illegal_move_is_a_command_error_naming_the_move(tmp_path):
    game = tmp_path / "bad.pgn"
    game.write_text((DATA / "twilight_sample_game_1.pgn").read_text().replace("12. Nexf7 Ke7", "12. Nexf7 e8@K"))
    with pytest.raises(CommandError, match=r"move 12\.\.\. e8@K: the king cannot be warped"):
        replay("twilight", game)


def test_an_illegal_move_exits_with_status_1_and_one_line(tmp_path):
    game = tmp_path / "bad.pgn"
    game.write_text("1. e4 e5 2. e4@P e5@P 3. K@e3 *\n")
    result = subprocess.run(
        [sys.executable, "manage.py", "replay", "--variant", "twilight", str(game)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == ["CommandError: move 3. K@e3: a king is never in reserve"]
    assert result.stdout == ""
