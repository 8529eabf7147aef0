#!/usr/bin/env python
"""Django's command-line utility, with two conveniences.

* Run with a Python that lacks the project's packages (``python manage.py ...`` outside the virtualenv), it
  re-runs itself with ``.venv/bin/python`` when that exists (``make run`` and ``make test`` create it).
* The pure rules tools (``perft``, ``replay``, ``rvc_layout``) need no database: they run straight from
  :mod:`variants.cli` without starting Django, whose start-up costs more than their work. So does ``pair_trf``
  (the FIDE Dutch pairing of a TRF file), from :mod:`pairing.dutch.cli`.
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
PURE_TOOLS = {"perft", "replay", "rvc_layout", "pair_trf"}


def _reexec_in_venv() -> None:
    try:
        import django  # noqa: F401
    except ImportError:
        venv_python = ROOT / ".venv" / "bin" / "python"
        # The venv's python is a symlink to the same interpreter: compare the venv, not the binary, and mark the
        # re-run so a broken venv cannot loop.
        if venv_python.exists() and sys.prefix != str(ROOT / ".venv") and not os.environ.get("MANAGE_PY_REEXEC"):
            os.environ["MANAGE_PY_REEXEC"] = "1"
            os.execv(str(venv_python), [str(venv_python), str(Path(__file__).resolve()), *sys.argv[1:]])  # noqa: S606
        sys.exit("Django is not installed: run `make run` or `make test` first (they create .venv)")


def main() -> None:
    _reexec_in_venv()
    if len(sys.argv) > 1 and sys.argv[1] in PURE_TOOLS:
        sys.path.insert(0, str(ROOT))
        if sys.argv[1] == "pair_trf":  # same arguments and output as the Django command of that name
            from pairing.dutch.cli import main as pair_trf_main

            sys.exit(pair_trf_main(sys.argv[2:]))
        from variants.cli import main as tool_main

        sys.exit(tool_main(sys.argv[1], sys.argv[2:], prog=Path(sys.argv[0]).name))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
