"""TRF-16 with XXR/XXC/XXP/XXA: files are read and written back unchanged, and every fault is one line that names
the line and the column (1-based, as FIDE's annex counts them), with nothing paired."""

from __future__ import annotations

from pathlib import Path

import pytest

from pairing.dutch import pair_dutch
from pairing.trf import TrfError, parse_trf, played_rounds, state_before_round, write_trf

FIXTURE = Path(__file__).resolve().parent / "dutch_fixtures" / "t01.trf"


def _fixture() -> str:
    return FIXTURE.read_bytes().decode("utf-8")  # as stored: CR LF line ends


def _before_round_3(absences: bool = True) -> str:
    tournament = state_before_round(parse_trf(_fixture(), for_pairing=False), 3)
    if not absences:
        for player in tournament.players:
            player.rounds = player.rounds[:2]
    return write_trf(tournament)


def _lines(text: str) -> list[str]:
    return text.replace("\r\n", "\n").split("\n")


def _player_line(lines: list[str], number: int) -> int:
    return next(i for i, line in enumerate(lines) if line.startswith("001") and int(line[4:8]) == number)


def _refusal(lines: list[str]) -> TrfError:
    with pytest.raises(TrfError) as caught:
        parse_trf("\r\n".join(lines))
    assert "\n" not in str(caught.value)
    return caught.value


def test_a_file_written_by_us_reads_back_to_the_same_text():
    text = _fixture()
    assert write_trf(parse_trf(text, for_pairing=False)) == text


def test_the_state_before_a_round_keeps_absences_entered_for_it_and_pairs_the_same_after_a_round_trip():
    before = state_before_round(parse_trf(_fixture(), for_pairing=False), 3)
    assert played_rounds(before) == 2
    absent = [p.number for p in before.players if len(p.rounds) == 3]
    assert absent and all(not p.rounds[2].paired for p in before.players if p.number in absent)
    again = parse_trf(write_trf(before))
    assert pair_dutch(again) == pair_dutch(before)


def test_a_player_twice_is_refused_at_the_second_line():
    lines = _lines(_before_round_3())
    first = _player_line(lines, 5)
    lines.insert(first + 3, lines[first])
    fault = _refusal(lines)
    assert (fault.line, fault.column) == (first + 4, 5)
    assert "appears twice" in fault.reason and f"line {first + 1}" in fault.reason


def test_a_result_code_outside_the_standard_is_refused_at_its_column():
    lines = _lines(_before_round_3())
    row = _player_line(lines, 7)
    lines[row] = lines[row][:108] + "X" + lines[row][109:]  # round 2's result is column 109
    fault = _refusal(lines)
    assert (fault.line, fault.column) == (row + 1, 109)
    assert "'X' is not a TRF-16 code" in fault.reason


def test_rounds_beyond_xxr_are_refused_where_they_start():
    lines = _lines(_before_round_3())
    xxr = next(i for i, line in enumerate(lines) if line.startswith("XXR"))
    lines[xxr] = "XXR 1"
    fault = _refusal(lines)
    assert fault.column == 102 and "round 2 is beyond XXR 1" in fault.reason and f"line {xxr + 1}" in fault.reason


def test_a_file_with_every_round_already_paired_has_nothing_to_pair():
    lines = _lines(_before_round_3(absences=False))
    xxr = next(i for i, line in enumerate(lines) if line.startswith("XXR"))
    lines[xxr] = "XXR 2"
    fault = _refusal(lines)
    assert (fault.line, fault.column) == (xxr + 1, 5) and "already paired" in fault.reason


def test_a_missing_xxr_is_refused_because_pairing_needs_the_number_of_rounds():
    lines = [line for line in _lines(_before_round_3()) if not line.startswith("XXR")]
    assert "no XXR or 142 line" in _refusal(lines).reason


@pytest.mark.parametrize(("shift_at", "expected_column"), [(91, 92), (89, 90)])
def test_a_round_block_out_of_place_is_refused_at_the_first_wrong_column(shift_at, expected_column):
    lines = _lines(_before_round_3())
    row = _player_line(lines, 9)
    lines[row] = lines[row][:shift_at] + " " + lines[row][shift_at:]  # everything after moves one column right
    fault = _refusal(lines)
    assert fault.line == row + 1 and fault.column >= expected_column


def test_points_that_do_not_add_up_are_refused_at_column_81():
    lines = _lines(_before_round_3())
    row = _player_line(lines, 2)
    points = float(lines[row][80:84])
    lines[row] = lines[row][:80] + f"{points + 1:4.1f}" + lines[row][84:]
    fault = _refusal(lines)
    assert (fault.line, fault.column) == (row + 1, 81) and "results add up to" in fault.reason


def test_an_opponent_who_does_not_name_the_player_back_is_refused():
    lines = _lines(_before_round_3())
    row = _player_line(lines, 3)
    opponent = int(lines[row][91:95])
    other = next(n for n in range(1, 10) if n not in (3, opponent))
    lines[row] = lines[row][:91] + f"{other:>4}" + lines[row][95:]
    fault = _refusal(lines)
    assert fault.column == 92 and "does not name" in fault.reason


def test_tournament_points_of_other_systems_and_accelerations_are_read():
    text = _before_round_3() + "BBW  3.0\r\nBBD  1.0\r\n"
    with pytest.raises(TrfError, match="column 81"):  # the points in the file are 1-½-0 points
        parse_trf(text)
    tournament = parse_trf(_before_round_3() + "XXA    1  1.0  1.0  1.0\r\n")
    assert tournament.accelerations == {1: [10, 10, 10]}


# --- TRF-2026: 142 (number of rounds) and 152 (initial colour), as bbpPairings reads them ---------------------------


def _trf_2026(text: str, rounds: str = "142 9", colour: str = "152 W") -> list[str]:
    lines = [line for line in _lines(text) if not line.startswith(("XXR", "XXC"))]
    return [lines[0], rounds, colour, *lines[1:]]


def test_142_and_152_give_the_rounds_and_the_initial_colour_as_xxr_and_xxc_do():
    with_xxr = parse_trf(_before_round_3())
    trf_2026 = parse_trf("\r\n".join(_trf_2026(_before_round_3())))
    assert (trf_2026.total_rounds, trf_2026.initial_colour) == (with_xxr.total_rounds, with_xxr.initial_colour) == (9, "w")
    assert pair_dutch(trf_2026) == pair_dutch(with_xxr)


def test_a_trf_2026_file_is_written_back_with_its_142_and_152_in_place():
    lines = _trf_2026(_before_round_3())
    text = "\r\n".join(lines)
    again = write_trf(parse_trf(text))
    assert again == text and "XXR" not in again and "XXC" not in again


def test_a_142_that_contradicts_xxr_and_a_bad_152_are_refused_where_they_stand():
    lines = _lines(_before_round_3())
    xxr = next(i for i, line in enumerate(lines) if line.startswith("XXR"))
    fault = _refusal([*lines[: xxr + 1], "142 7", *lines[xxr + 1 :]])
    assert (fault.line, fault.column) == (xxr + 2, 5) and "142 7 contradicts 9 rounds" in fault.reason
    fault = _refusal(_trf_2026(_before_round_3(), colour="152 X"))
    assert (fault.line, fault.column) == (3, 5) and "must be W or B" in fault.reason
    fault = _refusal(_trf_2026(_before_round_3(), rounds="142 1"))
    assert "beyond 142 1" in fault.reason and "line 2" in fault.reason
