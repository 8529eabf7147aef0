"""The dice of Random Variant Chess (seed 002): from one or two rolls of three dice to the starting array.

A roll is three dice, written ``"2-4-4"`` (any order on input, ascending when normalised). :func:`layout` turns a
first roll and an optional second roll into a :class:`Layout`: White's back rank on files a..l (Black mirrors it
on rank 8), the king's castling step count and the start position string the engine parses.

Every rule below quotes its paragraph in docs/rules/random-variant-chess.md, which also records the readings of
the seed's typos and of what it leaves open. The array is built as *slots* that keep the order of the standard
array (Rook, Giraffe, Camel, Knight, Bishop, Queen, [added pieces], King, Bishop, Knight, Camel, Giraffe, Rook):
replacing a piece changes a slot, adding Men/Elephants fills the middle, and removing the Giraffes (and Camels)
empties their slots, so the remaining pieces close ranks towards the edges ("displaced outwards").
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, replace

from variants.pieces import PIECES

FILES = "abcdefghijkl"

# One roll's kind.
THREE_ALIKE = "three-alike"
SINGLE_SMALLER = "single-smaller"  # a pair and a single, the single number smaller
PAIR_SMALLER = "pair-smaller"  # a pair and a single, the paired number smaller
THREE_DIFFERENT = "three-different"

Side = tuple[str, str]  # (queen's side piece, king's side piece) for a pair of slots

# First roll of three alike: what each number replaces ("If all three numbers on the dice are identical ...").
# slot -> piece; the Rooks, Bishops and Queen are the only slots these rolls touch.
_THREE_ALIKE: dict[int, dict[str, str]] = {
    1: {},
    2: {"queen": "Empress", "rook": "Princess"},
    3: {"queen": "Amazon"},
    4: {"queen": "Fers", "bishop": "Elephant"},
    5: {"queen": "Griffin"},
    6: {"queen": "Rhinoceros"},
}

# "If the number that appears once is smaller than the number in the pair": single -> Camels, pair -> Giraffes.
_SINGLE_SMALLER_SINGLE = {1: "Fers", 2: "Wazir", 3: "Man", 4: "Zebra", 5: "Tiger"}
_SINGLE_SMALLER_PAIR = {2: "Wazir", 3: "Man", 4: "Zebra", 5: "Tiger", 6: "Cannon"}
# "If the paired number is smaller than the number that is the singlet": pair -> Camels, single -> Giraffes.
_PAIR_SMALLER_PAIR = {1: "Walker", 2: "Elephant", 3: "Star", 4: "Tiger", 5: "Catapult"}
_PAIR_SMALLER_SINGLE = {2: "Elephant", 3: "Star", 4: "Tiger", 5: "Catapult"}
# "6: Princess replaces Queen's Giraffe, Empress replaces King's Giraffe" -- the one asymmetric replacement.
_SIX_SINGLE_GIRAFFES: Side = ("Princess", "Empress")

# Three different numbers: "5 Replace the Knights by Horses, and (if present) the Camels by Horse-Camels and the
# Giraffes by Horse-Giraffes"; the Zebra -> Horse-Zebra change comes from the second-roll paragraphs.
_HORSE_FORMS = {"Knight": "Horse", "Camel": "Horse-Camel", "Giraffe": "Horse-Giraffe", "Zebra": "Horse-Zebra"}


def parse_roll(text: str) -> tuple[int, int, int]:
    """``"4-2-4"`` -> ``(2, 4, 4)``: three dice 1..6 joined by '-', in any order; ValueError with a one-line reason."""
    if not isinstance(text, str):
        raise ValueError(f"a roll is text such as '2-4-4', not {type(text).__name__}")
    parts = text.strip().split("-")
    if len(parts) != 3:
        raise ValueError(f"roll {text!r} must be three dice joined by '-', e.g. '2-4-4'")
    dice = []
    for part in parts:
        part = part.strip()
        if not part.isascii() or not part.isdigit():
            raise ValueError(f"roll {text!r}: {part!r} is not a die number 1..6")
        value = int(part)
        if not 1 <= value <= 6:
            raise ValueError(f"roll {text!r}: a die shows 1..6, not {value}")
        dice.append(value)
    low, mid, high = sorted(dice)
    return (low, mid, high)


def format_roll(dice: tuple[int, int, int]) -> str:
    """``(4, 2, 4)`` -> ``"2-4-4"`` (ascending)."""
    return "-".join(str(d) for d in sorted(dice))


def roll_kind(dice: tuple[int, int, int]) -> str:
    """THREE_ALIKE, SINGLE_SMALLER, PAIR_SMALLER or THREE_DIFFERENT for a sorted roll."""
    low, mid, high = sorted(dice)
    if low == high:
        return THREE_ALIKE
    if low == mid:
        return PAIR_SMALLER
    if mid == high:
        return SINGLE_SMALLER
    return THREE_DIFFERENT


def _single_and_pair(dice: tuple[int, int, int]) -> tuple[int, int]:
    low, mid, high = sorted(dice)
    return (high, low) if low == mid else (low, high)


@dataclass(frozen=True)
class _Array:
    """White's back rank as slots in the standard order; ``None`` slots were removed from the board."""

    rook: Side = ("Rook", "Rook")
    giraffe: Side | None = ("Giraffe", "Giraffe")
    camel: Side | None = ("Camel", "Camel")
    knight: Side = ("Knight", "Knight")
    bishop: Side = ("Bishop", "Bishop")
    queen: str = "Queen"
    added: tuple[str, ...] = ()  # between the Queen and the King
    king: str = "King"

    def names(self) -> tuple[str, ...]:
        queen_side = [self.rook[0], self.giraffe and self.giraffe[0], self.camel and self.camel[0]]
        king_side = [self.camel and self.camel[1], self.giraffe and self.giraffe[1], self.rook[1]]
        row = [
            *queen_side,
            self.knight[0],
            self.bishop[0],
            self.queen,
            *self.added,
            self.king,
            self.bishop[1],
            self.knight[1],
            *king_side,
        ]
        return tuple(name for name in row if name)

    def castling(self) -> int | None:
        # "When the Rooks are replaced by Princesses, Castling is not available." Cannons castle like Rooks.
        if "Princess" in self.rook:
            return None
        # Standard 4; one kind of piece added: 3; both kinds added: 2.
        return {0: 4, 2: 3, 4: 2}[len(self.added)]

    def horse_forms(self) -> _Array:
        """Action 5: Knights, Camels, Giraffes and Zebras become their lame horse forms, wherever they stand."""
        return replace(
            self,
            knight=_renamed(self.knight, _HORSE_FORMS),
            camel=self.camel and _renamed(self.camel, _HORSE_FORMS),
            giraffe=self.giraffe and _renamed(self.giraffe, _HORSE_FORMS),
        )

    def zebras_to_horse_zebras(self) -> _Array:
        """ "if the second roll introduces a Zebra to the board, that Zebra becomes a Horse-Zebra"."""
        only_zebras = {"Zebra": "Horse-Zebra"}
        return replace(
            self,
            camel=self.camel and _renamed(self.camel, only_zebras),
            giraffe=self.giraffe and _renamed(self.giraffe, only_zebras),
        )


def _renamed(side: Side, mapping: dict[str, str]) -> Side:
    return (mapping.get(side[0], side[0]), mapping.get(side[1], side[1]))


STANDARD = _Array()


def _both(name: str) -> Side:
    return (name, name)


def _three_alike(number: int, array: _Array, keep: frozenset[str] = frozenset()) -> _Array:
    """Apply a roll of three ``number``s, leaving the slots in ``keep`` untouched."""
    changes = {slot: piece for slot, piece in _THREE_ALIKE[number].items() if slot not in keep}
    if "queen" in changes:
        array = replace(array, queen=changes["queen"])
    if "rook" in changes:
        array = replace(array, rook=_both(changes["rook"]))
    if "bishop" in changes:
        array = replace(array, bishop=_both(changes["bishop"]))
    return array


def _pair_single_pieces(dice: tuple[int, int, int]) -> tuple[Side, Side]:
    """The (Camels, Giraffes) replacements that a pair-and-single roll indicates."""
    single, pair = _single_and_pair(dice)
    if single < pair:
        return _both(_SINGLE_SMALLER_SINGLE[single]), _both(_SINGLE_SMALLER_PAIR[pair])
    giraffes = _SIX_SINGLE_GIRAFFES if single == 6 else _both(_PAIR_SMALLER_SINGLE[single])
    return _both(_PAIR_SMALLER_PAIR[pair]), giraffes


def _matching_piece(first: tuple[int, int, int], second: tuple[int, int, int]) -> Side | None:
    """Two pair-and-single rolls of the same kind: the piece of the number both rolls share in the same role."""
    single1, pair1 = _single_and_pair(first)
    single2, pair2 = _single_and_pair(second)
    camels, giraffes = _pair_single_pieces(first)
    if single1 == single2:
        return camels if single1 < pair1 else giraffes
    if pair1 == pair2:
        return giraffes if single1 < pair1 else camels
    return None


def _actions(numbers: set[int], array: _Array = STANDARD) -> _Array:
    """The actions of three different numbers (or of any subset of 1..6 when a second roll filters them)."""
    men, elephants = 1 in numbers, 2 in numbers
    if men and elephants:
        # "both the Giraffes and the Camels are removed ... Man, Elephant, Elephant, Man"
        array = replace(array, giraffe=None, camel=None, added=("Man", "Elephant", "Elephant", "Man"))
    elif men or elephants:
        # "two of that piece are added to the board between the Queen and the King, and the Giraffes are removed"
        array = replace(array, giraffe=None, added=_both("Man" if men else "Elephant"))
    if 3 in numbers:
        array = replace(array, rook=_both("Cannon"))
    if 4 in numbers:
        array = replace(array, bishop=_both("Tiger"))
    if 5 in numbers:
        array = array.horse_forms()
    if 6 in numbers:
        array = replace(array, queen="Griffin")
    return array


def _first_roll(dice: tuple[int, int, int]) -> _Array:
    kind = roll_kind(dice)
    if kind == THREE_ALIKE:
        return _three_alike(dice[0], STANDARD)
    if kind == THREE_DIFFERENT:
        return _actions(set(dice))
    camels, giraffes = _pair_single_pieces(dice)
    return replace(STANDARD, camel=camels, giraffe=giraffes)


def _second_after_pair(first: tuple[int, int, int], second: tuple[int, int, int]) -> _Array:
    """First roll a pair and a single: "the second roll modifies the variant indicated by the first roll"."""
    array = _first_roll(first)
    kind1, kind2 = roll_kind(first), roll_kind(second)
    if kind2 == THREE_ALIKE:
        # "the modifications of the layout which they indicate are to be made in addition"
        return _three_alike(second[0], array)
    if kind2 == THREE_DIFFERENT:
        # "the numbers 1 and 2 ... cause no action ... 3, 4, 5, and 6, indicate actions"; with a 5, Zebras become
        # Horse-Zebras (the horse-form action covers them).
        return _actions(set(second) - {1, 2}, array)
    if kind1 == kind2:
        if first == second:
            # "if the second roll is identical to the first roll, the effect would be the same, as if the second
            # roll were ignored"
            return array
        piece = _matching_piece(first, second)
        if piece is None:
            return array  # "the second roll is ignored"
        # "only the piece indicated by the matching number is added ... it will always replace the Giraffes"
        return replace(STANDARD, giraffe=piece)
    # "the first roll is used to indicate which piece replaces the Giraffes, and the second roll is used to indicate
    # which piece replaces the Camels"
    camels, _ = _pair_single_pieces(second)
    return replace(array, camel=camels)


def _second_after_different(first: tuple[int, int, int], second: tuple[int, int, int]) -> _Array:
    """First roll three different: "the layout indicated by that roll is modified by the second roll"."""
    numbers = set(first)
    if roll_kind(second) == THREE_DIFFERENT:
        # "only those modifications ... indicated by numbers that appear in both the first roll and the second roll"
        return _actions(numbers & set(second))
    array = _actions(numbers)
    if roll_kind(second) == THREE_ALIKE:
        # "If the first roll contained a 3, 4, or 6, then anything in the second roll that indicates another
        # replacement for the piece these numbers have caused to be replaced is to be ignored."
        keep = frozenset(slot for n, slot in ((3, "rook"), (4, "bishop"), (6, "queen")) if n in numbers)
        return _three_alike(second[0], array, keep)
    camels, giraffes = _pair_single_pieces(second)
    men, elephants = 1 in numbers, 2 in numbers
    if men and elephants:
        return array  # "the second roll indicates that the Camels or Giraffes are to be replaced ... ignored"
    if not (men or elephants):
        array = replace(array, camel=camels, giraffe=giraffes)
    elif not ((men and camels == _both("Man")) or (elephants and camels == _both("Elephant"))):
        # "If it includes only one of 1 or 2 ... Giraffes are to be replaced, that modification is to be ignored",
        # and Camels -> Men after a 1 (Camels -> Elephants after a 2) likewise.
        array = replace(array, camel=camels)
    if 5 in numbers:
        # "if the second roll introduces a Zebra to the board, that Zebra becomes a Horse-Zebra"
        array = array.zebras_to_horse_zebras()
    return array


@dataclass(frozen=True)
class Layout:
    """The starting array a roll (or two) gives. Black mirrors White's back rank on rank 8."""

    first: str  # normalised, ascending: "2-4-4"
    second: str | None
    names: tuple[str, ...]  # 12 catalogue names, files a..l, White's back rank
    castling: int | None  # king step count 4, 3 or 2; None when castling is unavailable

    @property
    def symbols(self) -> tuple[str, ...]:
        """White's catalogue symbols a..l (``"+C"`` for a Horse-Camel)."""
        return tuple(PIECES[name].symbol for name in self.names)

    @property
    def promotions(self) -> tuple[str, ...]:
        """What a pawn may promote to: the pieces of this array except the King, first appearance a..l.

        The seed is silent on promotion; docs/rules/random-variant-chess.md records the team's reading.
        """
        return tuple(dict.fromkeys(name for name in self.names if name != "King"))

    @property
    def king_file(self) -> str:
        return FILES[self.names.index("King")]

    @property
    def position(self) -> str:
        """The start position string: ranks 8..1, files a..l, then ``w KQkq|- - 0 1 <steps|->``."""
        white = "".join(self.symbols)
        black = "".join(symbol.lower() for symbol in self.symbols)
        ranks = [black, "p" * 12, "12", "12", "12", "12", "P" * 12, white]
        rights = "-" if self.castling is None else "KQkq"
        steps = "-" if self.castling is None else str(self.castling)
        return f"{'/'.join(ranks)} w {rights} - 0 1 {steps}"

    @property
    def rolls(self) -> str:
        """``"2-4-4"`` or ``"2-4-4 5-2-2"`` for display."""
        return self.first if self.second is None else f"{self.first} {self.second}"


def layout(first: str, second: str | None = None) -> Layout:
    """The array for ``first`` (and ``second``, when the event uses two rolls). ValueError for bad input."""
    dice1 = parse_roll(first)
    if second is None:
        array = _first_roll(dice1)
        return Layout(format_roll(dice1), None, array.names(), array.castling())
    dice2 = parse_roll(second)
    kind1 = roll_kind(dice1)
    if kind1 == THREE_ALIKE:
        raise ValueError(
            f"first roll {format_roll(dice1)} is three alike: the dice are not rolled a second time, so no second roll"
        )
    rules = _second_after_different if kind1 == THREE_DIFFERENT else _second_after_pair
    array = rules(dice1, dice2)
    return Layout(format_roll(dice1), format_roll(dice2), array.names(), array.castling())


def first_rolls() -> list[str]:
    """The 56 distinct first rolls, ascending."""
    return [format_roll(dice) for dice in itertools.combinations_with_replacement(range(1, 7), 3)]


def second_roll_allowed(first: str) -> bool:
    """False for three alike: "the dice are not rolled a second time"."""
    return roll_kind(parse_roll(first)) != THREE_ALIKE


def all_layouts() -> Iterator[Layout]:
    """Every distinct first roll alone (56) and every allowed (first, second) pair (50 x 56), in ascending order:
    by first roll, the roll alone before its pairs, then by second roll (so the lines of ``rvc_layout --all``
    come out as ``LC_ALL=C sort`` would order them: ``-`` sorts before any digit)."""
    for first in first_rolls():
        yield layout(first)
        if second_roll_allowed(first):
            for second in first_rolls():
                yield layout(first, second)
