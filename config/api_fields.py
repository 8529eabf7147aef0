"""Serializer fields the apps' APIs share.

:class:`RegistryChoiceField` takes its choices from a registry (the scoring profiles, the endings of the
registered engines) each time a serializer is made, so what registers later is accepted, and shows in the schema's
enum, with no edit to the API.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rest_framework import serializers


class RegistryChoiceField(serializers.ChoiceField):
    """A choice field whose ``choices`` is a callable, read when the serializer is made (DRF makes each
    serializer's fields afresh from their arguments, so every request sees the registry as it is)."""

    def __init__(self, choices: Callable[[], Iterable], **kwargs: object) -> None:
        super().__init__(choices=list(choices()), **kwargs)
