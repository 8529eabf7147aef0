"""python manage.py rvc_layout FIRST [SECOND] | --all."""

from __future__ import annotations

import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> list[str]:
    out = StringIO()
    call_command("rvc_layout", *args, stdout=out)
    return out.getvalue().splitlines()


def test_one_roll_prints_names_castling_and_position():
    assert _run("1-1-1") == [
        "Rook Giraffe Camel Knight Bishop Queen King Bishop Knight Camel Giraffe Rook",
        "4",
        "rgcnbqkbncgr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RGCNBQKBNCGR w KQkq - 0 1 4",
    ]


def test_two_rolls_in_any_die_order_and_hyphenated_names_stay_one_token():
    names, castling, position = _run("5-4-1", "3-3-3")  # the seed's 1-4-5 3-3-3
    assert names.split(" ") == [
        "Rook", "Horse-Camel", "Horse", "Tiger", "Amazon", "Man", "Man", "King", "Tiger", "Horse", "Horse-Camel", "Rook",
    ]  # fmt: skip
    assert castling == "3"
    assert position == "r+chtammkth+cr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/R+CHTAMMKTH+CR w KQkq - 0 1 3"


def test_no_castling_prints_none():
    assert _run("2-2-2")[1] == "none"
    assert _run("2-4-4", "2-2-2")[1] == "none"


def test_all_prints_one_tab_separated_line_per_first_roll_and_allowed_pair():
    lines = _run("--all")
    assert len(lines) == 56 + 50 * 56
    rows = [line.split("\t") for line in lines]
    assert all(len(row) == 4 for row in rows)
    assert rows[0] == ["1-1-1", "-", "Rook Giraffe Camel Knight Bishop Queen King Bishop Knight Camel Giraffe Rook", "4"]
    princesses = "Princess Giraffe Camel Knight Bishop Empress King Bishop Knight Camel Giraffe Princess"
    assert ["2-2-2", "-", princesses, "none"] in rows
    assert ["1-4-5", "4-6-6", "Rook Horse-Zebra Horse Tiger Queen Man Man King Tiger Horse Horse-Zebra Rook", "3"] in rows
    assert ["2-4-4", "3-4-4", "Rook Zebra Camel Knight Bishop Queen King Bishop Knight Camel Zebra Rook", "4"] in rows
    assert sum(1 for row in rows if row[1] == "-") == 56
    assert not [row for row in rows if row[0] in {"1-1-1", "3-3-3"} and row[1] != "-"]
    assert all(row[0] == "-".join(sorted(row[0].split("-"))) for row in rows)
    assert lines == sorted(lines)  # "rolls sorted ascending", also as whole lines (byte order, "-" first)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["1-7-1"], "1..6"),
        (["1-2"], "three dice"),
        (["3-3-3", "1-2-3"], "not rolled a second time"),
        (["1-2-3", "0-1-2"], "1..6"),
        ([], "give a roll"),
        (["--all", "1-2-3"], "--all takes no rolls"),
    ],
)
def test_bad_input_is_a_command_error_with_one_line(args, message):
    with pytest.raises(CommandError, match=message) as error:
        _run(*args)
    assert "\n" not in str(error.value)


def test_bad_input_exits_non_zero_with_one_clear_line():
    done = subprocess.run(
        [sys.executable, "manage.py", "rvc_layout", "3-3-3", "1-2-3"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode != 0
    assert done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        "CommandError: first roll 3-3-3 is three alike: the dice are not rolled a second time, so no second roll"
    ]
