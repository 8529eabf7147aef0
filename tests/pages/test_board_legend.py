"""The legend beside the boards: one entry per piece of the game's array, every fact read from the catalogue.

``{% piece_legend game_or_position %}`` (tournaments/templatetags/piece_legend.py) renders templates/_piece_legend.html;
the event page, the live page and the play page show it under their board.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.contrib.staticfiles import finders
from django.template import Context, Template
from django.test import Client

from tests.games.live_support import make_game
from tests.pages.conftest import RVC_135, RVC_135_ARRAY
from tournaments.templatetags.piece_legend import legend_rows, piece_names, start_of
from variants.legend import DIAGRAM_KEY
from variants.pieces import PIECES
from variants.registry import get_engine

RVC, CHESS = get_engine("rvc"), get_engine("chess")

pytestmark = pytest.mark.django_db


def _entries(html: str) -> list[str]:
    return re.findall(r'data-legend-piece="([^"]+)"', html)


def _render(source, variant: str = "") -> str:
    template = "{% load piece_legend %}{% piece_legend source variant=variant %}"
    return Template(template).render(Context({"source": source, "variant": variant}))


def test_the_pieces_are_listed_once_each_in_the_order_a_reader_meets_them():
    assert piece_names(RVC_135, RVC) == (*dict.fromkeys(RVC_135_ARRAY), "Pawn")
    assert piece_names("4k3/8/8/8/8/8/8/4K2R w K - 0 1", CHESS) == ("King", "Rook")
    assert piece_names("not a position", CHESS) == ()
    assert piece_names(RVC_135, CHESS) == ()  # the variant's engine reads the position: a 12x8 board is no chess


def test_every_entry_says_what_the_catalogue_says_with_both_figures_and_a_move_diagram():
    html = _render(RVC_135, "rvc")
    assert _entries(html) == list(piece_names(RVC_135, RVC))
    for row in legend_rows(piece_names(RVC_135, RVC)):
        piece = PIECES[row["name"]]
        assert row["symbol"] == piece.symbol and float(row["value"]) == piece.value
        assert row["moves"].lower() == piece.moves.lower()
        assert f"{row['moves']}." in unescape(html) and f"value {row['value']}" in html
        for url in (row["figure"], row["black_figure"]):
            assert finders.find(url.split("/static/", 1)[1]) is not None, url
        assert row["diagram"].startswith("<svg") and f'href="{row["figure"]}"' in row["diagram"]
    for mark, meaning in DIAGRAM_KEY:
        assert f"{mark}</span>: {meaning}" in html


def test_a_game_without_a_stored_start_is_read_from_its_variants_start():
    game, _, _ = make_game(variant="twilight")
    assert start_of(game).startswith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")
    assert _entries(_render(game)) == ["Rook", "Knight", "Bishop", "Queen", "King", "Pawn"]


def test_a_position_that_cannot_be_read_gives_no_legend_rather_than_no_page():
    assert _render("x/y/z", "rvc").strip() == ""
    assert _render("", "rvc").strip() == ""
    assert _render(RVC_135).strip() == ""  # a position string of no variant said
    assert _render(RVC_135, "no-such-variant").strip() == ""


def test_a_variant_as_the_public_pages_show_it_gives_the_legend_of_its_start():
    shown = {"variant": "rvc", "start_position": RVC_135}
    assert _entries(_render(shown)) == list(piece_names(RVC_135, RVC))
    assert start_of(shown) == RVC_135


def test_the_event_page_has_the_legend_beside_its_board(spring_open):
    html = Client().get("/events/spring-open/").content.decode()
    board = html.index('class="board"')
    legend = html.index("data-legend")
    assert board < legend and _entries(html) == list(piece_names(RVC_135, RVC))
    assert "The pieces of this variant</h3>" in html


def test_the_live_page_has_the_legend_of_its_game():
    game, _, _ = make_game(variant="chess")
    html = Client().get(f"/games/{game.pk}/").content.decode()
    assert html.index('class="board"') < html.index("data-legend")
    assert _entries(html) == ["Rook", "Knight", "Bishop", "Queen", "King", "Pawn"]
