"""python manage.py perft --variant KEY --depth N [--fen POSITION] [--roll FIRST [--roll2 SECOND]]

Counts the leaf positions ``N`` plies ahead (a finished game has no children) and prints the count as the last
line. ``--roll``/``--roll2`` choose the Random Variant Chess array; ``--fen`` starts from a position string.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from variants.base import IllegalMoveError, InvalidPositionError
from variants.registry import get_engine, variant_keys

MAX_DEPTH = 8


class Command(BaseCommand):
    help = "Count the leaf positions N plies ahead (perft) for a variant, from its start or a given position."
    # Pure computation: no database, URLs or models. Skipping the system checks spares importing every view
    # (REST framework, schema generator), which costs more than a perft 4 of plain chess.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser):
        parser.add_argument("--variant", required=True, help=f"one of: {', '.join(variant_keys())}")
        parser.add_argument("--depth", required=True, help=f"plies to look ahead, 0..{MAX_DEPTH}")
        parser.add_argument("--fen", help="start from this position string instead of the variant's start")
        parser.add_argument("--roll", help="Random Variant Chess: the first roll, e.g. 2-4-4")
        parser.add_argument("--roll2", help="Random Variant Chess: the second roll, if the event uses two")

    def handle(self, *args, variant: str, depth: str, fen: str | None, roll: str | None, roll2: str | None, **options):
        depth_value = _depth(depth)
        try:
            engine_class = get_engine(variant)
        except KeyError as exc:
            raise CommandError(str(exc.args[0])) from None
        except ImportError:
            raise CommandError(f"the {variant} engine is not available in this installation") from None
        if variant != "rvc" and (roll or roll2):
            raise CommandError("--roll and --roll2 apply to --variant rvc only")
        if variant == "rvc" and roll2 and not roll:
            raise CommandError("--roll2 needs --roll (the first roll)")
        options_for_engine = {"roll": roll, "roll2": roll2} if variant == "rvc" and roll else {}
        try:
            if fen is not None:
                engine = engine_class.from_position(fen, **options_for_engine)
            else:
                engine = engine_class.new(**options_for_engine)
            count = engine.perft(depth_value)
        except (InvalidPositionError, IllegalMoveError, ValueError) as exc:
            raise CommandError(_one_line(str(exc))) from None
        self.stdout.write(str(count))


def _depth(text: str) -> int:
    if not text.strip().isdigit():
        raise CommandError(f"--depth must be a whole number 0..{MAX_DEPTH}, not {text!r}")
    value = int(text)
    if value > MAX_DEPTH:
        raise CommandError(f"--depth {value} is too deep; the limit is {MAX_DEPTH}")
    return value


def _one_line(message: str) -> str:
    return " ".join(message.split()) or "invalid input"
