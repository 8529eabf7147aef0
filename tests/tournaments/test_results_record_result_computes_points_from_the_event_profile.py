"""record_result: the server computes the points under the event's profile, reading material from the position."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from tests.scoring import db
from tournaments.models import Game, PairingChange
from tournaments.services.results import record_result

pytestmark = pytest.mark.django_db

# White: K+Q+R (140); Black: K+Q+P (100 + 4.5): White leads by 35.5.
WHITE_AHEAD = "4k3/3q4/8/8/8/8/R2Q3p/4K3 w - - 0 60"
# White: K+R (50); Black: K+R (50 + 4.5): level.
LEVEL = "4k3/3r4/8/8/8/8/3R4/4K3 w - - 0 60"


def a_game(scoring="dynamic", variant="sscc"):
    ev = db.event(scoring=scoring, variant_key=variant)
    return db.game(ev, db.player(ev=ev), db.player(ev=ev))


def test_checkmate_is_100_to_0_in_dynamic_scoring():
    game = record_result(a_game(), result="0-1", termination="checkmate")
    assert (game.white_points, game.black_points) == (Decimal("0"), Decimal("100"))
    assert game.result_status == Game.ResultStatus.FINAL
    assert game.status == Game.Status.FINISHED


def test_classical_scoring_gives_one_half_zero():
    game = record_result(a_game("classical"), result="1/2-1/2", termination="agreement")
    assert (game.white_points, game.black_points) == (Decimal("0.5"), Decimal("0.5"))


def test_agreement_is_decided_on_the_material_of_the_final_position():
    game = record_result(a_game(), result="1-0", termination="agreement", position=WHITE_AHEAD)
    assert (game.white_points, game.black_points) == (Decimal("51"), Decimal("49"))


def test_level_material_is_a_fifty_fifty_draw():
    game = record_result(a_game(), result="1/2-1/2", termination="threefold-repetition", position=LEVEL)
    assert (game.white_points, game.black_points) == (Decimal("50"), Decimal("50"))


def test_the_live_games_position_is_used_when_none_is_given():
    game = a_game()
    Game.objects.filter(pk=game.pk).update(position=WHITE_AHEAD)
    game = record_result(game, result="1-0", termination="fifty-moves")
    assert game.white_points == Decimal("51")


def test_a_result_the_material_contradicts_is_refused_and_nothing_changes():
    game = a_game()
    with pytest.raises(ValidationError) as info:
        record_result(game, result="0-1", termination="agreement", position=WHITE_AHEAD)
    assert "result" in info.value.message_dict
    assert "51-49" in info.value.message_dict["result"][0]
    game.refresh_from_db()
    assert game.result == "" and game.result_status == ""


def test_a_board_draw_decided_by_the_profile_is_stored_as_the_points_say():
    # The live game ends in a draw on the board; dynamic scoring gives the material win to White.
    game = record_result(a_game(), result="1/2-1/2", termination="threefold-repetition", position=WHITE_AHEAD)
    assert (game.result, game.white_points, game.black_points) == ("1-0", Decimal("51"), Decimal("49"))
    # A stalemate the engine reports as a draw with the forcing army: 60-40, stored as a Black win.
    game = record_result(a_game(), result="1/2-1/2", termination="stalemate", forcing_side="black")
    assert (game.result, game.black_points) == ("0-1", Decimal("60"))
    # The retry with the board result is still recognised as identical.
    assert record_result(game, result="1/2-1/2", termination="stalemate", forcing_side="black").result == "0-1"
    # Each first entry is audited (issue 12); the identical retry adds nothing.
    assert list(PairingChange.objects.values_list("action", flat=True)) == ["result-entered", "result-entered"]


def test_a_draw_is_not_a_double_forfeit():
    with pytest.raises(ValidationError):
        record_result(a_game(), result="1/2-1/2", termination="forfeit")


def test_the_last_result_of_a_round_completes_it():
    ev = db.event(scoring="classical")
    first = db.game(ev, db.player(ev=ev), db.player(ev=ev))
    second = db.game(ev, db.player(ev=ev), db.player(ev=ev))
    record_result(first, result="1-0", termination="resignation")
    first.round.refresh_from_db()
    assert first.round.status == "published"
    record_result(second, result="1/2-1/2", termination="agreement")
    first.round.refresh_from_db()
    assert first.round.status == "complete"


def test_a_malformed_position_names_the_position_field():
    game = a_game()
    with pytest.raises(ValidationError) as info:
        record_result(game, result="1-0", termination="agreement", position="this is not a position")
    assert "position" in info.value.message_dict
    game.refresh_from_db()
    assert game.white_points is None


def test_a_material_decision_without_any_position_names_the_position_field():
    with pytest.raises(ValidationError) as info:
        record_result(a_game(), result="1-0", termination="agreement")
    assert "required" in info.value.message_dict["position"][0]


def test_a_termination_impossible_in_the_variant_names_the_termination_field():
    with pytest.raises(ValidationError) as info:
        record_result(a_game(variant="rvc"), result="1-0", termination="far-rank")
    assert "far-rank" in info.value.message_dict["termination"][0]


def test_an_unknown_result_names_the_result_field():
    with pytest.raises(ValidationError) as info:
        record_result(a_game(), result="2-0", termination="checkmate")
    assert "result" in info.value.message_dict


def test_double_forfeit_scores_nothing_and_zero_zero_needs_a_forfeit():
    game = record_result(a_game(), result="0-0", termination="forfeit")
    assert (game.white_points, game.black_points) == (Decimal("0"), Decimal("0"))
    with pytest.raises(ValidationError):
        record_result(a_game(), result="0-0", termination="resignation")


def test_stalemate_goes_60_40_to_the_side_that_forced_it():
    game = record_result(a_game(), result="0-1", termination="stalemate")
    assert (game.white_points, game.black_points) == (Decimal("40"), Decimal("60"))


def test_a_classical_stalemate_reported_as_a_win_is_refused():
    with pytest.raises(ValidationError) as info:
        record_result(a_game("classical"), result="1-0", termination="stalemate")
    assert "1/2-1/2" in info.value.message_dict["result"][0]


def test_an_identical_retry_changes_nothing():
    game = record_result(a_game(), result="1-0", termination="resignation")
    Game.objects.filter(pk=game.pk).update(finished_at=None)  # a marker the retry would overwrite if it saved
    again = record_result(game, result="1-0", termination="resignation")
    assert again.finished_at is None
    assert list(PairingChange.objects.values_list("action", flat=True)) == ["result-entered"]  # the first entry only


def test_a_changed_result_is_logged_with_who_changed_it():
    game = record_result(a_game(), result="1-0", termination="resignation")
    arbiter = db.user("arbiter")
    game = record_result(game, result="0-1", termination="time-forfeit", by=arbiter)
    assert game.black_points == Decimal("100")
    change = PairingChange.objects.get(action="result-corrected")
    assert change.user == arbiter
    assert change.before["result"] == "1-0" and change.after["result"] == "0-1"
    assert "1-0" in change.description and "0-1" in change.description


def test_switch_side_perpetual_uses_the_recorded_controllers():
    game = a_game()
    Game.objects.filter(pk=game.pk).update(controllers={"white": "black", "black": "white"})
    game.refresh_from_db()
    # The Black seat checked with the White army: White's perpetual values, 52 to the Black seat.
    game = record_result(game, result="0-1", termination="perpetual-check")
    assert (game.white_points, game.black_points) == (Decimal("48"), Decimal("52"))
