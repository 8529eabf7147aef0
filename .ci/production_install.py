"""The checks of .ci/production-install, run by the Python of a virtualenv built from requirements.txt alone.

Each subcommand prints one line saying what it found and exits 0, or prints one line saying what is wrong and
exits 1:

* ``lock FILE``: every installed distribution is pinned in the lock at the installed version, and every pin is
  installed (pip resolves what the lock leaves out, silently: a lock missing a needed package shows here, or below).
* ``imports``: every project module outside tests/, benchmarks/ and clients/ imports (migrations and commands included), and
  so does what the settings name for the processes to load when first used (the broker's transport, the result
  backend, the channel layer, the caches, the storages).
* ``task``: a task sent through the broker is run by a worker and its result read back.
* ``healthz URL``: /healthz answers 200 with the database, broker, cache and channel layer ``ok``.
* ``page URL``: a page renders (templates and the collected static files' manifest).
* ``socket URL``: a socket is accepted and then closed with 4404 for an event that does not exist.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import os
import re
import sys
import urllib.error
import urllib.request
from importlib import metadata
from pathlib import Path

ROOT = Path.cwd()
# Not run by the production processes: the tests, the benchmarks, and the reference bot (clients/), which runs on a
# client generated with openapi-python-client, a test requirement (docs/api.md).
NOT_PROJECT = {"tests", "benchmarks", "clients"}
REQUIRED_UP = ("database", "broker", "cache", "channel_layer")
# Behind the TLS proxy production has (settings: SECURE_PROXY_SSL_HEADER); without it every request is a redirect.
PROXIED = {"X-Forwarded-Proto": "https"}
VENV_SEED = {"pip", "setuptools", "wheel"}  # what `python -m venv` brings, not the project's


def _name(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def lock(path: str) -> str:
    pinned = {}
    for line in Path(path).read_text().splitlines():
        match = re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?==([^\s;#]+)", line)
        if match:
            pinned[_name(match[1])] = match[3]
    installed = {_name(dist.metadata["Name"]): dist.version for dist in metadata.distributions()}
    for name in VENV_SEED:
        installed.pop(name, None)
    unpinned = sorted(f"{name}=={version}" for name, version in installed.items() if name not in pinned)
    if unpinned:
        raise SystemExit(f"installed but not pinned in {path}: {', '.join(unpinned)}")
    other = sorted(
        f"{name}: {pinned[name]} pinned, {installed.get(name)} installed"
        for name in pinned
        if installed.get(name) != pinned[name]
    )
    if other:
        raise SystemExit(f"installed versions differ from {path}: {', '.join(other)}")
    return f"{len(pinned)} distributions installed, each exactly as pinned in {path}"


def _modules() -> list[str]:
    names = [path.stem for path in sorted(ROOT.glob("*.py"))]  # manage.py
    for top in sorted(path.parent for path in ROOT.glob("*/__init__.py")):
        if top.name in NOT_PROJECT:
            continue
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames[:] = sorted(name for name in dirnames if (Path(dirpath) / name / "__init__.py").is_file())
            package = ".".join(Path(dirpath).relative_to(ROOT).parts)
            # A file named with a dot before .py (deploy/gunicorn.conf.py) is a config file read by path, no module.
            modules = [f for f in sorted(filenames) if f.endswith(".py") and "." not in f[:-3]]
            names += [package if f == "__init__.py" else f"{package}.{f[:-3]}" for f in modules]
    return names


def _loaded_when_used() -> dict:
    """What the processes import only when they first use it, as the settings name it: each is loaded now."""
    from channels.layers import get_channel_layer
    from django.conf import settings
    from django.utils.module_loading import import_string
    from kombu.transport import resolve_transport

    from config.celery import app

    scheme = settings.CELERY_BROKER_URL.split(":", 1)[0]
    loaders = {f"the broker's transport ({scheme})": lambda: resolve_transport(scheme), "the result backend": lambda: app.backend}
    loaders["the channel layer"] = get_channel_layer
    for kind, named in (("cache", settings.CACHES), ("storage", settings.STORAGES)):
        loaders.update(
            {f"the {alias} {kind}": lambda path=entry["BACKEND"]: import_string(path) for alias, entry in named.items()}
        )
    return loaders


def imports() -> str:
    import django

    django.setup()
    names, failed = _modules(), []
    for name in names:
        try:
            importlib.import_module(name)
        except BaseException as exc:  # SystemExit from a setting too: every failure is reported
            failed.append(f"{name} ({exc.__class__.__name__}: {exc})")
    loaders = _loaded_when_used()
    for what, load in loaders.items():
        try:
            load()
        except Exception as exc:  # reported with the modules
            failed.append(f"{what} ({exc.__class__.__name__}: {exc})")
    if failed:
        raise SystemExit(f"{len(failed)} of {len(names) + len(loaders)} imports fail: {'; '.join(failed)}")
    return f"{len(names)} project modules imported (all outside tests/, benchmarks/ and clients/), and {', '.join(loaders)}"


def task() -> str:
    import django

    django.setup()
    from config.celery import ping

    try:
        answer = ping.delay().get(timeout=30)
    except Exception as exc:  # a timeout or a broker error: either way no worker answered
        raise SystemExit(f"no worker ran config.ping: {exc.__class__.__name__}: {exc}") from None
    return f"a worker ran config.ping through the broker: {answer}"


def _get(url: str) -> tuple[int, bytes]:
    # Only the loopback http:// URLs .ci/production-install builds for the servers it started.
    request = urllib.request.Request(url, headers=PROXIED)  # noqa: S310
    try:
        with urllib.request.urlopen(request, timeout=20) as response:  # noqa: S310
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def healthz(url: str) -> str:
    status, body = _get(url)
    try:
        checks = json.loads(body)["checks"]
    except (ValueError, KeyError):
        raise SystemExit(f"{url} answered {status} without checks: {body[:200]!r}") from None
    said = ", ".join(f"{name} {state}" for name, state in checks.items())
    if status != 200 or any(checks.get(name) != "ok" for name in REQUIRED_UP):
        raise SystemExit(f"{url} answered {status}: {said}")
    return f"{url} answered 200: {said}"


def page(url: str) -> str:
    status, body = _get(url)
    if status != 200 or b"<html" not in body.lower():
        raise SystemExit(f"{url} answered {status}: {body[:200]!r}")
    return f"{url} answered 200 with a page of {len(body)} bytes"


def socket(url: str) -> str:
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    async def closed_with() -> int | None:
        async with connect(url, origin="http://localhost", open_timeout=20) as ws:
            try:
                await asyncio.wait_for(ws.recv(), timeout=20)
            except ConnectionClosed as closed:
                return closed.rcvd.code if closed.rcvd else None
        return None

    try:
        code = asyncio.run(closed_with())
    except Exception as exc:  # refused handshake, timeout: reported as one line
        raise SystemExit(f"{url}: no socket ({exc.__class__.__name__}: {exc})") from None
    if code != 4404:
        raise SystemExit(f"{url}: the socket was accepted but closed with {code}, not 4404 (unknown event)")
    return f"{url}: socket accepted, then closed with 4404 (no such event), as the consumer answers"


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    command, *args = sys.argv[1:]
    print(globals()[command](*args))
