"""The API's ``format`` field: a pairing system's key (pairing.systems), read from the registry when used so a
system registered after import (an extension) is accepted and shown without an edit here."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from pairing.systems import system_choices


class PairingSystemField(serializers.ChoiceField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=system_choices(), **kwargs)

    def to_internal_value(self, data: Any) -> Any:
        self.choices = system_choices()
        return super().to_internal_value(data)

    def to_representation(self, value: Any) -> Any:
        self.choices = system_choices()
        return super().to_representation(value)
