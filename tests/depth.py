"""How deep the property tests look: a few hundred examples in `make test`, their full counts under `make test-slow`.

A property test with more than :data:`QUICK` examples takes its count from :func:`examples` and carries the ``deep``
marker. `make test` runs it with the quick count; `make test-slow` runs the ``deep`` tests again with
``HYPOTHESIS_DEPTH=deep`` at their full count, so CI (which runs both) still tries every example it tried before
(issue 35: nothing weakened, only moved out of the quick suite)."""

from __future__ import annotations

import os

QUICK = 200


def examples(full: int) -> int:
    """The number of examples to run: ``full`` under ``HYPOTHESIS_DEPTH=deep``, else at most :data:`QUICK`."""
    return full if deep() else min(full, QUICK)


def deep() -> bool:
    """Whether this run looks deep (``HYPOTHESIS_DEPTH=deep``: `make test-slow`)."""
    return os.environ.get("HYPOTHESIS_DEPTH") == "deep"
