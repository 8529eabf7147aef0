"""The table of the login throttle's shared store (Django's database cache) when no CACHE_URL is set.

Django's ``DatabaseCache`` reads and writes this table with its own SQL; it is declared as a model so that
``migrate`` creates it everywhere (a fresh SQLite file, a new PostgreSQL database, the test databases) with the
columns ``createcachetable`` would give it, and so that a test database's flush empties it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

CACHE_TABLE = "accounts_cache"  # settings.CACHES["throttle"]["LOCATION"] without CACHE_URL


class CacheEntry(models.Model):
    cache_key = models.CharField(max_length=255, primary_key=True)
    value = models.TextField()
    expires = models.DateTimeField(db_index=True)

    class Meta:
        db_table = CACHE_TABLE
        verbose_name_plural = "cache entries"

    def __str__(self) -> str:
        return self.cache_key


def new_calendar_key() -> str:
    import secrets

    return secrets.token_urlsafe(24)


class Profile(models.Model):
    """What a person chose about the mail they get and the secret of their calendar URL (issue 23)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    muted = models.JSONField(default=list, blank=True, help_text="The kinds of mail turned off (accounts.notifications)")
    calendar_key = models.CharField(max_length=64, default=new_calendar_key, unique=True)
    confirmed_email = models.EmailField(blank=True, help_text="The address a link mailed to it has confirmed")

    def __str__(self) -> str:
        return f"profile of {self.user}"
