"""The one hook between the two apps (docs/architecture.md).

``tournaments`` is the lower floor: it never imports ``games``. When something happens on a board that the upper
floor must react to, ``tournaments`` sends a signal defined here and ``games`` connects its receivers in
``GamesConfig.ready``. Calls the other way (a live game ended, a report was confirmed) are plain calls of
``tournaments`` services, which is the direction imports may go.
"""

from __future__ import annotations

from django.dispatch import Signal

#: Sent inside the transaction that makes a board's result final (or corrects it), by ``record_result`` — the
#: one way a result is written, whoever writes it (the live game ending, a confirmed report, an arbiter).
#: Arguments: ``game`` (the :class:`tournaments.models.Game`, saved, result fields set) and ``by`` (the user who
#: entered it, or None). A receiver that must not run before the commit uses ``transaction.on_commit``.
result_final = Signal()
