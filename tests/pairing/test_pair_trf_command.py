"""``python manage.py pair_trf --system dutch FILE.trf``: bbpPairings' output format, and one line with the line
and column of the fault plus exit status 2 for a malformed file (1 when the round has no valid pairing)."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from pairing.trf import parse_trf, state_before_round, write_trf

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "pairing" / "dutch_fixtures"


def _run(path: Path, *options: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "manage.py", "pair_trf", *options, str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)  # fmt: skip


@pytest.fixture
def round_4(tmp_path) -> tuple[Path, list[str]]:
    tournament = parse_trf((FIXTURES / "t02.trf").read_bytes().decode(), for_pairing=False)
    path = tmp_path / "before-round-4.trf"
    path.write_text(write_trf(state_before_round(tournament, 4)), encoding="utf-8")
    text = (FIXTURES / "t02.pairings").read_text(encoding="utf-8")
    recorded = text.split("round 4\n")[1].split("round 5\n")[0].split()
    return path, recorded


def test_it_prints_the_round_as_bbppairings_does(round_4):
    path, recorded = round_4
    done = _run(path, "--system", "dutch")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert int(lines[0]) == len(lines) - 1
    assert all(len(line.split()) == 2 for line in lines[1:])
    assert done.stdout.split() == recorded


def test_a_malformed_file_gives_one_line_with_line_and_column_and_status_2(round_4):
    path, _ = round_4
    lines = path.read_bytes().decode("utf-8").split("\r\n")
    row = next(i for i, line in enumerate(lines) if line.startswith("001"))
    lines[row] = lines[row][:98] + "Q" + lines[row][99:]  # round 1's result code
    path.write_text("\r\n".join(lines), encoding="utf-8")
    done = _run(path, "--system", "dutch")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert f"line {row + 1}, column 99" in done.stderr and "'Q'" in done.stderr


def test_a_file_written_in_latin_1_by_older_software_is_read(round_4, tmp_path):
    path, recorded = round_4
    text = path.read_bytes().decode("utf-8").replace("Player 02-001", "Müller, Jörg ")  # same width
    latin = tmp_path / "latin-1.trf"
    latin.write_bytes(text.encode("latin-1"))
    done = _run(latin, "--system", "dutch")
    assert done.returncode == 0 and done.stdout.split() == recorded


def test_a_missing_file_and_an_unknown_system_are_refused(tmp_path):
    done = _run(tmp_path / "nowhere.trf", "--system", "dutch")
    assert done.returncode == 2 and "cannot read it" in done.stderr and done.stderr.count("\n") == 1
    assert _run(tmp_path / "nowhere.trf", "--system", "burstein").returncode == 2


def test_call_command_raises_the_same_errors(round_4, tmp_path):
    path, recorded = round_4
    from io import StringIO

    out = StringIO()
    call_command("pair_trf", "--system", "dutch", str(path), stdout=out)
    assert out.getvalue().split() == recorded
    bad = tmp_path / "bad.trf"
    bad.write_text("001    1  no round blocks here\r\n", encoding="utf-8")
    with pytest.raises(CommandError, match=r"line 1, column \d+") as caught:
        call_command("pair_trf", "--system", "dutch", str(bad))
    assert caught.value.returncode == 2


def _as_trf_2026(text: str) -> str:
    """The same file as TRF-2026 writes it: 142 (rounds) and 152 (initial colour) in the tournament section instead
    of the TRF(x) lines XXR and XXC white1/black1 (FIDE TRF-2026, tags 142 and 152; bbpPairings reads both)."""
    lines = text.split("\r\n")
    rounds = next(line for line in lines if line.startswith("XXR")).split()[1]
    colour = next(line for line in lines if line.startswith("XXC")).split()[1][0].upper()
    kept = [line for line in lines if not line.startswith(("XXR", "XXC"))]
    return "\r\n".join([kept[0], f"142 {rounds}", f"152 {colour}", *kept[1:]])


def test_a_trf_2026_file_with_142_and_152_instead_of_xxr_and_xxc_pairs_the_same(round_4, tmp_path):
    path, recorded = round_4
    text = _as_trf_2026(path.read_bytes().decode("utf-8"))
    assert "\r\n142 8\r\n152 " in text and "XXR" not in text and "XXC" not in text
    trf_2026 = tmp_path / "trf-2026.trf"
    trf_2026.write_bytes(text.encode("utf-8"))
    out = io.StringIO()
    call_command("pair_trf", "--system", "dutch", str(trf_2026), stdout=out)
    assert out.getvalue().split() == recorded
