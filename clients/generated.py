"""The HTTP client of programs, generated from the schema the server serves: nothing of it is written or committed here.

:func:`load` fetches ``{base}/api/schema/``, has ``openapi-python-client`` (requirements-test.txt) generate a typed
package from it into a cache directory keyed by the schema's hash (``$XDG_CACHE_HOME/rvchess-client/<hash>/``, or
``--client-dir``), and imports it: a server whose schema changed gets a client of its own, an unchanged one is
generated once. :class:`Api` runs the package's operations (``api.call("games_retrieve", "GameState", 41)``); an
answer is either a success parsed into the named model, or an :class:`ApiError` with the server's status and
``errors``. A success the schema does not describe (the generated parser gives ``None`` or another model) is a
:class:`SchemaMismatch`: the client and the server disagree, which no retry repairs.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.metadata
import importlib.util
import json
import os
import pkgutil
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import urlsplit

PACKAGE = "rvchess_client"  # the generated package's directory; imported as rvchess_client_<hash>


class ApiError(Exception):
    """A refusal: ``status`` (4xx, 5xx) and the body ``{"detail", "errors": {field: [reason]}}`` as sent."""

    def __init__(self, operation: str, status: int, body: Any) -> None:
        self.status, self.body = status, body
        detail = body.get("detail", body) if isinstance(body, dict) else body
        super().__init__(f"{operation}: {status} {detail}")

    @property
    def errors(self) -> dict[str, list[str]]:
        errors = self.body.get("errors") if isinstance(self.body, dict) else None
        return errors if isinstance(errors, dict) else {}


class SchemaMismatch(Exception):
    """A success whose body the generated client could not parse into the model the schema names."""


def cache_root() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "rvchess-client"


def fetch_schema(base: str, timeout: float = 30.0) -> bytes:
    """The served OpenAPI document, as JSON."""
    url = base.rstrip("/") + "/api/schema/?format=json"
    request = urllib.request.Request(url, headers={"Accept": "application/json"})  # noqa: S310 - checked http(s) base
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:  # noqa: S310
            return answer.read()
    except OSError as exc:  # refused, timed out, an HTTP error status (urllib's errors are OSErrors)
        raise OSError(f"the schema {url} cannot be read: {exc}") from exc


def _generator() -> str:
    """The ``openapi-python-client`` of this interpreter's environment, else the one on PATH."""
    beside = Path(sys.executable).parent / "openapi-python-client"
    found = str(beside) if beside.exists() else shutil.which("openapi-python-client")
    if not found:
        raise RuntimeError("openapi-python-client generates the client: pip install -r requirements-test.txt")
    return found


def _generator_version() -> str:
    try:
        return importlib.metadata.version("openapi-python-client")
    except importlib.metadata.PackageNotFoundError:
        return ""


def generate(schema: bytes, root: Path | None = None) -> Path:
    """The directory holding the package generated from ``schema`` (generated now unless the cache has it)."""
    root = Path(root) if root is not None else cache_root()
    key = hashlib.sha256(schema + b"\0" + _generator_version().encode()).hexdigest()[:32]
    where = root / key
    if (where / PACKAGE / "client.py").exists():
        return where
    root.mkdir(parents=True, exist_ok=True)
    # Built aside and renamed into place: programs started together (four bots) may generate at once.
    work = Path(tempfile.mkdtemp(prefix=f".{key}.", dir=root))
    try:
        (work / "schema.json").write_bytes(schema)
        (work / "config.json").write_text(json.dumps({"post_hooks": []}))  # no formatter needed where it runs
        command = [_generator(), "generate", "--path", str(work / "schema.json"), "--config", str(work / "config.json"),
                   "--output-path", str(work / PACKAGE), "--meta", "none"]  # fmt: skip
        done = subprocess.run(command, capture_output=True, text=True, timeout=300)  # noqa: S603 - our own arguments
        if done.returncode != 0 or not (work / PACKAGE / "client.py").exists():
            raise RuntimeError(f"openapi-python-client failed:\n{done.stdout}{done.stderr}")
        try:
            work.rename(where)
        except OSError:
            if not (where / PACKAGE / "client.py").exists():
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return where


def import_package(where: Path) -> ModuleType:
    """The generated package of ``where``, imported under a name of its own (``rvchess_client_<hash>``)."""
    name = f"{PACKAGE}_{where.name}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(
        name, where / PACKAGE / "__init__.py", submodule_search_locations=[str(where / PACKAGE)]
    )
    assert spec is not None and spec.loader is not None
    package = importlib.util.module_from_spec(spec)
    sys.modules[name] = package
    spec.loader.exec_module(package)
    importlib.import_module(f"{name}.models")
    return package


def load(base: str, root: Path | None = None) -> ModuleType:
    """The client generated from the schema ``base`` serves now."""
    return import_package(generate(fetch_schema(base), root))


def connect(base: str, token: str, root: Path | None = None, timeout: float = 15.0) -> Api:
    """:class:`Api` on the client generated from ``base``'s schema, authenticated with ``token``."""
    parts = urlsplit(base)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"--base must be an http(s) URL, not {base!r}")
    package = load(base, root)
    import httpx  # installed with openapi-python-client, which generated the package

    client = package.AuthenticatedClient(base_url=base.rstrip("/"), token=token, prefix="Token", timeout=httpx.Timeout(timeout))
    return Api(package, client)


def operation(package: ModuleType, name: str) -> ModuleType:
    """The module of operation ``name`` (its ``operationId``) in the generated ``package``, whatever its tag."""
    api = importlib.import_module(f"{package.__name__}.api")
    for tag in sorted(module.name for module in pkgutil.iter_modules(api.__path__) if module.ispkg):  # one per tag
        try:
            return importlib.import_module(f"{package.__name__}.api.{tag}.{name}")
        except ModuleNotFoundError:
            continue
    raise SchemaMismatch(f"the generated client has no operation {name}")


class Api:
    """The operations of a generated ``package``, called with ``client`` (one authenticated with a token)."""

    def __init__(self, package: ModuleType, client: Any) -> None:
        self.package, self.client = package, client
        self.models = importlib.import_module(f"{package.__name__}.models")

    def operation(self, name: str) -> ModuleType:
        return operation(self.package, name)

    def model(self, name: str) -> type:
        return getattr(self.models, name)

    def answer(self, name: str, model: str, response: Any) -> Any:
        """The parsed success of operation ``name``; :class:`ApiError` for a refusal."""
        status = int(response.status_code)
        if status >= 400:
            try:
                body = json.loads(response.content) if response.content else None
            except ValueError:
                body = response.content[:500].decode("utf-8", "replace")
            raise ApiError(name, status, body)
        if not isinstance(response.parsed, self.model(model)):
            raise SchemaMismatch(f"{name}: a {status} answer is not a {model}: {response.content[:300]!r}")
        return response.parsed

    def call(self, name: str, model: str, *args: Any, **kwargs: Any) -> Any:
        """Run operation ``name`` in this thread; its success parsed into the generated ``model``."""
        return self.answer(name, model, self.operation(name).sync_detailed(*args, client=self.client, **kwargs))

    async def acall(self, name: str, model: str, *args: Any, **kwargs: Any) -> Any:
        """As :meth:`call`, on the event loop (the generated ``asyncio_detailed``)."""
        response = await self.operation(name).asyncio_detailed(*args, client=self.client, **kwargs)
        return self.answer(name, model, response)
