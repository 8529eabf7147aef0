"""What the games app does when the tournaments app tells it something (the hook: tournaments.signals).

Connected in :meth:`games.apps.GamesConfig.ready`; docs/architecture.md explains why this is the only way the
lower app speaks to the upper one.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from clocks import Clock
from games import correction_mail, event_news, mail
from games.models import ResultReport
from games.play.engines import forget_engine
from games.play.flags import forget_game
from games.play.game_clock import save_clock, to_ms
from games.play.pending import lapse_all
from games.reports import settle_open_reports
from tournaments.models import Event, Game, Round
from tournaments.signals import RESULT_FINAL, ROUND_CORRECTED, ROUND_PUBLISHED, STANDINGS_UPDATED


def on_record_changed(
    sender: type, change: str, event: Event | None = None, game: Game | None = None, round: Round | None = None, **kwargs: object
) -> None:
    """The receiver of :data:`tournaments.signals.record_changed`: dispatches on the kind of change. Pushes to the
    sockets (games.event_news) are sent after commit and never fail the change (they log)."""
    if change == RESULT_FINAL and game is not None:
        stop_play_on_final_result(game)
        by = kwargs.get("by")
        disputed = game.reports.filter(status=ResultReport.Status.DISPUTED).exists()  # known before it is settled
        settle_open_reports(game, by=by)  # type: ignore[arg-type]
        if disputed:
            mail.dispute_settled(game, by)
        game_id = game.pk
        transaction.on_commit(lambda: event_news.announce_result(game_id))
    elif change == ROUND_PUBLISHED and event is not None and round is not None:
        event_id, round_id = event.pk, round.pk
        transaction.on_commit(lambda: event_news.announce_round(event_id, round_id))
    elif change == STANDINGS_UPDATED and event is not None:
        event_id = event.pk
        transaction.on_commit(lambda: event_news.announce_standings(event_id))
    elif change == ROUND_CORRECTED and event is not None and round is not None:
        event_id, round_id, detail = event.pk, round.pk, dict(kwargs.get("detail") or {})
        transaction.on_commit(lambda: event_news.announce_correction(event_id, round_id, detail))
        correction_mail.mail_correction(event, round, detail)


def stop_play_on_final_result(game: Game) -> None:
    """A result became final: a game still in play (an arbiter decided it) stops its clock, its waiting draw offer
    or claim lapses, and this process forgets its cached engine and flag check once the result is committed."""
    lapse_all(game, timezone.now(), "the game ended")
    if game.clock:
        clock = Clock.from_dict(game.clock)
        if not clock.stopped or game.flag_deadline is not None:
            save_clock(game, clock.stop(to_ms(timezone.now())))
            game.flag_deadline = None
            game.version += 1  # readers and a move in flight see that the game changed
            game.save(update_fields=["clock", "flag_deadline", "version"])
    game_id, armed = game.pk, (game.pk, game.started_at)
    transaction.on_commit(lambda: (forget_engine(game_id), forget_game_key(armed)))


def forget_game_key(key: tuple) -> None:
    forget_game(type("Armed", (), {"pk": key[0], "started_at": key[1]})())
