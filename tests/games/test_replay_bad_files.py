"""`python manage.py replay` on files that hold no readable game: one line on stderr, exit status 1, for every
variant; a PGN with tags but no moves is the start position, unterminated."""

import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = ["chess", "rvc", "reach", "twilight", "parity", "parity-single", "sscc"]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "manage.py", "replay", *args], cwd=ROOT, capture_output=True, text=True)


@pytest.mark.parametrize("variant", VARIANTS)
def test_an_empty_file_is_refused_for_every_variant(tmp_path, variant):
    empty = tmp_path / "empty.pgn"
    empty.write_text("\n  \n")
    with pytest.raises(CommandError, match="is empty: there is no game to replay"):
        call_command("replay", "--variant", variant, str(empty))


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_file_that_is_not_utf8_text_is_refused(tmp_path, variant):
    binary = tmp_path / "binary.pgn"
    binary.write_bytes(b"\xff\xfe\x00 not text")
    with pytest.raises(CommandError, match="not UTF-8 text"):
        call_command("replay", "--variant", variant, str(binary))


@pytest.mark.parametrize("text", ["1. e4 {never closed\n2. e5 *\n", '[Event "unterminated]\n\n1. e4 *\n'])
@pytest.mark.parametrize("variant", ["chess", "reach", "twilight", "sscc"])
def test_unreadable_pgn_is_a_one_line_error(tmp_path, variant, text):
    game = tmp_path / "broken.pgn"
    game.write_text(text)
    with pytest.raises(CommandError) as caught:
        call_command("replay", "--variant", variant, str(game))
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("variant", "start"),
    [
        ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        ("twilight", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w"),
    ],
)
def test_a_pgn_without_moves_prints_the_start_and_its_result_unterminated(tmp_path, variant, start):
    game = tmp_path / "nomoves.pgn"
    game.write_text('[Event "x"]\n[Result "*"]\n\n*\n')
    out = StringIO()
    call_command("replay", "--variant", variant, str(game), stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith(start)
    assert lines[1] == "* unterminated"


def test_a_missing_file_and_an_unknown_variant_exit_1_with_one_line(tmp_path):
    for args in (["--variant", "chess", str(tmp_path / "missing.pgn")], ["--variant", "shogi", str(tmp_path)]):
        done = run(*args)
        assert done.returncode == 1
        assert done.stdout == ""
        assert len(done.stderr.strip().splitlines()) == 1
        assert "Traceback" not in done.stderr
