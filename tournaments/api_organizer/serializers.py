"""What the organizer API reads and writes: input checks (every bad field named) and the round and event shapes.

The API's ``variant_policy`` is a draw's public name (variants.policies: ``fixed``, ``pool``, or a rolled engine's own
such as ``rvc-two-rolls``); the event stores the draw's policy, variant and options (a pool's ``pool``: its keys).
"""

from __future__ import annotations

from decimal import Decimal

from django.core.validators import RegexValidator
from rest_framework import serializers

from accounts.serializers import JsonTypedSerializer, StrictSerializer
from config.api_fields import GamePartField, RegistryChoiceField, TiebreakListField, TimeControlField
from pairing.systems import SWISS
from scoring import profile_choices
from scoring.tiebreak_codes import EDITIONS, parse_tiebreaks
from tournaments.api_organizer.draws import draw_branches, draw_columns, one_of_texts
from tournaments.api_organizer.pool import PoolField
from tournaments.api_organizer.serializers_sections import sections_field
from tournaments.api_pairing_field import PairingSystemField
from tournaments.fide import FIDE_TITLES
from tournaments.models import Bye, Event, Game, RegistrationMode, Round
from tournaments.public import queries
from tournaments.public.round_view import explained_rows
from tournaments.public.variant import variant_from_block
from tournaments.services.results import RESULTS, SIDES
from tournaments.services.way_in_settings import SETTINGS as WAY_IN_SETTINGS
from variants import policies

MAX_ROUNDS = 99
MAX_BOARDS = 20
# The match points leagues use (win, draw, loss): the Olympiad's, the three-point win, and board-like points.
MATCH_POINTS = ("2,1,0", "3,1,0", "1,0.5,0")
# Blank, or three letters: one pattern, so the schema has no oneOf in which "" would match both branches.
FEDERATION = RegexValidator(r"^(?:[A-Za-z]{3})?$", "a three-letter FIDE federation code such as AUT, or nothing")
# Physical dice as variants.dice.parse_roll reads them: three dice 1..6 joined by '-'.
DICE = RegexValidator(r"^\s*[1-6]\s*-\s*[1-6]\s*-\s*[1-6]\s*$", "three dice 1..6 joined by '-', e.g. 6-6-2")


class JsonBooleanField(serializers.BooleanField):
    """``true`` or ``false`` as JSON writes them: the schema's boolean, not DRF's "yes", 1 or "on"."""

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class EventCreateSerializer(JsonTypedSerializer):
    name = serializers.CharField(max_length=200)
    format = PairingSystemField(required=False, default=SWISS.key,
                                     help_text="The first section's unless it names one; the others' default.")  # fmt: skip
    rounds = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS, required=False, default=5,
                                      help_text="Rounds (Swiss) or games (match): as ``format``.")  # fmt: skip
    sections = sections_field()
    variant_policy = serializers.ChoiceField(choices=[draw.name for draw in policies.draws()])
    variant = serializers.CharField(
        max_length=16, required=False, allow_blank=True, help_text="A fixed variant's key; under a dice policy or a pool empty."
    )
    pool = PoolField(required=False)
    scoring = RegistryChoiceField(choices=profile_choices)
    slug = serializers.SlugField(max_length=100, required=False, help_text="Default: made from the name.")
    time_control = TimeControlField(required=False, help_text="e.g. 90+30 or 40/5400:1800+30 (docs/rules/clocks.md).")
    starts_on = serializers.DateField(required=False, allow_null=True)
    city = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")
    federation = serializers.CharField(required=False, allow_blank=True, default="", validators=[FEDERATION],
                                       help_text="Three-letter FIDE federation code, e.g. AUT.")  # fmt: skip
    is_public = JsonBooleanField(required=False, default=True)
    competitor = serializers.ChoiceField(choices=["player", "team"], required=False, default="player",
                                         help_text="Who is paired: players, or teams (then `boards`).")  # fmt: skip
    boards = serializers.IntegerField(min_value=1, max_value=MAX_BOARDS, required=False, help_text="Boards of a team match.")
    match_points = serializers.ChoiceField(choices=MATCH_POINTS, required=False, default=MATCH_POINTS[0],
                                           help_text="A team match's points for a win, draw and loss.")  # fmt: skip

    schema_one_of = staticmethod(draw_branches)

    def validate(self, data: dict) -> dict:
        data.update(draw_columns(data["variant_policy"], data.get("variant"), data.pop("pool", None)))
        data["federation"] = data.get("federation", "").upper()
        if data.get("competitor") == "team" and not data.get("boards"):
            raise serializers.ValidationError({"boards": "a team event names the boards of a match"})
        return data


ONE_LINE = r"^[^\x00-\x1f\x7f-\x9f]*$"  # no control character: the value is written into one TRF line


class OneLineTextField(serializers.RegexField):
    """A JSON string (a number is not text) on one line: no newline, tab or other control character."""

    default_error_messages = {"invalid": "text on one line is expected (no newline, tab or other control character)"}

    def __init__(self, **kwargs: object) -> None:
        super().__init__(ONE_LINE, **kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class EventPatchSerializer(StrictSerializer):
    """``PATCH /api/events/{slug}/``: any of the event's settings, its tie-breaks and its way in. Once round 1 is
    paired ``format``, ``scoring``, ``variant_policy`` and ``variant`` are refused (409 naming the field) unless
    unchanged; the rest may change, audited (tournaments.services.event_settings and way_in_settings check them,
    as the admin's form does)."""

    name = serializers.CharField(max_length=200, required=False)
    format = PairingSystemField(required=False)
    rounds = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS, required=False, help_text="Planned rounds.")
    variant_policy = serializers.ChoiceField(choices=[draw.name for draw in policies.draws()], required=False)
    variant = serializers.CharField(max_length=16, required=False, allow_blank=True)
    pool = PoolField(required=False)
    scoring = RegistryChoiceField(choices=profile_choices, required=False)
    time_control = TimeControlField(required=False, help_text="e.g. 90+30 or 40/5400:1800+30 (docs/rules/clocks.md).")
    tiebreaks = TiebreakListField(
        required=False,
        help_text="Tie-break codes in order, each once and as C.07 and TRF-2026 write them (capitals), e.g. BH-C1, "
        "BH, SB, DE, WIN, BPG; the schema's pattern lists every code taken (the FIDE C.07 catalogue and any "
        "registered tie-break): BH, FB, SB, ARO take -C1..-C9 or -M1..-M9, PS -C1..-C9.",
    )
    tiebreak_edition = serializers.ChoiceField(
        choices=["", *EDITIONS], required=False, allow_blank=True,
        help_text="The C.07 text: 2024 (1 August 2024) or 2026; empty: the one in force on the event's first day.",
    )  # fmt: skip
    baku_acceleration = JsonBooleanField(required=False)
    starts_on = serializers.DateField(required=False, allow_null=True)
    city = serializers.CharField(max_length=100, required=False, allow_blank=True)
    federation = serializers.CharField(required=False, allow_blank=True, validators=[FEDERATION],
                                       help_text="Three-letter FIDE federation code, e.g. AUT.")  # fmt: skip
    is_public = JsonBooleanField(required=False)
    rated = JsonBooleanField(required=False, help_text="Its finished games count for the rating lists (issue 28).")
    seed_by = serializers.ChoiceField(choices=Event.SeedBy.values, required=False,
                                      help_text="typed: the rating typed for each player; rating: the rating list.")  # fmt: skip
    chief_arbiter = OneLineTextField(
        max_length=100,
        required=False,
        allow_blank=True,
        trim_whitespace=False,  # trimmed by the service, so the schema's pattern is exactly what is accepted
        help_text="The chief arbiter's name (TRF record 102); empty: the first arbiter's name. One line.",
    )
    # The way in (issue 23): registration, check-in, requested byes.
    registration = serializers.ChoiceField(choices=RegistrationMode.choices, required=False)
    registration_closes_at = serializers.DateTimeField(required=False, allow_null=True)
    max_players = serializers.IntegerField(min_value=2, max_value=100_000, required=False, allow_null=True,
                                           help_text="Past it, registrations wait on a list; null: no limit.")  # fmt: skip
    check_in_required = JsonBooleanField(required=False)
    check_in_opens_minutes = serializers.IntegerField(min_value=0, max_value=7 * 24 * 60, required=False)
    requested_bye_points = GamePartField(required=False, help_text="What a requested bye scores: 0, 0.5 or 1 game.")
    max_requested_byes = serializers.IntegerField(min_value=0, max_value=MAX_ROUNDS, required=False)

    #: The API's names of the event's columns where they differ (a refusal names the field the caller sent).
    API_NAMES = {"rounds_planned": "rounds", "variant_key": "variant", "variant_options": "variant_policy"}

    def validate_tiebreaks(self, value: list[str]) -> list[str]:
        try:
            return parse_tiebreaks(value)
        except ValueError as exc:
            raise serializers.ValidationError(str(exc)) from None

    @staticmethod
    def schema_one_of() -> list[dict]:
        """validate() in the schema (config.api_schema): the draw is ``variant_policy`` with its ``variant`` (a
        fixed policy names one), or neither of them; ``variant`` alone names no draw."""
        named = [{**branch, "required": sorted({"variant_policy", *branch.get("required", [])})} for branch in draw_branches()]
        neither = {"not": {"anyOf": [{"required": ["variant_policy"]}, {"required": ["variant"]}, {"required": ["pool"]}]}}
        return [*named, neither]

    def validate(self, data: dict) -> dict:
        if "requested_bye_points" in data:
            data["requested_bye_points"] = Decimal(str(data["requested_bye_points"]))
        if ("variant" in data or "pool" in data) and "variant_policy" not in data:
            raise serializers.ValidationError(
                {"variant_policy": "name the variant policy with the variant or the pool: they are one draw"}
            )
        if "variant_policy" in data:
            data.update(draw_columns(data["variant_policy"], data.pop("variant", None), data.pop("pool", None)))
        return data

    def way_in(self) -> dict:
        """The way-in settings given (tournaments.services.way_in_settings)."""
        return {name: value for name, value in self.validated_data.items() if name in WAY_IN_SETTINGS}

    def columns(self) -> dict:
        """The other validated fields as the event's columns (the draw already as its three columns)."""
        data = {name: value for name, value in self.validated_data.items() if name not in WAY_IN_SETTINGS}
        if "rounds" in data:
            data["rounds_planned"] = data.pop("rounds")
        return data


class RollSerializer(JsonTypedSerializer):
    how = serializers.ChoiceField(choices=["server", "physical"])
    roll = serializers.CharField(max_length=20, required=False, validators=[DICE],
                                 help_text="Physical dice as they showed, e.g. 6-6-2.")  # fmt: skip
    roll2 = serializers.CharField(max_length=20, required=False, allow_blank=True,
                                  validators=[RegexValidator(rf"^(?:{DICE.regex.pattern[1:-1]})?$", DICE.message)],
                                  help_text="A second roll where the first allows one (empty: none).")  # fmt: skip
    reason = serializers.CharField(max_length=300, required=False, allow_blank=True,
                                   help_text="Why physical dice replace the committed server seed.")  # fmt: skip

    @staticmethod
    def schema_one_of() -> list[dict]:
        """validate() in the schema (config.api_schema): physical dice name the roll, a server roll sends none."""
        return [
            {"properties": {"how": one_of_texts(["physical"])}, "required": ["roll"]},
            {"properties": {"how": one_of_texts(["server"]), "roll2": {"type": "string", "maxLength": 0}},
             "not": {"required": ["roll"]}},
        ]  # fmt: skip

    def validate(self, data: dict) -> dict:
        if data["how"] == "physical" and not data.get("roll"):
            raise serializers.ValidationError({"roll": "physical dice need the roll, e.g. 6-6-2"})
        if data["how"] == "server" and (data.get("roll") or data.get("roll2")):
            raise serializers.ValidationError({"roll": "a server roll is derived from the committed seed: send no dice"})
        return data


class BoardPatchSerializer(JsonTypedSerializer):
    """One correction of a board: ``white`` and ``black`` (put two players on it), ``swap`` (swap colours),
    ``exchange`` (two player ids trading places), ``forfeit`` (who forfeits: white, black or both) or ``bye`` (who
    gets the bye: white or black; the other is absent). Before publication, and after it until the board's game
    has a move or a result."""

    white = serializers.IntegerField(min_value=1, max_value=2**63 - 1, required=False, help_text="Player id.")
    black = serializers.IntegerField(min_value=1, max_value=2**63 - 1, required=False, help_text="Player id.")
    swap = JsonBooleanField(required=False, help_text="true: White and Black change places.")
    exchange = serializers.ListField(child=serializers.IntegerField(min_value=1, max_value=2**63 - 1), min_length=2,
                                     max_length=2, required=False, help_text="Two player ids that trade places.")  # fmt: skip
    forfeit = serializers.ChoiceField(choices=["white", "black", "both"], required=False, help_text="Who forfeits.")
    bye = serializers.ChoiceField(choices=["white", "black"], required=False,
                                  help_text="Who gets the bye; the board is removed and the other player is absent.")  # fmt: skip
    override = serializers.CharField(max_length=300, required=False, allow_blank=True,
                                     help_text="Reason to allow a forbidden pairing, a rematch or a second bye.")  # fmt: skip

    OPERATIONS = ("players", "swap", "exchange", "forfeit", "bye")

    @staticmethod
    def schema_one_of() -> list[dict]:
        """validate() in the schema (config.api_schema): exactly one correction per request."""
        # oneOf already means exactly one branch: a body naming two corrections matches two and is refused, with no
        # "not" and no boolean enum (which generated clients cannot read); ``swap`` is sent true or not at all.
        return [{"required": ["white", "black"]}, *({"required": [op]} for op in ("swap", "exchange", "forfeit", "bye"))]

    def validate_swap(self, value: bool) -> bool:
        if not value:
            raise serializers.ValidationError("send swap: true, or leave it out")
        return value

    def validate(self, data: dict) -> dict:
        if ("white" in data) != ("black" in data):
            raise serializers.ValidationError({"white" if "white" not in data else "black": "name both players"})
        chosen = [op for op in self.OPERATIONS if (op == "players" and "white" in data) or (op != "players" and data.get(op))]
        if len(chosen) != 1:
            raise serializers.ValidationError({"body": "send one of: white and black, swap, exchange, forfeit, bye"})
        data["operation"] = chosen[0]
        return data


class ResultRowSerializer(serializers.Serializer):
    """One row of the result grid (documentation: rows are checked by tournaments.services.result_grid)."""

    board = serializers.IntegerField(min_value=1, max_value=32767)
    result = serializers.ChoiceField(choices=list(RESULTS))
    termination = serializers.CharField()
    forcing_side = serializers.ChoiceField(choices=list(SIDES), required=False, allow_null=True)
    checking_side = serializers.ChoiceField(choices=list(SIDES), required=False, allow_null=True)
    position = serializers.CharField(required=False, allow_blank=True)


class PlayerRowSerializer(StrictSerializer):
    """One player of an import (documentation: rows are checked by tournaments.services.csv_import, which refuses a
    field it does not know: the schema's additionalProperties false)."""

    name = serializers.CharField(max_length=200)
    rating = serializers.IntegerField(required=False, min_value=0, max_value=4000)
    federation = serializers.RegexField(r"^\s*(?:[A-Za-z]{3})?\s*$", required=False,
                                        help_text="Three-letter FIDE federation code, e.g. AUT.")  # fmt: skip
    fide_id = serializers.RegexField(r"^\s*[0-9]{0,12}\s*$", required=False)
    seed = serializers.IntegerField(
        required=False, min_value=1, max_value=32767, help_text="Starting rank; without it, by rating (FIDE C.04.2)."
    )
    # Text, not the schema's email format: a row without one answers "" (the import checks the address).
    email = serializers.CharField(required=False, allow_blank=True, max_length=254,
                                  help_text="Where the invitation to log in goes (an e-mail address).")  # fmt: skip
    username = serializers.CharField(required=False, help_text="The username the invitation offers.")
    sex = serializers.RegexField(r"^[mwMW]?$", required=False, allow_blank=True, help_text="m or w (the TRF's codes).")
    title = serializers.ChoiceField(choices=["", *FIDE_TITLES], required=False, allow_blank=True, help_text="FIDE title.")
    birth_date = serializers.RegexField(r"^[0-9]{4}[-/][0-9]{2}[-/][0-9]{2}$", required=False, allow_blank=True,
                                        help_text="YYYY-MM-DD (or YYYY/MM/DD), from 1900 to today.")  # fmt: skip


def field_errors(errors: dict, where: dict | None = None) -> list[dict]:
    """A DRF serializer's errors as the API's list: [{(board|row), field, reason}]."""
    found = []
    for field, messages in errors.items():
        if isinstance(messages, dict):
            found += field_errors(messages, where)
            continue
        for message in messages if isinstance(messages, list) else [messages]:
            name = "body" if field == "non_field_errors" else str(field)  # a list item's error is keyed by its index
            found.append({**(where or {}), "field": name, "reason": str(message)})
    return found


def _player(player) -> dict:
    return {"id": player.id, "name": player.name}


def board_row(game: Game, before: dict[int, float]) -> dict:
    points = [None if p is None else float(p) for p in (game.white_points, game.black_points)]
    return {
        "board": game.board,
        "game_id": game.id,
        # Scores before the round, as chess-results shows them on a pairing list (queries.scores_before).
        "white": {**_player(game.white), "score_before": before.get(game.white_id, 0.0)},
        "black": {**_player(game.black), "score_before": before.get(game.black_id, 0.0)},
        "result": game.result,
        "termination": game.termination,
        "result_status": game.result_status,
        "white_points": points[0],
        "black_points": points[1],
    }


def bye_row(bye: Bye, before: dict[int, float]) -> dict:
    """A bye as the public round gives it (the player with federation and points before the round)."""
    return {
        "player": queries.board_player(bye.player, before.get(bye.player_id, 0.0)),
        "kind": bye.kind,
        "points": float(bye.points),
    }


def round_payload(event: Event, rnd: Round, *, staff: bool) -> dict:
    """A round as the API gives it: the public keys (games, byes, variant) and the organizer's (published, boards).

    The public see results only once final (``queries.game_row``); the event's staff see the boards as they are.
    """
    games = queries.round_games(rnd)
    byes = queries.round_byes(rnd)
    before = queries.scores_before(rnd) if games or byes else {}
    variant = variant_from_block(event, rnd, rnd.variant_block) if rnd.variant_block else None
    published = rnd.status in queries.PUBLIC_ROUND_STATUSES
    return {
        "event": event.slug,
        "number": rnd.number,
        "status": rnd.status,
        "published": published,
        "published_at": rnd.published_at,
        "starts_at": rnd.starts_at,
        "block": rnd.variant_block.index if rnd.variant_block else None,
        "variant": variant,
        "boards": [board_row(g, before) if staff else {**board_row(g, before), **_public_result(g)} for g in games],
        "byes": [bye_row(b, before) for b in byes],
        "games": explained_rows(rnd, games, before),
    }


def _public_result(game: Game) -> dict:
    row = queries.game_row(game)
    return {key: row[key] for key in ("result", "termination", "white_points", "black_points")}
