"""python manage.py pair_trf --system dutch FILE.trf: see pairing.dutch.cli (the work is pure Python)."""

from django.core.management.base import BaseCommand, CommandError

from pairing.dutch.cli import PairTrfError, add_arguments, pair_trf


class Command(BaseCommand):
    help = "Pair the next round of a TRF-16 file (XXR, XXC) by the FIDE Dutch system; print it as bbpPairings does."
    requires_system_checks: list[str] = []  # pure computation: no models, URLs or database

    def add_arguments(self, parser) -> None:
        add_arguments(parser)

    def handle(self, *args, **options) -> None:
        try:
            lines = pair_trf(options["system"], options["file"], options["baku"])
        except PairTrfError as exc:
            raise CommandError(str(exc), returncode=exc.status) from None
        self.stdout.write("".join(f"{line}\n" for line in lines), ending="")
