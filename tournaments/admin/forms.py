"""The forms of the director's admin pages: choices instead of free text wherever the rules give the choices."""

from __future__ import annotations

from django import forms

from tournaments.models import Bye, Event, Game
from tournaments.services import event_settings
from tournaments.services.result_grid import RESULT_LABELS, BoardChoices, board_choices
from tournaments.services.results import sides_from_points
from variants import policies
from variants.registry import variant_choices


class TiebreakTextField(forms.CharField):
    """The event's tie-break list as a director types it, ``BH-C1, BH, SB``: shown as that text, stored as the
    list of codes (the refusal is the organizer API's, from the same service check)."""

    def prepare_value(self, value):
        return ", ".join(value) if isinstance(value, list | tuple) else value


class EventForm(forms.ModelForm):
    """The event's own form: the variant is picked as people name it (a draw: a fixed variant, or a rolled
    variant's way with the dice), stored as the event's policy, variant and options (variants.policies)."""

    variant_policy = forms.ChoiceField(label="Variant policy")
    tiebreaks = TiebreakTextField(
        label="Tiebreaks", required=False, max_length=400,
        help_text="Codes in order, separated by commas, e.g. BH-C1, BH, SB, DE, WIN, BPG (docs/rules/tiebreaks.md).",
    )  # fmt: skip
    variant_key = forms.ChoiceField(label="Variant", required=False, help_text="The variant of a fixed policy.")
    pool = forms.MultipleChoiceField(
        label="Variant pool", required=False, widget=forms.CheckboxSelectMultiple,
        help_text="With the pool policy: each block of two rounds draws one of these variants (a commitment is public "
        "before the draw; the seed is revealed with the round).",
    )  # fmt: skip

    class Meta:
        model = Event
        fields = [
            "name",
            "slug",
            "format",
            "rounds_planned",
            "variant_policy",
            "variant_key",
            "pool",
            "time_control",
            "scoring",
            "baku_acceleration",
            "tiebreaks",
            "tiebreak_edition",
            "organizer",
            "arbiters",
            "status",
            "is_public",
            "starts_on",
            "city",
            "federation",
            "registration",
            "registration_closes_at",
            "max_players",
            "check_in_required",
            "check_in_opens_minutes",
            "requested_bye_points",
            "max_requested_byes",
            "chief_arbiter",
            "rated",
            "seed_by",
        ]  # fmt: skip  (the model's order; variant_options follows from the policy picked)

    #: The way in's settings (and the seeding's source) keep their value when a post leaves them out (a form of an
    #: older page, a script).
    KEPT_WHEN_ABSENT = ("registration", "check_in_opens_minutes", "requested_bye_points", "max_requested_byes", "seed_by")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in self.KEPT_WHEN_ABSENT:
            if name in self.fields:
                self.fields[name].required = False
        if "variant_policy" not in self.fields:  # read-only for this user (the admin drops the declared fields)
            return
        self.fields["variant_policy"].choices = [(draw.name, draw.label) for draw in policies.draws()]
        self.fields["variant_key"].choices = [("", "— (the dice or the pool choose)"), *variant_choices()]
        self.fields["pool"].choices = variant_choices()
        if not self.is_bound:
            self.initial["variant_policy"] = self.instance.draw.name
            drawn = policies.draws_blocks(self.instance.variant_policy) and not self.instance.variant_key
            self.initial["variant_key"] = (
                "" if policies.uses_dice(self.instance.variant_policy) or drawn else self.instance.variant_key
            )
            self.initial["pool"] = policies.pool_of(self.instance.variant_options)

    def clean(self):
        cleaned = super().clean()
        for kept in self.KEPT_WHEN_ABSENT:
            if kept in self.fields and cleaned.get(kept) in (None, "") and kept not in self.data:
                cleaned[kept] = getattr(self.instance, kept)
        name = cleaned.get("variant_policy")
        if "variant_policy" not in self.fields or not name:
            return cleaned
        draw = policies.draw_named(name)
        cleaned["variant_policy"] = draw.policy
        pool = list(cleaned.pop("pool", None) or [])
        if policies.draws_from_pool(draw.policy) or pool:
            return self._clean_pool(cleaned, draw, pool)
        cleaned["variant_key"] = draw.variant or cleaned.get("variant_key") or ""
        if draw.variant is None and not cleaned["variant_key"]:
            self.add_error("variant_key", "a fixed policy needs its variant")
            return cleaned
        cleaned["variant_options"] = dict(draw.options)
        self._check_with_the_service(cleaned)
        self.instance.variant_options = cleaned.pop("variant_options")
        return cleaned

    def _clean_pool(self, cleaned: dict, draw: policies.Draw, pool: list[str]) -> dict:
        """A pool as the organizer API takes it: the pool policy only, no variant of its own, a pool that is one."""
        if not policies.draws_from_pool(draw.policy):
            self.add_error("pool", f"only the policy {policies.POOL_DRAW.label!r} takes a pool")
            return cleaned
        if cleaned.get("variant_key"):
            self.add_error("variant_key", "a pool draws each block's variant: leave the variant empty")
            return cleaned
        cleaned["variant_key"] = ""
        cleaned["variant_options"] = {policies.POOL_OPTION: pool}
        self._check_with_the_service(cleaned)
        self.instance.variant_options = cleaned.pop("variant_options")
        return cleaned

    def _check_with_the_service(self, cleaned: dict) -> None:
        """The organizer API's check (tournaments.services.event_settings): bad values, and once round 1 is
        paired the locked fields, each refused next to its field, keeping what was typed."""
        names = [*event_settings.LOCKED, *event_settings.OPEN]
        values = {name: cleaned[name] for name in names if name in cleaned and name in self.fields or name == "variant_options"}
        conflicts, invalid = event_settings.problems(self.instance, values)
        for name, reason in {**invalid, **conflicts}.items():
            field = "variant_policy" if name == "variant_options" else name
            self.add_error(field if field in self.fields else None, reason)
        if "tiebreaks" in cleaned and "tiebreaks" not in invalid:
            cleaned["tiebreaks"] = event_settings.normalized({"tiebreaks": cleaned["tiebreaks"]})["tiebreaks"]


SIDE_CHOICES = [("", "—"), ("white", "White"), ("black", "Black")]


class PhysicalDiceForm(forms.Form):
    roll = forms.CharField(max_length=20, label="Roll (as the dice show)", widget=forms.TextInput(attrs={"size": 7,
                           "placeholder": "6-6-2", "autocomplete": "off"}))  # fmt: skip
    roll2 = forms.CharField(max_length=20, required=False, label="Second roll",
                            widget=forms.TextInput(attrs={"size": 7, "autocomplete": "off"}))  # fmt: skip
    reason = forms.CharField(max_length=300, required=False, label="Why physical dice (kept with the commitment)",
                             widget=forms.TextInput(attrs={"size": 40}))  # fmt: skip


class ResultRowForm(forms.Form):
    """One board of the result grid; its choices come from the board's variant and the event's scoring."""

    result = forms.ChoiceField(required=False)
    termination = forms.ChoiceField(required=False)
    side = forms.ChoiceField(choices=SIDE_CHOICES, required=False, label="Forcing / checking side")
    position = forms.CharField(required=False, max_length=300, widget=forms.TextInput(attrs={"size": 34,
                               "autocomplete": "off", "spellcheck": "false"}))  # fmt: skip

    def __init__(self, *args, game: Game, **kwargs):
        self.game = game
        self.choices: BoardChoices = board_choices(game)
        kwargs.setdefault("prefix", f"b{game.board}")
        kwargs.setdefault("initial", _initial(game))
        super().__init__(*args, **kwargs)
        self.fields["result"].choices = [("", "—"), *RESULT_LABELS.items()]
        self.fields["termination"].choices = [("", "—")] + [(t, self.choices.label(t)) for t in self.choices.terminations]
        sided = [t for t in self.choices.terminations if self.choices.side_field(t)]
        self.fields["termination"].widget.attrs["data-side"] = " ".join(sided)
        material = [t for t in self.choices.terminations if self.choices.needs_position(t)]
        self.fields["termination"].widget.attrs["data-material"] = " ".join(material)
        for name in self.fields:
            self.fields[name].widget.attrs["aria-label"] = f"Board {game.board}: {name}"
        if self.choices.live_position:
            self.fields["position"].widget.attrs["placeholder"] = "from the live game"

    def row(self) -> dict | None:
        """The row for tournaments.services.enter_results, or None when nothing was typed on this board."""
        data = self.cleaned_data if hasattr(self, "cleaned_data") else {}
        values = {name: (data.get(name) or "").strip() for name in ("result", "termination", "side", "position")}
        if not any(values.values()):
            return None
        row = {"board": self.game.board, "result": values["result"], "termination": values["termination"],
               "position": values["position"]}  # fmt: skip
        side_field = self.choices.side_field(values["termination"])
        if side_field:
            row[side_field] = values["side"] or None
        return row

    def unchanged(self) -> bool:
        """Nothing differs from the result already on record (then the row is not sent again)."""
        return not self.has_changed()

    def field_for(self, name: str) -> str | None:
        """The field of this form that an error on ``name`` (a service field) belongs next to."""
        return {"forcing_side": "side", "checking_side": "side"}.get(name, name if name in self.fields else None)


def _initial(game: Game) -> dict:
    if game.result_status != Game.ResultStatus.FINAL:
        return {}
    sides = sides_from_points(game, game.termination, game.white_points, game.black_points)
    result = game.result if game.result in RESULT_LABELS else ""
    # The final position a material decision was made on stays in its field (a live game's is shown as such).
    position = game.position if board_choices(game).needs_position(game.termination) and not game.moves else ""
    return {"result": result, "termination": game.termination, "side": next(iter(sides.values()), ""), "position": position}


class LateEntryForm(forms.Form):
    name = forms.CharField(max_length=200, label="Player's name")
    rating = forms.IntegerField(min_value=0, max_value=4000, required=False)
    federation = forms.CharField(max_length=3, required=False)
    missed_bye = forms.ChoiceField(
        label="Rounds missed count as",
        choices=[(Bye.Kind.ABSENT, "Zero-point byes"), (Bye.Kind.REQUESTED, "Half-point byes (a draw's points)")],
    )


class WithdrawalForm(forms.Form):
    player = forms.TypedChoiceField(coerce=int, label="Player")
    from_round = forms.IntegerField(min_value=1, max_value=999, label="Withdraws from round")

    def __init__(self, *args, players: list[tuple[int, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [("", "—"), *players]


class ExchangeForm(forms.Form):
    first = forms.TypedChoiceField(coerce=int, label="Player")
    second = forms.TypedChoiceField(coerce=int, label="exchanges places with")
    override = forms.CharField(max_length=300, required=False, label="Override reason (forbidden pairing, rematch, "
                               "second bye)", widget=forms.TextInput(attrs={"size": 40}))  # fmt: skip

    def __init__(self, *args, players: list[tuple[int, str]], **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            self.fields[name].choices = [("", "—"), *players]


class ScheduleForm(forms.Form):
    starts_at = forms.DateTimeField(required=False, label="Starts at (UTC)",
                                    widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
                                    input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"])  # fmt: skip
