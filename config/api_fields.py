"""Serializer fields the apps' APIs share.

:class:`RegistryChoiceField` takes its choices from a registry (the scoring profiles, the endings of the
registered engines) each time a serializer is made, so what registers later is accepted, and shows in the schema's
enum, with no edit to the API. The others are texts and lists whose schema says exactly what the server takes
(a time control, a list of tie-break codes, a part of a game), so a client checking a body against the schema is
not refused for it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from clocks.control import PATTERN, parse_time_control
from scoring.tiebreak_codes import read_code
from scoring.tiebreak_registry import catalogue, code_pattern


class RegistryChoiceField(serializers.ChoiceField):
    """A choice field whose ``choices`` is a callable, read when the serializer is made (DRF makes each
    serializer's fields afresh from their arguments, so every request sees the registry as it is)."""

    def __init__(self, choices: Callable[[], Iterable], **kwargs: object) -> None:
        super().__init__(choices=list(choices()), **kwargs)


class ParsedTextValidator(RegexValidator):
    """A text a parser reads, whose schema ``pattern`` says exactly what that parser reads (a test of the parser's
    package shows they agree): the pattern goes into the schema, the refusal is the parser's own reason."""

    def __init__(self, pattern: str, parse: Callable[[str], object]) -> None:
        super().__init__(pattern)
        self.parse = parse

    def __call__(self, value: object) -> None:
        try:
            self.parse(str(value))
        except ValueError as exc:
            raise ValidationError(str(exc)) from None
        super().__call__(value)  # the pattern and the parser agree; this only guards that they go on agreeing


class TimeControlField(serializers.CharField):
    """An event's time control (docs/rules/clocks.md): the schema's pattern is :data:`clocks.control.PATTERN`."""

    def __init__(self, **kwargs: object) -> None:
        validators = [ParsedTextValidator(PATTERN, parse_time_control)]
        # Not trimmed before the checks: the schema's maxLength counts the text as sent (the pattern allows spaces).
        super().__init__(max_length=64, trim_whitespace=False, validators=validators, **kwargs)

    def run_validation(self, data=serializers.empty):
        value = super().run_validation(data)
        return value.strip() if isinstance(value, str) else value  # stored as written, without the outer spaces


class TiebreakListField(serializers.ListField):
    """Tie-break codes in order, each as C.07 writes it (``BH-C1``: capitals, no space), none twice: exactly what
    the schema says. The registered tie-breaks are read each time a serializer is made (DRF makes its fields
    afresh from their arguments), so one registered later is taken, and its code is in the schema's pattern. A
    refusal names the list (``tiebreaks``) and the code."""

    def __init__(self, **kwargs: object) -> None:
        child = serializers.CharField(max_length=12, allow_blank=True, trim_whitespace=False)
        super().__init__(child=child, max_length=len(catalogue()), **kwargs)
        self.code = re.compile(code_pattern())

    def to_internal_value(self, data):
        codes = super().to_internal_value(data)
        for code in codes:
            if not self.code.fullmatch(code):
                try:
                    read_code(code)  # its reason names the code
                except ValueError as exc:
                    raise serializers.ValidationError(str(exc)) from None
                raise serializers.ValidationError(f"write {code.strip().upper()} as C.07 does, not {code!r}")
        if len(set(codes)) != len(codes):
            raise serializers.ValidationError("a tie-break is listed twice")
        return codes


class TiebreakListSchema(OpenApiSerializerFieldExtension):
    """The schema of :class:`TiebreakListField`, made when the schema is: the registry as it is then."""

    target_class = TiebreakListField

    def map_serializer_field(self, auto_schema, direction):
        items = {"type": "string", "pattern": code_pattern()}
        return {"type": "array", "items": items, "maxItems": len(catalogue()), "uniqueItems": True}


@extend_schema_field({"type": "number", "minimum": 0, "maximum": 1, "multipleOf": 0.5})  # 0, 0.5 or 1
class GamePartField(serializers.FloatField):
    """0, 0.5 or 1 game (what a requested bye scores)."""

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        if value not in (0, 0.5, 1):
            raise serializers.ValidationError("0, 0.5 or 1 game")
        return value
