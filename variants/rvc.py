"""Random Variant Chess (seed 002) on the generic fairy engine: the 12x8 board, the array the dice give.

Options: ``roll`` (first roll, e.g. ``"2-4-4"``) and ``roll2`` (optional second roll). The array and the king's
castling step count come from :func:`variants.dice.layout`; a pawn promotes to any piece of its side's starting
array except King and Pawn. Readings: docs/rules/random-variant-chess-play.md.
"""

from __future__ import annotations

from variants.base import InvalidPositionError
from variants.draw import ROLLS, DiceStart, Draw
from variants.fairy.engine import FairyEngine
from variants.terminations import CHESS_LIKE, OFF_BOARD

NAME = "Random Variant Chess"


def _layout(roll: object, roll2: object):
    from variants import dice

    if not isinstance(roll, str) or (roll2 is not None and not isinstance(roll2, str)):
        raise InvalidPositionError("rolls are text such as '2-4-4'")
    try:
        return dice.layout(roll, roll2 or None)
    except ValueError as exc:
        raise InvalidPositionError(str(exc)) from None


def _promotions(names: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(n for n in names if n not in ("King", "Pawn")))


class RandomVariantEngine(FairyEngine):
    key = "rvc"
    name = NAME
    files = 12
    ranks = 8
    endings = CHESS_LIKE | OFF_BOARD
    pgn_variant = NAME
    rolled = True
    dice_draws = (
        Draw("rvc-one-roll", f"{NAME}, one roll", short="rvc1", options={ROLLS: 1}),
        Draw("rvc-two-rolls", f"{NAME}, two rolls", short="rvc2", options={ROLLS: 2}),
    )
    default_steps = 4
    writes_steps = True

    roll: str | None = None
    roll2: str | None = None

    @classmethod
    def start_options(cls, first_roll: str = "", second_roll: str = "") -> dict[str, object]:
        # An empty roll is left out, never passed on: the engine reads "" as a malformed roll, and a position
        # without rolls is read with the pieces on its board as the promotion pieces.
        return {option: roll for option, roll in (("roll", first_roll), ("roll2", second_roll)) if roll}

    @classmethod
    def read_roll(cls, text: object) -> str:
        from variants import dice

        dice.parse_roll(text)  # type: ignore[arg-type]
        return "-".join(str(int(part)) for part in str(text).strip().split("-"))

    @classmethod
    def second_roll_possible(cls, first: str) -> bool:
        from variants import dice

        return dice.second_roll_allowed(first)

    @classmethod
    def dice_start(cls, first: str, second: str | None = None) -> DiceStart:
        from variants import dice

        array = dice.layout(first, second)
        return DiceStart(array.first, array.second, tuple(array.names), array.castling, array.position)

    @classmethod
    def start_rolls(cls, options: dict[str, object]) -> tuple[str, str]:
        return (str(options.get("roll") or ""), str(options.get("roll2") or ""))

    @classmethod
    def new(cls, roll: str = "1-1-1", roll2: str | None = None, **options: object) -> RandomVariantEngine:
        layout = _layout(roll, roll2)
        engine = cls.build(layout.position, _promotions(layout.names))
        engine.roll, engine.roll2 = layout.first, layout.second
        engine._standard = layout.position
        return engine

    @classmethod
    def from_position(
        cls, position: str, roll: str | None = None, roll2: str | None = None, **options: object
    ) -> RandomVariantEngine:
        if roll is None:
            engine = cls.build(position)
            engine._standard = None
            return engine
        layout = _layout(roll, roll2)
        engine = cls.build(position, _promotions(layout.names))
        engine.roll, engine.roll2 = layout.first, layout.second
        engine._standard = layout.position
        return engine

    @classmethod
    def from_tags(cls, tags: dict[str, str]) -> RandomVariantEngine:
        # Our engine writes Roll/Roll2; an event's PGN export writes FirstRoll/SecondRoll and, for a FEN of the six
        # standard fields, the castling step count (our seventh field) in CastlingSteps: both read back.
        roll = tags.get("Roll") or tags.get("FirstRoll") or None
        roll2 = tags.get("Roll2") or tags.get("SecondRoll") or None
        if "FEN" in tags:
            fen = tags["FEN"]
            if len(fen.split()) == 6 and tags.get("CastlingSteps"):
                fen = f"{fen} {tags['CastlingSteps']}"
            return cls.from_position(fen, roll=roll, roll2=roll2)
        if roll is None:
            raise InvalidPositionError("the PGN needs a Roll tag (or a FEN tag) to set up the array")
        return cls.new(roll=roll, roll2=roll2)

    def standard_start(self) -> str | None:
        return getattr(self, "_standard", None)

    def variant_tags(self) -> dict[str, str]:
        tags = super().variant_tags()
        if self.roll:
            tags["Roll"] = self.roll
        if self.roll2:
            tags["Roll2"] = self.roll2
        return tags
