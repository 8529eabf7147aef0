"""The services behind the review screen and the event's life cycle: exchange players, move the bye, pair again,
the colour history that explains each board, late entry with byes for the missed rounds, withdrawal from round N."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from tests.tournaments.helpers import make_event, make_user, play_round
from tournaments.models import Bye, Event, ForbiddenPairing, PairingChange, Player, Registration
from tournaments.services import (
    Conflict,
    RowErrors,
    exchange_players,
    late_entry,
    move_bye,
    pair_round,
    publish_round,
    repair_round,
    withdraw_player,
)
from tournaments.services.review import due_colour, review_rows

pytestmark = pytest.mark.django_db


def _boards(rnd):
    return [(g.white_id, g.black_id) for g in rnd.games.order_by("board")]


def test_two_players_exchange_boards_keeping_the_colours_of_the_seats():
    event, organizer, _ = make_event(4)
    rnd = pair_round(event, by=organizer)
    (a, b), (c, d) = _boards(rnd)
    exchange_players(rnd, a, d, by=organizer)
    assert _boards(rnd) == [(d, b), (c, a)]
    entry = PairingChange.objects.get(round=rnd, action="pairing-changed")
    assert entry.description.splitlines()[0].endswith("exchanged") and len(entry.after["boards"]) == 2


def test_the_bye_moves_to_another_player_who_hands_over_their_seat():
    event, organizer, players = make_event(5)
    rnd = pair_round(event, by=organizer)
    had_bye = rnd.byes.get().player_id
    (a, b), _ = _boards(rnd)
    move_bye(rnd, a, by=organizer)
    assert rnd.byes.get().player_id == a
    assert _boards(rnd)[0] == (had_bye, b)
    assert rnd.byes.get().points == Decimal("100")


def test_a_forbidden_pairing_needs_an_override_reason_and_the_reason_is_audited():
    event, organizer, players = make_event(4)
    rnd = pair_round(event, by=organizer)
    (a, b), (c, d) = _boards(rnd)
    ForbiddenPairing.objects.create(event=event, player_a_id=a, player_b_id=c)
    with pytest.raises(RowErrors) as refused:
        exchange_players(rnd, b, c, by=organizer)
    assert refused.value.errors[0]["field"] == "override" and "forbidden" in refused.value.errors[0]["reason"]
    assert _boards(rnd) == [(a, b), (c, d)]
    exchange_players(rnd, b, c, by=organizer, override="siblings agreed to play")
    assert _boards(rnd) == [(a, c), (b, d)]
    assert "Override: siblings agreed to play" in PairingChange.objects.get(round=rnd, action="pairing-changed").description


def test_pairing_again_from_scratch_is_audited_and_only_before_publication():
    event, organizer, _ = make_event(4)
    rnd = pair_round(event, by=organizer)
    exchange_players(rnd, *(_boards(rnd)[0]), by=organizer)
    swapped = _boards(rnd)
    repair_round(rnd, by=organizer)
    assert _boards(rnd) != swapped
    assert PairingChange.objects.filter(round=rnd, action="round-repaired").exists()
    publish_round(rnd, by=organizer)
    with pytest.raises(Conflict):
        repair_round(rnd, by=organizer)


def test_the_review_explains_colours_by_the_seed_pattern():
    # W B B W W: a player's colour changes only after odd rounds.
    assert [due_colour({1: "w"}, 2), due_colour({1: "w", 2: "b"}, 3), due_colour({1: "w", 2: "b", 3: "b"}, 4)] == ["b", "b", "w"]
    assert due_colour({}, 1) is None and due_colour({1: "b"}, 3) == "w"  # a bye in round 2 does not break the phase
    event, organizer, _ = make_event(4)
    play_round(publish_round(pair_round(event, by=organizer)), by=organizer)
    review = review_rows(pair_round(event, by=organizer))
    for board in review["boards"]:
        for seat, colour in ((board["white"], "w"), (board["black"], "b")):
            assert seat.due == {"w": "b", "b": "w"}[seat.history]  # colours change after round 1
            assert f"{seat.name} {'is due' if seat.due == colour else 'was due'}" in board["why"]


def test_a_late_entry_scores_the_chosen_bye_in_each_missed_round_and_joins_the_next():
    event, organizer, _ = make_event(4)
    for _ in range(2):
        play_round(publish_round(pair_round(event, by=organizer)), by=organizer)
    newcomer = Player.objects.create(name="Late Larry", rating=1500)
    reg = late_entry(event, newcomer, missed_bye=Bye.Kind.REQUESTED, by=organizer)
    assert reg.joined_round == 3
    byes = Bye.objects.filter(player=newcomer).order_by("round__number")
    half = Decimal("50")
    assert [(b.round.number, b.kind, b.points) for b in byes] == [(1, "requested", half), (2, "requested", half)]
    assert newcomer.id in {pid for pair in _boards(pair_round(event, by=organizer)) for pid in pair} | {
        b.player_id for b in event.rounds.get(number=3).byes.all()
    }
    with pytest.raises(ValidationError, match="missed round"):
        late_entry(event, Player.objects.create(name="Full Point"), missed_bye="pairing")


def test_a_withdrawal_from_round_n_keeps_the_games_before_it_and_is_never_paired_after():
    event, organizer, players = make_event(4, rounds=5)
    play_round(publish_round(pair_round(event, by=organizer)), by=organizer)
    with pytest.raises(ValidationError, match="already published"):
        withdraw_player(event, players[0], from_round=1, by=organizer)
    withdraw_player(event, players[0], from_round=3, by=organizer)
    reg = Registration.objects.get(event=event, player=players[0])
    assert (reg.status, reg.withdrawn_after_round) == ("withdrawn", 2)
    second = pair_round(event, by=organizer)
    assert players[0].id in {pid for pair in _boards(second) for pid in pair}  # still plays round 2
    play_round(publish_round(second), by=organizer)
    third = pair_round(event, by=organizer)
    assert players[0].id not in {pid for pair in _boards(third) for pid in pair}
    entry = PairingChange.objects.get(event=event, action="withdrawal")
    assert entry.after == {"player": players[0].name, "status": "withdrawn", "from_round": 3}


def test_visibility_is_one_rule_on_the_model():
    event, organizer, _ = make_event(2)
    arbiter, stranger = make_user("arb"), make_user("stranger")
    event.arbiters.add(arbiter)
    assert event.status == Event.Status.DRAFT
    assert not Event.objects.visible_to(None).filter(pk=event.pk).exists()
    assert not Event.objects.visible_to(stranger).filter(pk=event.pk).exists()
    assert Event.objects.visible_to(organizer).filter(pk=event.pk).exists()
    assert Event.objects.visible_to(arbiter).filter(pk=event.pk).exists()
    Event.objects.filter(pk=event.pk).update(status=Event.Status.ANNOUNCED)
    assert Event.objects.visible_to(stranger).filter(pk=event.pk).exists()
