"""gunicorn's settings for the web service (HTTP: the pages and the API; config.wsgi), read from the environment.

    gunicorn -c deploy/gunicorn.conf.py config.wsgi

Used by `make stack` (deploy/stack.py), the Dockerfile and the compose file's web service. gthread workers with a
few threads each: a move spends most of its time waiting on PostgreSQL and Redis, and a worker's threads fill
that wait (docs/benchmarks/live.md: 2 workers x 4 threads on 2 cores). The sockets are uvicorn's (config.asgi).
"""

import os

bind = os.environ.get("GUNICORN_BIND", f"0.0.0.0:{os.environ.get('PORT', '8000')}")
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
# Longer than the proxy keeps an idle upstream connection (keepalive_timeout 30s in deploy/nginx.conf.template),
# so that gunicorn never closes a connection the proxy is about to reuse.
keepalive = 75
backlog = 2048
timeout = 60
graceful_timeout = 20
# The proxy's address(es): X-Forwarded-Proto from them sets the scheme. "*" in a container network.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None  # the proxy logs each request already
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "warning")
