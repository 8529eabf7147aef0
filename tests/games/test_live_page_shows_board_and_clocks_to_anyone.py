"""The public live page: board and clocks, no login, kept current by the game's socket (and its state fragment)."""

from __future__ import annotations

import pytest
from django.test import Client

from games.play.moves import submit_move
from tests.games.live_support import at, make_game, use_toy_parity

pytestmark = pytest.mark.django_db


def test_anyone_can_watch_the_board_the_clocks_and_the_moves():
    game, white, black = make_game(time_control="90+30")
    submit_move(game.pk, white, "e4", now=at(0))
    page = Client().get(f"/games/{game.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert game.white.name in html and game.black.name in html
    assert "<svg" in html and 'class="live-clock' in html
    assert "1:30:30" in html  # white's 90 min plus the 30 s increment, stopped
    assert "e4" in html
    assert f'data-game="{game.pk}"' in html and "games/game-socket.js" in html  # kept current by the game's socket


def test_the_fragment_the_page_polls_reflects_the_latest_move():
    game, white, black = make_game()
    submit_move(game.pk, white, "d4", now=at(0))
    submit_move(game.pk, black, "Nf6", now=at(1))
    fragment = Client().get(f"/games/{game.pk}/state/")
    assert fragment.status_code == 200 and fragment["Cache-Control"] == "no-store"
    assert "d4 Nf6" in fragment.content.decode()


def test_the_page_never_shows_a_sealed_parity_move(monkeypatch):
    use_toy_parity(monkeypatch)
    game, white, _ = make_game(variant="parity")
    submit_move(game.pk, white, "Nh3", now=at(0))
    html = Client().get(f"/games/{game.pk}/").content.decode()
    assert "move sealed" in html and "Nh3" not in html


def test_an_unknown_game_page_is_a_404():
    assert Client().get("/games/987654/").status_code == 404
