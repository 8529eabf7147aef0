"""Celery tasks, one module per concern. Importing the package imports every module so that Celery's
autodiscovery (which imports ``<app>.tasks``) registers all of them."""

from importlib import import_module
from pkgutil import iter_modules

for _module in iter_modules(__path__):
    import_module(f"{__name__}.{_module.name}")
