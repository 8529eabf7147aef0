# Production image: slim Python, non-root, static files collected at build time. One image for every process of the
# topology (docker-compose.yml, docs/architecture.md "Deployment"): its default command is the web service
# (gunicorn, config.wsgi: the pages and the API); the socket service runs uvicorn (config.asgi: /ws/) from it, the
# worker and beat run Celery; a proxy (nginx, deploy/nginx.compose.conf) routes /ws/ to the sockets and the rest to
# the web service. (Our development machines have no Docker engine; this file is kept simple and is not built in CI.)
FROM python:3.11-slim

# DB_POOL_SIZE: 0 for gunicorn (each thread keeps its connection); the socket service sets a pool (ASGI serves each
# request in a thread of its own). FORWARDED_ALLOW_IPS: the proxy's address; "*" where only the proxy reaches us.
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PORT=8000 DB_POOL_SIZE=0 NUM_PROXIES=1 \
    FORWARDED_ALLOW_IPS=*
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
# gunicorn's settings (workers WEB_CONCURRENCY, threads GUNICORN_THREADS, keep-alive): deploy/gunicorn.conf.py.
CMD ["gunicorn", "-c", "deploy/gunicorn.conf.py", "config.wsgi"]
