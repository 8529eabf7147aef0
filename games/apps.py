from django.apps import AppConfig

from tournaments.signals import record_changed


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The one hook from the tournaments app (docs/architecture.md). The receivers module imports models, so
        # it is loaded here, once the app registry is ready.
        from games.receivers import on_record_changed

        record_changed.connect(on_record_changed, dispatch_uid="games.on_record_changed")
        from games import mail  # the mails of play (issue 23)

        record_changed.connect(mail.on_record_changed, dispatch_uid="games.mail.on_record_changed")
