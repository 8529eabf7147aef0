from django.apps import AppConfig

from tournaments import rating_source
from tournaments.signals import record_changed


class RatingsConfig(AppConfig):
    """Ratings across events (issue 28): Glicko-2 per variant, series tables, the player's page. Above tournaments:
    it reads the record and follows it through the hook; tournaments and games never import it."""

    name = "ratings"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The receiver imports models and tasks, so it loads once the apps are ready (as games' own does).
        from ratings.provider import list_ratings
        from ratings.receivers import follow_the_record

        record_changed.connect(follow_the_record, dispatch_uid="ratings.follow_the_record")
        rating_source.register(list_ratings)  # the seeding of an event seeding by the rating list asks here
