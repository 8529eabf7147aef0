"""A broker the outbox tests control: up (sends are recorded) or down (sends fail as kombu's do)."""

from __future__ import annotations

import pytest
from kombu.exceptions import OperationalError

from config.celery import app


class FakeBroker:
    def __init__(self) -> None:
        self.up = True
        self.sent: list[dict] = []

    def publish(self, task, now) -> None:
        if not self.up:
            raise OperationalError("Error 111 connecting to 127.0.0.1:6399. Connection refused.")
        eta = task.due if task.due is not None and task.due > now else None
        self.sent.append({"name": task.name, "args": list(task.args), "task_id": str(task.task_id), "eta": eta})

    def names(self) -> list[str]:
        return [s["name"] for s in self.sent]


@pytest.fixture
def broker(monkeypatch):
    """Tasks go to the (fake) broker instead of running eagerly, as they do with CELERY_BROKER_URL set."""
    fake = FakeBroker()
    monkeypatch.setattr("outbox.sender.publish", fake.publish)
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = False
    yield fake
    app.conf.task_always_eager = previous
