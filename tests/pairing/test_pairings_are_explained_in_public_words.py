"""Pairings explained to everyone (issue 29), without a database: the sentences of each pairing system, the colour
sentence naming the colours the board has, and the event page's paragraph per system."""

from __future__ import annotations

import pytest

from pairing.dutch import DUTCH, SEED_SCHEDULE
from pairing.explain import MATCH, ROUND_ROBIN, Board, Seat, explain, score_text, system_paragraph


def seat(name, number, score, history, due):
    return Seat(name, number, score, history, due)


def test_an_equal_score_group_of_a_dutch_round():
    board = Board(DUTCH, 3, seat("Ann", 1, 2.0, "wb", "w"), seat("Bob", 4, 2.0, "bw", "b"))
    text = explain(board)
    assert text.startswith("Both had 2 points before the round: they meet in that score group")
    assert "Ann has White and Bob Black: Ann (played W B) was due White; Bob (played B W) was due Black." in text
    assert "FIDE colour preferences" in text


def test_a_float_and_a_clash_of_colours_name_the_rule_and_who_won_it():
    board = Board(DUTCH, 3, seat("Cid", 5, 1.5, "bw", "b"), seat("Dee", 2, 2.0, "bw", "b"))
    text = explain(board)
    assert text.startswith("Dee (2 points) floats down to meet Cid (1½): Dee's score group could not be paired")
    assert "Cid (played B W) was due Black but has White" in text
    assert "Both were due Black under FIDE colour preferences" in text and "gets it (Dee)" in text


def test_the_seed_schedule_says_the_gap_the_schedule_and_the_block():
    board = Board(SEED_SCHEDULE, 3, seat("Eve", 3, 150.0, "wb", "b"), seat("Fay", 6, 149.0, "bw", "w"),
                  unit="game points", block=(2, 3, 4))  # fmt: skip
    text = explain(board)
    assert text.startswith("Eve (150 game points) floats down to meet Fay (149): a gap of 1 was the smallest")
    assert "Eve has White and Fay Black" in text and "was due Black but has White" in text
    assert "the seed's schedule (colours change only after odd rounds" in text
    assert text.endswith("Round 3 opens variant block 2 (rounds 3 and 4): within a block each player is meant to play "
                         "its variant once with each colour.")  # fmt: skip


@pytest.mark.parametrize("system", [DUTCH, SEED_SCHEDULE, ROUND_ROBIN, MATCH])
def test_round_one_and_the_schedules_open_the_colour_sentence_with_the_colours(system):
    text = explain(Board(system, 1, seat("Gus", 1, 0.0, "", None), seat("Hal", 5, 0.0, "", None)))
    assert "Gus has White and Hal Black" in text
    assert system_paragraph(system)


def test_scores_in_words_and_the_baku_paragraph():
    assert [score_text(v) for v in (2.5, 0.5, 51.0, 50.75, 0.0)] == ["2½", "½", "51", "50.75", "0"]
    assert "Baku acceleration" in system_paragraph(DUTCH, baku=True)
    assert "Baku" not in system_paragraph(SEED_SCHEDULE, baku=True)
