# Production image: slim Python, non-root, uvicorn (ASGI: HTTP and the sockets), static files collected at build time.
# (Our development machines have no Docker engine; this file is kept simple and is not built in CI.)
FROM python:3.11-slim

# DB_POOL_SIZE: PostgreSQL connections from a pool per process (ASGI serves each request in a thread of its own).
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PORT=8000 DB_POOL_SIZE=10
WORKDIR /app

RUN useradd --create-home --uid 1000 app
# requirements.txt is the lock (make lock): every package pinned, transitive ones too. It alone runs the web
# processes, the worker and beat (.ci/production-install proves it in CI); the test requirements are not installed.
COPY requirements.txt .
RUN pip install -r requirements.txt
COPY . .
# collectstatic needs settings to load: a throwaway key for the build step only.
RUN DEBUG=0 SECRET_KEY=build-only ALLOWED_HOSTS=localhost python manage.py collectstatic --noinput

USER app
EXPOSE 8000
# Several workers need CHANNEL_LAYER_URL (Redis) so that a move answered by one reaches the sockets of the others.
# Behind a proxy, FORWARDED_ALLOW_IPS names it (uvicorn then trusts its X-Forwarded-* headers). No per-message
# compression: a state pushed to a thousand sockets would be compressed a thousand times (benchmarks/push.py).
CMD ["sh", "-c", "uvicorn config.asgi:application --host 0.0.0.0 --port ${PORT} --workers ${WEB_CONCURRENCY:-3} --ws websockets-sansio --ws-per-message-deflate false --lifespan off --proxy-headers"]
