"""The Celery app. Without CELERY_BROKER_URL tasks run eagerly in-process (see settings)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("rvchess")
app.config_from_object("django.conf:settings", namespace="CELERY")
if not app.conf.broker_url:
    # No broker configured: tasks run eagerly (settings.CELERY_TASK_ALWAYS_EAGER). Name the in-memory transport so
    # kombu does not warn "No hostname was supplied" whenever a task is queued.
    app.conf.broker_url = "memory://localhost/"
app.autodiscover_tasks()


@app.task(name="config.ping")
def ping() -> str:
    """A no-op task the health check and the worker integration test use to see a real worker answer."""
    return "pong"
