"""Serializers of token login, and the strict input base every API input serializer of the project uses."""

from __future__ import annotations

from rest_framework import serializers


class StrictSerializer(serializers.Serializer):
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
