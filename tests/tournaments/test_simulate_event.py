import json

import pytest
from django.core.management import CommandError, call_command

from tournaments.models import Event
from tournaments.services import colour_report

pytestmark = pytest.mark.django_db


def _run(*args):
    from io import StringIO

    out = StringIO()
    call_command("simulate_event", *args, stdout=out)
    return out.getvalue()


def test_the_json_document_has_the_documented_shape():
    doc = json.loads(_run("--format", "swiss", "--players", "7", "--rounds", "3", "--seed", "5", "--json"))
    assert [r["number"] for r in doc["rounds"]] == [1, 2, 3]
    for rnd in doc["rounds"]:
        variant = rnd["variant"]
        assert {"first", "second", "array"} <= set(variant)
        assert variant["second"] is None and len(variant["array"]) == 12
        assert len(rnd["pairings"]) == 3 and len(rnd["byes"]) == 1
        for p in rnd["pairings"]:
            assert {"white", "black", "result", "termination", "white_points", "black_points"} <= set(p)
            assert p["result"] in ("1-0", "0-1", "1/2-1/2")
            assert p["white_points"] + p["black_points"] == 100
    assert doc["rounds"][0]["variant"] == doc["rounds"][1]["variant"]  # one roll for rounds 1 and 2
    assert [row["rank"] for row in doc["standings"]] == sorted(row["rank"] for row in doc["standings"])
    assert len(doc["standings"]) == 7
    assert {"rank", "player", "points"} <= set(doc["standings"][0])


def test_the_same_seed_gives_the_same_event_under_a_new_slug():
    first = json.loads(_run("--format", "swiss", "--players", "6", "--rounds", "4", "--seed", "11", "--json"))
    second = json.loads(_run("--format", "swiss", "--players", "6", "--rounds", "4", "--seed", "11", "--json"))
    assert first["event"] != second["event"]
    assert first["rounds"] == second["rounds"]
    assert first["standings"] == second["standings"]
    assert Event.objects.count() == 2


def test_a_swiss_simulation_has_no_rematch_and_no_second_bye():
    doc = json.loads(_run("--format", "swiss", "--players", "9", "--rounds", "6", "--seed", "2", "--json"))
    met, byes = set(), []
    for rnd in doc["rounds"]:
        for p in rnd["pairings"]:
            key = frozenset((p["white"], p["black"]))
            assert key not in met
            met.add(key)
        byes += rnd["byes"]
    assert len(byes) == len(set(byes)) == 6


@pytest.mark.parametrize(("fmt", "players", "rounds"), [("rr2", 5, 10), ("rr2", 4, 6), ("match", 2, 8)])
def test_mini_match_round_robins_and_matches_never_fail_to_change_after_an_odd_game(fmt, players, rounds):
    _run("--format", fmt, "--players", str(players), "--rounds", str(rounds), "--seed", "3")
    report = colour_report(Event.objects.get())
    assert report["rounds"] == rounds
    assert report["failures_after_odd"] == 0
    if fmt == "match":
        sequences = sorted(row["sequence"] for row in report["rows"])
        assert sequences == ["bwwbbwwb", "wbbwwbbw"]


def test_a_round_robin_plays_everyone_once():
    doc = json.loads(_run("--format", "rr", "--players", "6", "--rounds", "5", "--seed", "4", "--json"))
    pairs = [frozenset((p["white"], p["black"])) for r in doc["rounds"] for p in r["pairings"]]
    assert len(pairs) == len(set(pairs)) == 15


def test_bad_arguments_are_one_line_errors():
    with pytest.raises(CommandError, match="exactly 2 players"):
        _run("--format", "match", "--players", "3", "--rounds", "2", "--seed", "1")
    with pytest.raises(CommandError, match="cannot be paired without a rematch"):
        _run("--format", "swiss", "--players", "4", "--rounds", "5", "--seed", "1")
    assert Event.objects.count() == 0  # a failed simulation leaves nothing behind


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--format", "rr", "--players", "6", "--rounds", "9"), "has 5 rounds: --rounds must be at most 5"),
        (("--format", "rr2", "--players", "4", "--rounds", "8"), "has 6 rounds: --rounds must be at most 6"),
        (("--format", "rr2", "--players", "4", "--rounds", "3"), "must be even for rr2"),
    ],
)
def test_round_robin_rounds_beyond_the_schedule_or_splitting_a_mini_match_are_refused(args, message):
    with pytest.raises(CommandError, match=message):
        _run(*args, "--seed", "1")
    assert not Event.objects.exists()


def test_an_unknown_format_on_the_command_line_is_one_line_and_a_non_zero_exit():
    import subprocess
    import sys
    from pathlib import Path

    manage = Path(__file__).resolve().parents[2] / "manage.py"
    args = ["--format", "knockout", "--players", "4", "--rounds", "2", "--seed", "1"]
    done = subprocess.run([sys.executable, str(manage), "simulate_event", *args], capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "invalid choice: 'knockout'" in lines[0], done.stderr
