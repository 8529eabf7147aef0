"""The Celery app. Without CELERY_BROKER_URL tasks run eagerly in-process (see settings).

How tasks survive a lost worker or broker (docs/security.md, "Faults"):

* Acknowledged late, rejected (so requeued) when the worker process dies: a task is removed from the broker only
  once it has finished. Every task is safe to run again: each names its target (the round number, the game, the
  event) and refuses stale work, and a task that writes does it in one transaction.
* Redis hands a message to another worker when the worker that took it has not acknowledged it within the
  visibility timeout. Kombu's default is an hour, so a task killed with its worker (SIGKILL, a lost machine) ran
  again an hour later; here it is a minute, and the unacknowledged messages are looked at every ten seconds.
  Hence no task may run longer than a minute, and none is sent with an eta further out than that: the outbox
  (``outbox``) keeps tasks due later in the database and sends each shortly before it is due.
* Beat runs the periodic tasks every deployment needs: sending waiting outbox tasks (whatever could not reach the
  broker when it was recorded) and the flag sweep (a game whose flag fell is ended even if its own flag check
  was lost). docker-compose.yml runs beat; ``celery -A config worker --beat`` embeds it in a single worker.
* Beat also sends a heartbeat every ten seconds, which a worker runs: /healthz names a beat or a worker that is
  down within half a minute, whether or not other tasks wait (config.heartbeats).
"""

import logging
import os

from celery import Celery
from celery.signals import after_task_publish

from config.heartbeats import INTERVAL, note_ran, note_sent

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

VISIBILITY_TIMEOUT = 60  # seconds before a message taken by a worker that vanished is delivered again
OUTBOX_SEND_SECONDS = 5.0  # period of outbox.send_due (well under outbox.sender.HORIZON)
FLAG_SWEEP_SECONDS = 30.0  # period of games.sweep_flags
MAIL_SEND_SECONDS = 30.0  # period of outbox.send_waiting_mail (mails a mail server that was down did not take)
HEARTBEAT_SECONDS = INTERVAL  # period of config.heartbeat (config.heartbeats)

app = Celery("rvchess")
app.config_from_object("django.conf:settings", namespace="CELERY")
if not app.conf.broker_url:
    # No broker configured: tasks run eagerly (settings.CELERY_TASK_ALWAYS_EAGER). Name the in-memory transport so
    # kombu does not warn "No hostname was supplied" whenever a task is queued.
    app.conf.broker_url = "memory://localhost/"
app.conf.task_acks_late = True
app.conf.task_reject_on_worker_lost = True
app.conf.broker_transport_options = {
    "visibility_timeout": VISIBILITY_TIMEOUT,
    "unacked_restore_interval": 10,  # look for messages of vanished workers every 10 s ...
    "unacked_restore_throttle": 1,  # ... each time (kombu's default scans one time in ten)
    "socket_connect_timeout": 2,  # a web request recording a task never waits long on a broker that is down
    "socket_timeout": 10,  # a broker that vanished without closing the connection is noticed (kombu's advice)
}
app.conf.result_backend_transport_options = {"visibility_timeout": VISIBILITY_TIMEOUT}
app.conf.broker_connection_timeout = 2
app.conf.beat_schedule = {
    "send-waiting-outbox-tasks": {"task": "outbox.send_due", "schedule": OUTBOX_SEND_SECONDS},
    "sweep-fallen-flags": {"task": "games.sweep_flags", "schedule": FLAG_SWEEP_SECONDS},
    "send-waiting-mail": {"task": "outbox.send_waiting_mail", "schedule": MAIL_SEND_SECONDS},
    # Not run when no worker took it in time: a worker that comes back runs one, not a backlog.
    "heartbeat": {"task": "config.heartbeat", "schedule": HEARTBEAT_SECONDS, "options": {"expires": HEARTBEAT_SECONDS * 2}},
}
app.autodiscover_tasks()


@app.task(name="config.ping")
def ping() -> str:
    """A no-op task the health check and the worker integration test use to see a real worker answer."""
    return "pong"


@app.task(name="config.heartbeat", bind=True)
def heartbeat(self) -> str:
    """Run by a worker every ten seconds (beat sends it): the worker's heartbeat (config.heartbeats)."""
    note_ran(self.request.hostname or "")
    return "alive"


@after_task_publish.connect(sender="config.heartbeat")
def _heartbeat_sent(**kwargs) -> None:
    """In the process that sent it (beat): beat's tick. A failure to note it must not stop beat."""
    try:
        note_sent()
    except Exception:  # the database down: the heartbeat says so by its absence
        logging.getLogger(__name__).warning("beat's heartbeat could not be noted", exc_info=True)
