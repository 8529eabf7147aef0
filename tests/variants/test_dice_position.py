"""The start position string the engine parses."""

from __future__ import annotations

from variants.dice import layout
from variants.pieces import BY_SYMBOL


def _parse_rank(rank: str) -> list[str | None]:
    """A reader written independently of the writer: symbols ('+c' is one piece) and decimal runs ('12')."""
    squares: list[str | None] = []
    i = 0
    while i < len(rank):
        if rank[i].isdigit():
            j = i
            while j < len(rank) and rank[j].isdigit():
                j += 1
            squares += [None] * int(rank[i:j])
            i = j
        elif rank[i] == "+":
            squares.append(rank[i : i + 2])
            i += 2
        else:
            squares.append(rank[i])
            i += 1
    return squares


def test_the_standard_start_position_is_as_agreed():
    assert layout("1-1-1").position == "rgcnbqkbncgr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RGCNBQKBNCGR w KQkq - 0 1 4"


def test_horse_forms_are_a_plus_and_a_letter_and_black_is_lower_case():
    position = layout("1-2-5", "3-5-6").position  # shared 5: Horses and horse forms, no adds
    assert position.startswith("r+g+ch")
    assert position.split("/")[7].startswith("R+G+CH")


def test_each_rank_parses_back_to_twelve_squares_naming_the_array():
    result = layout("1-4-5", "4-6-6")
    ranks = result.position.split(" ")[0].split("/")
    assert len(ranks) == 8
    assert all(len(_parse_rank(rank)) == 12 for rank in ranks)
    white = [BY_SYMBOL[symbol].name for symbol in _parse_rank(ranks[7])]
    black = [BY_SYMBOL[symbol.upper()].name for symbol in _parse_rank(ranks[0])]
    assert tuple(white) == tuple(black) == result.names


def test_without_castling_the_rights_and_step_fields_are_dashes():
    assert layout("2-2-2").position.endswith(" w - - 0 1 -")
    assert layout("1-2-3").position.endswith(" w KQkq - 0 1 2")
    assert layout("1-3-4").position.endswith(" w KQkq - 0 1 3")


def test_pawns_promote_to_the_pieces_of_this_games_array_except_the_king():
    assert layout("1-1-1").promotions == ("Rook", "Giraffe", "Camel", "Knight", "Bishop", "Queen")
    assert layout("1-4-5", "3-3-3").promotions == ("Rook", "Horse-Camel", "Horse", "Tiger", "Amazon", "Man")
    assert layout("2-2-6").promotions == ("Rook", "Princess", "Elephant", "Knight", "Bishop", "Queen", "Empress")
