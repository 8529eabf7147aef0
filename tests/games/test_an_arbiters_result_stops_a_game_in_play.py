"""A result made final while the game is still in play (an arbiter's decision) stops the game's clock: the hook
from the tournaments app (tournaments.signals.record_changed) reaches the games app, which owns the clock."""

from __future__ import annotations

import pytest
from django.utils import timezone

from clocks import Clock
from games.play.moves import submit_move
from record.refusals import CONFLICT, Refusal
from tests.games.live_support import make_game
from tournaments.models import Game
from tournaments.services.results import record_result

pytestmark = pytest.mark.django_db


def test_an_adjudicated_game_stops_its_clock_and_refuses_moves():
    game, white, black = make_game(time_control="5m")
    submit_move(game.pk, white, "e4", now=timezone.now())
    running = Game.objects.get(pk=game.pk)
    assert running.flag_deadline is not None and not Clock.from_dict(running.clock).stopped

    record_result(running, result="1/2-1/2", termination="agreement", position=running.position)

    decided = Game.objects.get(pk=game.pk)
    assert decided.status == Game.Status.FINISHED and decided.result_status == Game.ResultStatus.FINAL
    assert decided.flag_deadline is None
    assert Clock.from_dict(decided.clock).stopped
    assert decided.version == running.version + 1
    with pytest.raises(Refusal) as refused:
        submit_move(game.pk, black, "e5", now=timezone.now())
    assert refused.value.kind == CONFLICT


def test_a_game_that_ended_on_the_board_is_not_written_twice():
    game, white, black = make_game(time_control="5m")
    for ply, move in enumerate(["f3", "e5", "g4", "Qh4#"]):
        submit_move(game.pk, white if ply % 2 == 0 else black, move, now=timezone.now())
    ended = Game.objects.get(pk=game.pk)
    assert ended.termination == "checkmate" and ended.flag_deadline is None
    version = ended.version
    record_result(ended, result="0-1", termination="checkmate")  # an identical retry changes nothing
    assert Game.objects.get(pk=game.pk).version == version


def test_the_hook_names_each_change_once():
    from tests.tournaments.helpers import make_event
    from tournaments.services import pair_round, publish_round
    from tournaments.signals import RESULT_FINAL, ROUND_PUBLISHED, record_changed

    seen = []

    def listen(sender, change, event, game=None, round=None, by=None, **kwargs):
        seen.append((change, event.slug, game and game.pk, round and round.number))

    event, organizer, _ = make_event(2, slug="hooked", rounds=1)
    record_changed.connect(listen)
    try:
        rnd = publish_round(pair_round(event, 1, by=organizer), by=organizer)
        game = rnd.games.get()
        record_result(game, result="1-0", termination="resignation")
    finally:
        record_changed.disconnect(listen)
    assert seen[:2] == [(ROUND_PUBLISHED, "hooked", None, 1), (RESULT_FINAL, "hooked", game.pk, 1)]
