"""The outbox: follow-up work recorded with the write that needs it, sent to the broker when it answers.

A saved write must never answer 500 because its follow-up task (recompute the standings, check a flag, pair a
round) could not be queued, and the task must not be lost either. So the task is first a row (:class:`outbox.models.Task`),
written in the caller's transaction when there is one; an attempt to send it follows the commit, and a periodic
task (``outbox.send_due``, on beat) sends whatever is still waiting once the broker is back. Tasks due later than
a few seconds wait in the table, not in the broker: Redis redelivers a message a worker has held unacknowledged
for longer than the visibility timeout (about a minute, ``config.celery``), which would run a long-delayed task
many times. Each task's state (waiting, sent, started, succeeded, refused, failed) and its last failure are kept
on the row (:mod:`outbox.runs`) and shown in the admin.

Below both apps: ``tournaments`` and ``games`` import it; it imports neither.
"""
