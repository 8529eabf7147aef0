from django.apps import AppConfig

from tournaments.signals import result_final


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The one hook from the tournaments app (docs/architecture.md). The receivers module imports models, so
        # it is loaded here, once the app registry is ready.
        from games.receivers import stop_play_on_final_result

        result_final.connect(stop_play_on_final_result, dispatch_uid="games.stop_play_on_final_result")
