"""python manage.py tiebreaks_trf FILE.trf --tiebreaks CODES: see tournaments.tiebreak_trf (the work is pure Python)."""

from django.core.management.base import BaseCommand, CommandError

from tournaments.tiebreak_trf import TiebreaksTrfError, add_arguments, render, tiebreaks_trf


class Command(BaseCommand):
    help = "The standings of a TRF-16 file with FIDE C.07 tie-breaks: rank, points and each tie-break per player."
    requires_system_checks: list[str] = []  # pure computation: no models, URLs or database

    def add_arguments(self, parser) -> None:
        add_arguments(parser)

    def handle(self, *args, **options) -> None:
        try:
            rows = tiebreaks_trf(options["file"], options["tiebreaks"], options["edition"])
        except TiebreaksTrfError as exc:
            raise CommandError(str(exc), returncode=exc.status) from None
        self.stdout.write(render(rows, options["json"]), ending="")
