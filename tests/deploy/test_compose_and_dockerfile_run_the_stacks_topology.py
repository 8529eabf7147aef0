"""The compose file and the Dockerfile run the topology `make stack` runs (deploy/stack.py): a proxy (nginx, with
the config rendered from deploy/nginx.conf.template), a web service (gunicorn, config.wsgi), a socket service
(uvicorn, config.asgi), a worker and one beat; and the proxy's config as rendered for the stack is valid nginx."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import yaml

from deploy.nginx import COMPOSE_CONF, compose_config, nginx_binary, render_nginx

ROOT = Path(__file__).resolve().parents[2]


def services() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]


def test_compose_runs_a_proxy_a_web_and_a_socket_service_a_worker_and_beat():
    found = services()
    assert {"proxy", "web", "socket", "worker", "beat", "postgres", "redis"} == set(found)
    assert found["proxy"]["image"].startswith("nginx:")
    assert "./deploy/nginx.compose.conf:/etc/nginx/nginx.conf:ro" in found["proxy"]["volumes"]
    assert found["proxy"]["ports"] == ["8000:80"]  # only the proxy is published
    assert "gunicorn -c deploy/gunicorn.conf.py config.wsgi" in found["web"]["command"]
    assert "uvicorn config.asgi:application --host 0.0.0.0 --port 8001" in found["socket"]["command"]
    assert "--ws-per-message-deflate false" in found["socket"]["command"]
    assert not any("ports" in found[name] for name in ("web", "socket", "worker", "beat"))
    assert found["web"]["environment"]["NUM_PROXIES"] == "1"


def test_the_compose_proxy_config_is_the_template_rendered_for_the_services():
    assert COMPOSE_CONF.read_text() == compose_config(), "run: python -m deploy.nginx --compose"
    assert "server web:8000;" in compose_config() and "server socket:8001;" in compose_config()


def test_the_image_serves_the_web_service_by_default():
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert 'CMD ["gunicorn", "-c", "deploy/gunicorn.conf.py", "config.wsgi"]' in dockerfile


def test_the_stack_config_passes_nginx_t(tmp_path):
    nginx = nginx_binary()
    if not nginx:
        pytest.skip("nginx is not installed here")
    (tmp_path / "logs").mkdir()
    conf = tmp_path / "nginx.conf"
    conf.write_text(render_nginx("127.0.0.1:1", ["127.0.0.1:2"], ["127.0.0.1:3", "127.0.0.1:4"], str(tmp_path)))
    done = subprocess.run(
        [nginx, "-t", "-p", str(tmp_path), "-c", str(conf), "-e", str(tmp_path / "logs" / "error.log")],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
