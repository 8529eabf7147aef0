"""python manage.py rvc_layout FIRST [SECOND] | --all: the Random Variant Chess array the dice give.

FIRST and SECOND are rolls of three dice 1..6 joined by '-' in any order ('4-2-4'). Output for one roll:
line 1 the twelve piece names on files a..l, line 2 the king's castling step count (4, 3, 2 or none), line 3
the start position string. ``--all`` prints one tab-separated line per first roll alone and per allowed
(first, second) pair: FIRST, SECOND ('-' when none), NAMES, CASTLING. The rules live in :mod:`variants.dice`.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from variants.dice import Layout, all_layouts, layout


def castling_text(result: Layout) -> str:
    return "none" if result.castling is None else str(result.castling)


class Command(BaseCommand):
    help = "Show the Random Variant Chess array for a roll (and second roll), or every array with --all."

    def add_arguments(self, parser):
        parser.add_argument("first", nargs="?", help="first roll, e.g. 2-4-4")
        parser.add_argument("second", nargs="?", help="second roll, e.g. 1-3-5 (events with two rolls)")
        parser.add_argument("--all", action="store_true", help="every first roll and every allowed pair, tab-separated")

    def handle(self, *args, first: str | None = None, second: str | None = None, **options):
        if options["all"]:
            if first or second:
                raise CommandError("--all takes no rolls")
            for result in all_layouts():
                names = " ".join(result.names)
                self.stdout.write(f"{result.first}\t{result.second or '-'}\t{names}\t{castling_text(result)}")
            return
        if not first:
            raise CommandError("give a roll such as 2-4-4 (and optionally a second roll), or --all")
        try:
            result = layout(first, None if second in (None, "-") else second)
        except ValueError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(" ".join(result.names))
        self.stdout.write(castling_text(result))
        self.stdout.write(result.position)
