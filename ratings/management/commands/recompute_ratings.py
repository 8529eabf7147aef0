"""``manage.py recompute_ratings``: forget the rating lists and rebuild them from every rated event's games."""

from django.core.management.base import BaseCommand

from ratings import ledger
from ratings.models import Rating


class Command(BaseCommand):
    help = "Recompute every rating list from scratch from the rated events' final results (history included)."

    def handle(self, *args, **options) -> None:
        periods = ledger.recompute()
        self.stdout.write(f"{periods} rating periods applied; {Rating.objects.count()} ratings.")
