"""The sections of an event as the organizer API takes them (issue 27) and as every event answer lists them."""

from __future__ import annotations

from rest_framework import serializers

from accounts.serializers import StrictSerializer
from tournaments.api_pairing_field import PairingSystemField
from tournaments.models import Section

MAX_ROUNDS = 99
MAX_SECTIONS = 20
RATING = {"min_value": 0, "max_value": 32767, "required": False, "allow_null": True}


class SectionInSerializer(StrictSerializer):
    name = serializers.CharField(max_length=100)
    slug = serializers.SlugField(max_length=40, required=False, help_text="Default: made from the name.")
    format = PairingSystemField(required=False, help_text="Default: the event's.")
    rounds = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS, required=False, help_text="Default: the event's.")
    min_rating = serializers.IntegerField(**RATING, help_text="Lowest rating admitted (none: no floor).")
    max_rating = serializers.IntegerField(**RATING, help_text="Highest rating admitted (none: no ceiling).")

    def validate(self, data: dict) -> dict:
        low, high = data.get("min_rating"), data.get("max_rating")
        if low is not None and high is not None and low > high:
            raise serializers.ValidationError({"max_rating": f"below min_rating {low}"})
        return data


def sections_field() -> serializers.ListField:
    return serializers.ListField(
        child=SectionInSerializer(), required=False, min_length=1, max_length=MAX_SECTIONS,
        help_text="The event's sections, the first one the default (absent: one section with the event's format "
        "and rounds). Each has its own players, rounds, pairings and standings; the dice are the event's.",
    )  # fmt: skip


class SectionSerializer(serializers.Serializer):
    slug = serializers.CharField(read_only=True, help_text="What ?section= takes on every event path.")
    name = serializers.CharField(read_only=True)
    format = serializers.CharField(read_only=True)
    rounds = serializers.IntegerField(read_only=True)
    min_rating = serializers.IntegerField(read_only=True, allow_null=True)
    max_rating = serializers.IntegerField(read_only=True, allow_null=True)
    players = serializers.IntegerField(read_only=True, help_text="Players registered in the section.")


def section_rows(sections: list[Section]) -> list[dict]:
    return [
        {"slug": s.slug, "name": s.name, "format": s.body.format, "rounds": s.body.rounds_planned,
         "min_rating": s.min_rating, "max_rating": s.max_rating, "players": s.body.registrations.count()}
        for s in sections
    ]  # fmt: skip
