"""A task completed by a real Celery worker over the configured broker (run by .ci/run)."""

from __future__ import annotations

import pytest


@pytest.mark.worker
def test_real_worker_completes_a_task():
    from django.conf import settings

    from config.celery import ping

    assert settings.CELERY_BROKER_URL, "worker tests need CELERY_BROKER_URL"
    result = ping.apply_async(queue=settings.CELERY_TASK_DEFAULT_QUEUE)
    assert result.get(timeout=30) == "pong"
