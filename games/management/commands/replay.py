"""python manage.py replay --variant NAME FILE: replay a recorded game and print how it ended."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from variants.base import IllegalMoveError, InvalidPositionError
from variants.registry import variant_keys


class Command(BaseCommand):
    help = "Replay a game (PGN; Parity Chess: one turn per line) and print the final position and result."

    def add_arguments(self, parser):
        parser.add_argument("--variant", required=True, choices=variant_keys())
        parser.add_argument("file", help="the game file ('-' for standard input)")

    def handle(self, *args, variant: str, file: str, **options):
        from variants.replay import replay

        try:
            if file == "-":
                import sys

                text = sys.stdin.read()
            else:
                with open(file, encoding="utf-8") as handle:
                    text = handle.read()
        except OSError as exc:
            raise CommandError(f"cannot read {file}: {exc.strerror}") from None
        try:
            lines = replay(variant, text)
        except (IllegalMoveError, InvalidPositionError) as exc:
            raise CommandError(str(exc)) from None
        for line in lines:
            self.stdout.write(line)
