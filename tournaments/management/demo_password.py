"""The demo's password: chosen once and kept, so that each `make run` lets the organizer in with the password it
printed the first time (issue 36). ``manage.py demo --password PW`` sets a new one.

The password is kept in a file beside the database (settings.DEMO_PASSWORD_FILE, readable by its owner only),
because the database holds only its hash and `make run` prints it again. A file that does not open the organizer's
account (another database, or the organizer changed the password in the admin) is not believed: the organizer's own
password is then left as it is, and a new one is chosen only when the demo has no organizer with a password yet.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings


@dataclass(frozen=True)
class DemoPassword:
    """The password to print ("" when it is the organizer's own, unknown here) and whether accounts take it now."""

    text: str
    set_now: bool


def choose(given: str | None, organizer) -> DemoPassword:
    """The demo's password for this run; ``organizer`` is the demo's organizer account (saved or not)."""
    path = Path(settings.DEMO_PASSWORD_FILE)
    if given:
        _write(path, given)
        return DemoPassword(given, set_now=True)
    if organizer.pk is None or not organizer.has_usable_password():
        chosen = secrets.token_urlsafe(9)
        _write(path, chosen)
        return DemoPassword(chosen, set_now=True)
    kept = _read(path)
    if kept and organizer.check_password(kept):
        return DemoPassword(kept, set_now=False)
    return DemoPassword("", set_now=False)


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8").strip()
    except OSError:
        return ""


def _write(path: Path, password: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.touch(mode=0o600, exist_ok=True)
    path.chmod(0o600)
    path.write_text(password + "\n", encoding="utf-8")
