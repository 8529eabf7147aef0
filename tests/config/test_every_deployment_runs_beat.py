"""The periodic tasks every deployment needs (the outbox sender, the flag sweep) are on beat's schedule, name
registered tasks, and the compose file runs exactly one beat that can write its schedule file."""

from __future__ import annotations

from pathlib import Path

import yaml

from config.celery import OUTBOX_SEND_SECONDS, VISIBILITY_TIMEOUT, app
from outbox.sender import HORIZON

ROOT = Path(__file__).resolve().parents[2]


def test_beat_sends_the_outbox_and_sweeps_flags_with_registered_tasks():
    app.loader.import_default_modules()
    scheduled = {entry["task"] for entry in app.conf.beat_schedule.values()}
    assert {"outbox.send_due", "games.sweep_flags"} <= scheduled
    assert scheduled <= set(app.tasks), scheduled - set(app.tasks)


def test_delays_fit_the_redelivery_timeout():
    # A task due later than the horizon waits in the outbox, so no message sits unacknowledged in Redis longer than
    # the visibility timeout (it would be delivered again); the sender runs often enough to catch every horizon.
    assert OUTBOX_SEND_SECONDS * 2 < HORIZON.total_seconds() < VISIBILITY_TIMEOUT
    assert app.conf.broker_transport_options["visibility_timeout"] == VISIBILITY_TIMEOUT <= 120
    assert app.conf.task_acks_late and app.conf.task_reject_on_worker_lost


def test_compose_runs_one_beat_with_a_writable_schedule():
    services = yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]
    beats = [name for name, service in services.items() if " beat" in str(service.get("command", ""))]
    assert beats == ["beat"]
    command = services["beat"]["command"]
    assert "--schedule /tmp/" in command  # the image's /app belongs to root; beat runs as the app user
