"""The production topology on one machine (`make stack`): deploy/stack.py; the proxy's config: deploy/nginx.conf.template."""
