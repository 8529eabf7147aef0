"""The director's pages of an event in the admin: the run sheet, the dice ceremony, players (import, late entry,
withdrawal). Each page calls tournaments.services, the same functions as the organizer API."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse

from tournaments import models, services
from tournaments.admin.forms import LateEntryForm, PhysicalDiceForm, WithdrawalForm
from tournaments.admin.scoped import error_text
from tournaments.board_svg import position_svg
from tournaments.public.blocks import event_blocks
from tournaments.services.audit import trail
from tournaments.services.dice import in_play, rolled_text, two_rolls
from tournaments.services.errors import RowErrors, reasons
from variants.base import InvalidPositionError
from variants.registry import get_engine


def event_for(model_admin, request, pk: int, *, organizer: bool = False) -> models.Event:
    """The event (scoped to the user's events); PermissionDenied unless they run it (or organize it)."""
    event = get_object_or_404(model_admin.get_queryset(request), pk=pk)
    allowed = services.is_organizer(request.user, event) or models.sees_every_event(request.user)
    if not organizer:
        allowed = allowed or services.is_arbiter(request.user, event)
    if not allowed:
        raise PermissionDenied
    return event


def render(model_admin, request, template: str, event: models.Event, title: str, **context) -> TemplateResponse:
    context = {**model_admin.admin_site.each_context(request), "opts": model_admin.opts, "event": event,
               "title": title, "hub_url": reverse("admin:tournaments_event_director", args=[event.pk]), **context}  # fmt: skip
    return TemplateResponse(request, template, context)


def _back(url_name: str, *args) -> HttpResponseRedirect:
    return HttpResponseRedirect(reverse(url_name, args=args))


# --- the run sheet --------------------------------------------------------------------------------------------------


def hub_view(model_admin, request, pk: int):
    """One page for the whole event: announce, players, dice, rounds with their next step, the latest audit."""
    event = event_for(model_admin, request, pk)
    if request.method == "POST":
        return _hub_action(request, event)
    rounds = list(event.rounds.exclude(status=models.Round.Status.PENDING).select_related("variant_block").order_by("number"))
    context = {
        "rounds": rounds,
        "next_round": (rounds[-1].number + 1) if rounds else 1,
        "total": services.rounds_total(event),
        "pairing_system": services.pairing_system_label(event),
        "players": event.registrations.count(),
        "blocks": event_blocks(event, public=False),
        "audit": trail(event, limit=12),
        "is_organizer": services.is_organizer(request.user, event) or models.sees_every_event(request.user),
        "unsettled": unsettled_games(event),
    }
    return render(model_admin, request, "admin/tournaments/event/director.html", event, f"Run {event}", page="hub", **context)


def unsettled_games(event: models.Event) -> list[models.Game]:
    """The games whose players' reports wait: disputed first (an arbiter must decide), then reported and not yet
    confirmed; the run sheet flags them, with the way to the round's result grid."""
    waiting = (models.Game.ResultStatus.DISPUTED, models.Game.ResultStatus.REPORTED)
    games = models.Game.objects.filter(round__event=event, result_status__in=waiting).select_related("round", "white", "black")
    return sorted(games, key=lambda g: (g.result_status != models.Game.ResultStatus.DISPUTED, g.round.number, g.board))


def _hub_action(request, event: models.Event):
    op = request.POST.get("op")
    try:
        if op == "announce":
            if not (services.is_organizer(request.user, event) or models.sees_every_event(request.user)):
                raise PermissionDenied
            services.announce_event(event, by=request.user)
            messages.success(request, f"{event} is announced: the public can see it now.")
        elif op == "close":
            if not (services.is_organizer(request.user, event) or models.sees_every_event(request.user)):
                raise PermissionDenied
            if request.POST.get("confirm") != "yes":
                messages.warning(request, f"Close {event}? Tick “I am sure” and press the button again: a closed event "
                                          "takes no more rounds, players or results.")  # fmt: skip
                return _back("admin:tournaments_event_director", event.pk)
            services.close_event(event, by=request.user)
            messages.success(request, f"{event} is closed: its standings are final.")
        elif op == "pair":
            paired = services.pair_round_outcome(event, by=request.user)
            rnd = paired.round
            if paired.rolled_now:
                block = rnd.variant_block
                messages.warning(request, f"Block {block.index} had not been rolled: the server rolled it now "
                                          f"({rolled_text(block)}); the roll is in the audit trail.")  # fmt: skip
            messages.success(request, f"Round {rnd.number} paired. Review it, then publish.")
            return _back("admin:tournaments_round_review", rnd.pk)
    except ValidationError as exc:
        messages.error(request, error_text(exc))
    return _back("admin:tournaments_event_director", event.pk)


# --- the dice ceremony ----------------------------------------------------------------------------------------------


def dice_view(model_admin, request, pk: int):
    """Every block: its commitment, "Roll now", physical dice as shown (correctable until the block is in play)."""
    event = event_for(model_admin, request, pk)
    services.prepare_event(event)  # every planned block has its commitment before anyone looks at the page
    forms_by_block: dict[int, PhysicalDiceForm] = {}
    if request.method == "POST":
        index = _int(request.POST.get("block"))
        try:
            if request.POST.get("op") == "roll" and index:
                block = services.roll_now(event, index, by=request.user)
                messages.success(request, f"Block {index} rolled by the server: {rolled_text(block)}.")
                return _back("admin:tournaments_event_dice", event.pk)
            if request.POST.get("op") == "physical" and index:
                form = PhysicalDiceForm(request.POST, prefix=f"b{index}")
                forms_by_block[index] = form
                if form.is_valid():
                    data = form.cleaned_data
                    services.enter_physical_roll(event, index, data["roll"], data["roll2"] or None, by=request.user,
                                                 reason=data["reason"])  # fmt: skip
                    messages.success(request, f"Block {index}: physical dice recorded.")
                    return _back("admin:tournaments_event_dice", event.pk)
        except ValidationError as exc:
            messages.error(request, f"Block {index}: {error_text(exc)}")
            if index in forms_by_block:
                for field, reason in reasons(exc):
                    forms_by_block[index].add_error(field if field in ("roll", "roll2") else None, reason)
    blocks = [_block_view(event, block, forms_by_block) for block in models.VariantBlock.objects.filter(event=event)]
    rows = {r["index"]: r for r in event_blocks(event, public=False)}
    for view in blocks:
        view["row"] = rows.get(view["block"].index)
    template, title = "admin/tournaments/event/dice.html", f"Dice ceremony: {event}"
    return render(model_admin, request, template, event, title, page="dice", blocks=blocks, two_rolls=two_rolls(event))


def _int(value: str | None) -> int | None:
    return int(value) if value and value.isdigit() and len(value) < 6 else None


def _block_view(event: models.Event, block: models.VariantBlock, forms_by_block: dict) -> dict:
    diagram = ""
    if block.rolled_at and block.start_position:
        try:
            title, svg_id = f"Block {block.index}: start", f"block{block.index}"
            diagram = position_svg(get_engine(block.variant_key), block.start_position, title=title, svg_id=svg_id)
        except (KeyError, InvalidPositionError):
            diagram = ""
    physical = block.method == models.VariantBlock.Method.PHYSICAL
    initial = {"roll": block.first_shown, "roll2": block.second_shown} if physical else {}
    form = forms_by_block.get(block.index) or PhysicalDiceForm(prefix=f"b{block.index}", initial=initial)
    fixed = block.method == models.VariantBlock.Method.FIXED
    return {"block": block, "in_play": in_play(block), "diagram": diagram, "form": form, "fixed": fixed, "physical": physical}


# --- players: late entry and withdrawal -----------------------------------------------------------------------------


def players_view(model_admin, request, pk: int):
    """Late entry (with the bye kind for the rounds missed) and withdrawal from round N."""
    event = event_for(model_admin, request, pk)
    active = [(r.player_id, f"{r.seed}. {r.player.name}") for r in event.registrations.select_related("player")
              .filter(status=models.Registration.Status.ACTIVE).order_by("seed")]  # fmt: skip
    published = event.rounds.filter(status__in=(models.Round.Status.PUBLISHED, models.Round.Status.COMPLETE)).count()
    late = LateEntryForm(request.POST if request.POST.get("op") == "late" else None, prefix="late")
    withdraw = WithdrawalForm(request.POST if request.POST.get("op") == "withdraw" else None, players=active,
                              prefix="out", initial={"from_round": published + 1})  # fmt: skip
    if request.method == "POST":
        try:
            if late.is_bound and late.is_valid():
                data = late.cleaned_data
                player = models.Player.objects.create(name=data["name"], rating=data["rating"] or 0,
                                                      federation=(data["federation"] or "").upper())  # fmt: skip
                reg = services.late_entry(event, player, missed_bye=data["missed_bye"], by=request.user)
                messages.success(request, f"{player} joins from round {reg.joined_round}.")
                return _back("admin:tournaments_event_players", event.pk)
            if withdraw.is_bound and withdraw.is_valid():
                player = models.Player.objects.get(pk=withdraw.cleaned_data["player"])
                services.withdraw_player(event, player, from_round=withdraw.cleaned_data["from_round"], by=request.user)
                messages.success(request, f"{player} withdraws from round {withdraw.cleaned_data['from_round']} on.")
                return _back("admin:tournaments_event_players", event.pk)
        except ValidationError as exc:
            form = late if late.is_bound else withdraw
            for field, reason in reasons(exc):
                form.add_error(field if field in form.fields else None, reason)
            messages.error(request, f"Nothing changed: {error_text(exc)}")
    withdrawn = event.registrations.filter(status=models.Registration.Status.WITHDRAWN).select_related("player")
    return render(model_admin, request, "admin/tournaments/event/players.html", event, f"Players: {event}", page="players",
                  late=late, withdraw=withdraw, withdrawn=withdrawn, published=published)  # fmt: skip


def import_rows_errors(exc: ValidationError) -> list[dict]:
    """The rows of an import refusal (every bad row), or one row-less error."""
    if isinstance(exc, RowErrors):
        return exc.errors
    return [{"row": None, "field": field, "reason": reason} for field, reason in reasons(exc)]
