"""The proxy's config, rendered from deploy/nginx.conf.template: for `make stack` (deploy/stack.py) and for the
compose file's proxy service (deploy/nginx.compose.conf, written by ``python -m deploy.nginx --compose``; a test
holds it equal to the template's rendering)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

TEMPLATE = Path(__file__).with_name("nginx.conf.template")
COMPOSE_CONF = Path(__file__).with_name("nginx.compose.conf")


class TemplateError(ValueError):
    pass


def nginx_binary() -> str:
    """Debian installs nginx in /usr/sbin, which a user's PATH may lack."""
    return shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else "")


def render_nginx(listen: str, web: list[str], sockets: list[str], runtime: str, **options: str) -> str:
    """deploy/nginx.conf.template with its @NAME@ placeholders filled in."""
    values = {
        "USER_LINE": options.get("user_line", ""),
        "NGINX_WORKERS": options.get("workers", "1"),
        "RUNTIME": runtime,
        "ERROR_LOG": options.get("error_log", f"{runtime}/logs/nginx-error.log"),
        "ACCESS_LOG": options.get("access_log", "off"),
        "LISTEN": listen,
        "WEB_SERVERS": "\n        ".join(f"server {address};" for address in web),
        "SOCKET_SERVERS": "\n        ".join(f"server {address};" for address in sockets),
        "UPSTREAM_KEEPALIVE": options.get("keepalive", "32"),
        "UPSTREAM_KEEPALIVE_REQUESTS": options.get("keepalive_requests", "100"),
    }
    text = TEMPLATE.read_text()
    for name, value in values.items():
        text = text.replace(f"@{name}@", value)
    if "@" in "".join(line for line in text.splitlines() if not line.lstrip().startswith("#")):
        raise TemplateError("deploy/nginx.conf.template has a placeholder nobody fills")
    return text


def compose_config() -> str:
    """The proxy service's config (docker-compose.yml): the web and socket services by name, logs to the container's
    output, pid and temp files in /var/cache/nginx (the nginx image runs its master as root and its workers as the nginx user)."""
    header = "# Written by `python -m deploy.nginx --compose` from deploy/nginx.conf.template: edit the template.\n"
    return header + render_nginx(
        "80", ["web:8000"], ["socket:8001"], "/var/cache/nginx", workers="auto", error_log="stderr", access_log="/dev/stdout"
    )


if __name__ == "__main__":
    if sys.argv[1:] != ["--compose"]:
        raise SystemExit("usage: python -m deploy.nginx --compose   (rewrites deploy/nginx.compose.conf)")
    COMPOSE_CONF.write_text(compose_config())
