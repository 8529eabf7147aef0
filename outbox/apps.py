from django.apps import AppConfig


class OutboxConfig(AppConfig):
    name = "outbox"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from outbox import runs

        runs.connect()
