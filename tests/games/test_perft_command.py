"""python manage.py perft: the node count as the last line; bad input is one line and a non-zero exit."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def perft(*args: str) -> list[str]:
    out = StringIO()
    call_command("perft", *args, stdout=out)
    return out.getvalue().splitlines()


def test_plain_chess_from_the_start_and_from_a_fen():
    assert perft("--variant", "chess", "--depth", "3")[-1] == "8902"
    assert perft("--variant", "chess", "--depth", "2", "--fen", KIWIPETE)[-1] == "2039"


def test_random_variant_chess_with_one_and_two_rolls():
    assert perft("--variant", "rvc", "--roll", "1-1-1", "--depth", "1")[-1] == "36"
    from variants.rvc import RandomVariantEngine

    expected = RandomVariantEngine.new(roll="2-4-4", roll2="5-2-2").perft(2)
    assert perft("--variant", "rvc", "--roll", "2-4-4", "--roll2", "5-2-2", "--depth", "2")[-1] == str(expected)


def test_random_variant_chess_from_a_position_string():
    start = "4k7/12/12/12/12/12/4P7/4K7 w - - 0 1 -"
    # King d1 f1 d2 f2 (its pawn stands on e2), pawn e3 e4.
    assert perft("--variant", "rvc", "--roll", "1-1-1", "--depth", "1", "--fen", start)[-1] == "6"


@pytest.mark.parametrize(
    "args",
    [
        ("--variant", "chess", "--depth", "two"),
        ("--variant", "chess", "--depth", "-1"),
        ("--variant", "chess", "--depth", "1", "--fen", "not a position"),
        ("--variant", "nosuch", "--depth", "1"),
        ("--variant", "rvc", "--roll", "7-7-7", "--depth", "1"),
        ("--variant", "rvc", "--roll2", "1-2-2", "--depth", "1"),
        ("--variant", "chess", "--roll", "1-1-1", "--depth", "1"),
        ("--variant", "rvc", "--depth", "1"),
        ("--variant", "rvc", "--roll", "1-1-1", "--roll2", "2-3-4", "--depth", "1"),
        ("--variant", "rvc", "--roll", "1-2", "--depth", "1"),
        ("--variant", "rvc", "--roll", "1-1-1", "--depth", "1", "--fen", "12/12 w - - 0 1 -"),
        ("--variant", "reach", "--depth", "1", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"),
        ("--variant", "twilight", "--depth", "1", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[X] w KQkq - 0 1"),
    ],
)
def test_bad_input_is_a_one_line_command_error(args):
    with pytest.raises(CommandError) as caught:
        perft(*args)
    assert "\n" not in str(caught.value)


def test_reach_and_twilight_count_their_own_moves():
    from variants.twilight import TwilightEngine

    # Reach Chess from the start is chess until someone can reach the far rank or must pass.
    assert perft("--variant", "reach", "--depth", "3")[-1] == "8902"
    # Twilight adds a warp for each of the 15 non-king pieces to chess's 20 first moves.
    assert perft("--variant", "twilight", "--depth", "1")[-1] == "35"
    assert perft("--variant", "twilight", "--depth", "2")[-1] == str(TwilightEngine.new().perft(2))


def test_random_variant_chess_needs_its_roll():
    with pytest.raises(CommandError, match="--variant rvc needs --roll"):
        perft("--variant", "rvc", "--depth", "1")


@pytest.mark.parametrize(
    "args",
    [
        ["perft", "--variant", "chess"],
        ["replay", "--variant", "chess"],
        ["rvc_layout", "1-2-3", "4-5-6", "1-1-1"],
    ],
)
def test_a_usage_error_on_the_command_line_is_one_line_and_a_non_zero_exit(args):
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=root, capture_output=True, text=True)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1
    assert "error:" in done.stderr
