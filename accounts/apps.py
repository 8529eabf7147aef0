from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The receivers that make the token check's shared cache forget a deleted token or a changed account.
        from accounts import token_cache  # noqa: F401
