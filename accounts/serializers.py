"""Serializers of token login, and the strict input base every API input serializer of the project uses."""

from __future__ import annotations

from rest_framework import serializers


def _json_type_error(field: serializers.Field, value: object) -> str | None:
    """Why ``value`` is not of the JSON type the schema gives ``field`` (None when it is): DRF would turn 0 into
    "0" for a text field and "12" into 12 for a number, which the schema (and so every generated client) forbids."""
    if value is None:
        return None if field.allow_null else "may not be null"
    if isinstance(field, serializers.ChoiceField | serializers.DateField | serializers.DateTimeField):
        return None if isinstance(value, str) else "must be a string"
    if isinstance(field, serializers.CharField):
        return None if isinstance(value, str) else "must be a string"
    if isinstance(field, serializers.IntegerField):
        return None if isinstance(value, int) and not isinstance(value, bool) else "must be a whole number"
    if isinstance(field, serializers.FloatField | serializers.DecimalField):
        return None if isinstance(value, int | float) and not isinstance(value, bool) else "must be a number"
    if isinstance(field, serializers.BooleanField):
        return None if isinstance(value, bool) else "must be true or false"
    return None


# Takes each field only in the JSON type its schema says (a string, a whole number, true/false), naming every
# field sent otherwise: what the schema forbids the server refuses. (A comment, not a docstring: the schema
# would show it as the description of every serializer that has none of its own.)
class JsonTypedSerializer(serializers.Serializer):
    def to_internal_value(self, data):
        if isinstance(data, dict):
            wrong = {}
            for name, field in self.fields.items():
                if name in data and not field.read_only:
                    reason = _json_type_error(field, data[name])
                    if reason:
                        wrong[name] = [reason]
            if wrong:
                raise serializers.ValidationError(wrong)
        return super().to_internal_value(data)


class StrictSerializer(JsonTypedSerializer):
    """Rejects fields it does not know, naming them: a client never sends points, a result or anything else."""

    forbidden_reasons: dict[str, str] = {}

    def to_internal_value(self, data):
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError({name: [self.forbidden_reasons.get(name, "unknown field")] for name in unknown})
        return super().to_internal_value(data)


class LoginSerializer(StrictSerializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, style={"input_type": "password"}, trim_whitespace=False)


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()
