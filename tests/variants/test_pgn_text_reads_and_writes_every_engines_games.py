"""variants.pgn_text: the one PGN reader and writer of the chess, rvc, reach, twilight and sscc engines."""

import pytest

from variants.pgn_text import PgnError, read, write


def test_tags_on_one_line_as_the_seeds_print_them_and_variant_move_words():
    game = read('[Date "2009.06.06"] [Result "1-0"] [Variant "Twilight Chess"]\n1. Nf3 h7@P 2. b1@N d5 1-0')
    assert game.tags == {"Date": "2009.06.06", "Result": "1-0", "Variant": "Twilight Chess"}
    assert game.words == ["Nf3", "h7@P", "b1@N", "d5"]


def test_move_numbers_glued_annotations_nags_comments_and_variations_are_skipped():
    game = read("1.e4!? {a comment; with a semicolon}\ne5 ; to the end of the line\n2. c3!!/S $3 (2. d4) 2...d4/S *")
    assert game.words == ["e4", "e5", "c3/S", "d4/S"]
    assert game.result == "*"


def test_reading_stops_at_the_result_and_at_the_next_games_tags():
    assert read("1. e4 e5 1-0 2. Nf3").words == ["e4", "e5"]
    two_games = read('[Event "one"]\n\n1. e4 *\n\n[Event "two"]\n\n1. d4 *\n')
    assert two_games.tags["Event"] == "one"
    assert two_games.words == ["e4"]


def test_the_movetext_result_stands_in_for_a_missing_result_tag():
    assert read("1. f3 e5 2. g4 Qh4# 0-1").tags == {"Result": "0-1"}
    assert read('[Result "1-0"]\n1. e4 *').tags["Result"] == "1-0"


def test_an_empty_text_is_an_empty_game():
    assert read("").empty
    assert read("% an escaped line\n").empty
    assert not read("*").empty


@pytest.mark.parametrize("text", ["1. e4 {never closed", '[Event "no closing quote]\n1. e4 *'])
def test_an_unclosed_comment_or_a_broken_tag_is_a_one_line_error(text):
    with pytest.raises(PgnError) as caught:
        read(text)
    assert "\n" not in str(caught.value)


def test_write_puts_the_seven_tag_roster_first_escapes_values_and_reads_back():
    moves = ["e4", "e5", "Nf3", "Nc6"] * 20
    text = write({"Variant": "Chess", "White": 'Ann "the Rook"'}, moves, "*", first_fullmove=3, black_first=True)
    lines = text.splitlines()
    assert [line.split()[0] for line in lines[:8]] == [
        "[Event",
        "[Site",
        "[Date",
        "[Round",
        "[White",
        "[Black",
        "[Result",
        "[Variant",
    ]
    assert all(len(line) < 80 for line in lines)
    assert lines[9].startswith("3... e4 4. e5")
    again = read(text)
    assert again.tags["White"] == 'Ann "the Rook"'
    assert again.words == moves
