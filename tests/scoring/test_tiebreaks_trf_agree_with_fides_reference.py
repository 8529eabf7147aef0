"""``tiebreaks_trf`` against FIDE's TieBreakServer on the TRF exports of events built by this project.

The TRF files and the reference's values were made once (tests/scoring/tiebreak_reference/README.md says how:
``make_trfs.py`` builds Swiss, round-robin and double round-robin events through the services, with every kind of
unplayed round, under both C.07 editions; ``run_reference.py`` ran TieBreakServer 1.9.57 on each). Here every
recorded value is checked: every file, every tie-break list, every player, the rank, the points and each tie-break.
When the reference itself is at hand (``TIEBREAKSERVER=/path/to/its/checkout``), a few files are also run live.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from tournaments.tiebreak_trf import tiebreaks_trf

HERE = Path(__file__).resolve().parent / "tiebreak_reference"
RECORDS = sorted((HERE / "expected").glob("*.json"))


def test_at_least_a_hundred_events_of_every_kind_were_recorded():
    data = [json.loads(path.read_text()) for path in RECORDS]
    assert len(data) >= 100
    kinds = {(HERE / d["file"]).read_text().splitlines()[8] for d in data}
    assert {"092 Individual: Swiss", "092 Individual: Single round-robin"} <= kinds
    assert any("Double round-robin" in kind for kind in kinds)
    assert {d["edition"] for d in data} == {"2024", "2026"}
    codes = {code for d in data for one in d["lists"] for code in one["tiebreaks"]}
    assert len(codes) == 27
    text = "".join((HERE / d["file"]).read_text() for d in data)
    for cell in (" U ", " H ", " Z ", " + ", " - ", " w - ", " b - "):  # byes, absences, forfeits, double forfeits
        assert cell.replace(" ", "", 1) in text or cell in text


def _same(expected, found) -> bool:
    if expected is None or found is None:
        return expected is found
    return abs(float(expected) - float(found)) < 1e-9


@pytest.mark.parametrize("record", RECORDS, ids=lambda path: path.stem)
def test_every_player_every_tiebreak_equal(record):
    data = json.loads(record.read_text())
    checked = 0
    for one in data["lists"]:
        if "players" not in one:  # the reference failed on this list (recorded with its error): nothing to compare
            continue
        codes = one["tiebreaks"]
        found = {row["start"]: row for row in tiebreaks_trf(str(HERE / data["file"]), ",".join(codes))}
        assert set(found) == {p["start"] for p in one["players"]}
        wrong = []
        for player in one["players"]:
            row = found[player["start"]]
            pairs = [("rank", player["rank"], row["rank"]), ("points", player["points"], row["points"])]
            pairs += [(code, player["tiebreaks"][code], row["tiebreaks"][code]) for code in codes]
            wrong += [(player["start"], what, want, got) for what, want, got in pairs if not _same(want, got)]
        assert not wrong, f"{one['command']}: (start, what, reference, ours) {wrong[:8]}"
        checked += 1
    assert checked


def test_the_edition_follows_the_start_date_unless_named(tmp_path):
    """C.07 of 2026, 16.4.1 and 16.4.2 (in substance: the dummy opponent of an unplayed round is worth no more
    than the absent opponent's adjusted score, or, without an opponent, than a draw in every round) is in force
    from 1 March 2026. A file dated before that is read under the 2024 text, which has no cap; ``--edition``
    overrides the date."""
    source = next(d for d in (json.loads(p.read_text()) for p in RECORDS) if d["edition"] == "2024")
    path = HERE / source["file"]
    as_dated = {r["start"]: r["tiebreaks"]["BH"] for r in tiebreaks_trf(str(path), "BH")}
    assert as_dated == {r["start"]: r["tiebreaks"]["BH"] for r in tiebreaks_trf(str(path), "BH", "2024")}
    later = tmp_path / "later.trf"
    later.write_text(path.read_text().replace("042 2025/05/10", "042 2026/05/10"))
    assert {r["start"]: r["tiebreaks"]["BH"] for r in tiebreaks_trf(str(later), "BH")} == {
        r["start"]: r["tiebreaks"]["BH"] for r in tiebreaks_trf(str(path), "BH", "2026")
    }


def test_the_command_prints_json_and_refuses_a_malformed_file_naming_line_and_column(tmp_path, capsys):
    path = HERE / json.loads(RECORDS[0].read_text())["file"]
    call_command("tiebreaks_trf", str(path), "--tiebreaks", "BH-C1,BH,SB,DE,WIN,BPG", "--edition", "2024", "--json")
    players = json.loads(capsys.readouterr().out)["players"]
    assert players[0]["rank"] == 1 and set(players[0]) == {"start", "rank", "points", "tiebreaks"}
    assert list(players[0]["tiebreaks"]) == ["BH-C1", "BH", "SB", "DE", "WIN", "BPG"]
    bad = tmp_path / "bad.trf"
    bad.write_text("012 Broken\n001    1      Someone                           2000                             x.5\n")
    done = subprocess.run([sys.executable, "manage.py", "tiebreaks_trf", str(bad), "--tiebreaks", "BH"],
                          capture_output=True, text=True, cwd=Path(__file__).resolve().parents[2])  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "line 2, column 81" in done.stderr


SERVER = os.environ.get("TIEBREAKSERVER")


@pytest.mark.skipif(not SERVER, reason="FIDE's TieBreakServer is not at hand (set TIEBREAKSERVER to its checkout)")
def test_the_recorded_values_are_what_the_reference_prints_now():
    sys.path.insert(0, str(HERE))
    try:
        from run_reference import record
    finally:
        sys.path.remove(str(HERE))
    for path in RECORDS[:: max(1, len(RECORDS) // 5)]:
        data = json.loads(path.read_text())
        fresh = record(Path(SERVER), HERE / data["file"])
        assert fresh["lists"] == data["lists"], path.name
