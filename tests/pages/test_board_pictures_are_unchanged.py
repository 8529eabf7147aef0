"""The board pictures did not change when the engines took over reading positions (issue 22): each SVG below is
compared with the SHA-256 of what the project drew before, when tournaments/board_svg.py still read position strings
itself, for boards of every variant and the boards of the event, round and live pages.

A deliberate change to the pictures updates these digests in the same commit (and says why); an accidental one
fails here rather than on a screenshot.
"""

from __future__ import annotations

import hashlib
import re

import pytest
from django.test import Client

from tests.games.live_support import make_game
from tests.pages.conftest import RVC_135
from tournaments.board_svg import position_svg
from variants.registry import get_engine

# (variant, position, options of board_svg, SHA-256 of the SVG drawn before issue 22)
BOARDS = [
    (
        "rvc",
        "o+chbqmmkbh+co/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/O+CHBQMMKBH+CO w KQkq - 0 1 3",
        {"title": "Roll 1-3-5"},
        "10945e8bfb4494cfa00745c956b8f70d0ba94461e80e2494f39dfe2a89c4b43e",
    ),
    (
        "rvc",
        "o+chbqmmkbh+co/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/O+CHBQMMKBH+CO w KQkq - 0 1 3",
        {"svg_id": "b7", "flipped": True},
        "f3e8cbfcbad00ecb453909885bb05ffa57a7210e87229b833e8e319d0c396387",
    ),
    (
        "rvc",
        "a11/12/12/12/12/12/12/A10K w - - 0 1 -",
        {"svg_id": "x"},
        "b92e4f112c6b42c1f0bb6a35671099be34149ebd0fab8fc03000608d48aeac0d",
    ),
    (
        "rvc",
        "yex+gzsd1l3/ppppp1pp1ppp/12/5p2p3/12/12/PPPPPPPPPPPP/YEX+GZSDIWKTU w - - 0 1 -",
        {"figures": ["Amazon", "Walker"]},
        "a96f1ff89314c0ad17ed134a658adf262c4ff19c2c3d8223274d359cb459d987",
    ),
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        {},
        "49632dfd5dc9343260e0e830252984e2a041dbc3b8d8005c8adb170a52b09dc7",
    ),
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        {"flipped": True, "title": "After 1. e4", "svg_id": "b1"},
        "ecbd057ccbbfe051f200bcef589bcd88626759d76bcfa49fa9f89d63aaca18a8",
    ),
    (
        "chess",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        {"title": "Final position", "svg_id": "preview"},
        "a0a39266794021b889edb414bc713f292f94293ea137f277535748a22155ba20",
    ),
    (
        "reach",
        "7k/8/8/8/8/1p6/pP6/K7 w - - 0 1",
        {"svg_id": "live-board", "figures": ["King", "Pawn", "Queen"]},
        "28636075e76ecf4c32e6c3d809d22411e9afc9b5a7de8da72e623ded7fce5cc9",
    ),
    (
        "twilight",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN~R[Nn] w KQkq - 0 1",
        {},
        "37439899e6c3136f240b0f7c6f6042826d0b446ed9aef387827177331b99278a",
    ),
    (
        "twilight",
        "r3k2r/pP6/8/8/8/8/P~7/R3K2R[Nqp] b KQkq - 0 1",
        {"flipped": True},
        "c541da4cb854498c93c17a4fc2dca1185ce042bde3c10214c0ef549380c5963d",
    ),
    (
        "sscc",
        "rnbqkbnr/p1pppppp/8/1p6/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        {"svg_id": "s"},
        "906fdb4ef19ef9ebc19ded2ec4e2741cd64ef01ec1f713c87fa821667eea3498",
    ),
    (
        "parity",
        "rnbqkbnr/pppp1ppp/8/4(Pp)3/8/8/PPPP1PPP/RNBQKBNR KQkq - -/- 0 1",
        {},
        "b73402f890b8ec688bd7d75d16397e0ce6a9c90cd27f835de0b51da826fde6a9",
    ),
    (
        "parity-single",
        "rnbqkbnr/pppp1ppp/8/4(Pp)3/8/8/PPPP1PPP/RNBQKBNR KQkq - -/- 0 1",
        {"flipped": True},
        "4aa1d8d7f22ef44ccf0f87a838949bf0a7f05044c78f81f35c190b7ee429fb5c",
    ),
    (
        "parity",
        "r3k2r/1P6/8/8/8/8/6p1/R3K2R KQkq - -/- 0 1",
        {"figures": ["Queen"]},
        "b9abcebd658bf8faa9c9fee6a2a57e7062f3cebeb0364a744f007559fc4a7832",
    ),
]
PAGES = {  # the page's board, SHA-256 of the SVG drawn before issue 22
    "/events/spring-open/": "d7716c4c61304ee258d9cfd11475c4f592a41fc937a16ca271595a2c89a70160",
    "/events/spring-open/rounds/1/": "ee8cdab9fd368b508560f92da0571f35e9eb34c648213f3e3c37cc3e0ed19f3f",
}
LIVE = [  # (variant, start position of the game, SHA-256 of the live page's board, titled "TITLE")
    ("chess", "", "7b5bfae8bf22e5baed2d7db8c16236da5eee7081a41ea9a66138a985fd926408"),
    ("parity", "", "7b5bfae8bf22e5baed2d7db8c16236da5eee7081a41ea9a66138a985fd926408"),
    (
        "twilight",
        "r3k2r/pP6/8/8/8/8/P~7/R3K2R[Nqp] b KQkq - 0 1",
        "0cee364235b7d218a3152cf00a5e43da24c1ae9aab91a6219c5a03168027ffd8",
    ),
    ("rvc", RVC_135, "953704517f1063b99baf4053223744734648afda584fd671f2b5652449288f64"),
]
BOARD_SVG = re.compile(r'<svg xmlns="http://www.w3.org/2000/svg" class="board".*?</svg>', re.S)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.parametrize(("key", "position", "options", "digest"), BOARDS)
def test_each_variants_board_is_drawn_as_before(key, position, options, digest):
    assert _digest(position_svg(get_engine(key), position, **options)) == digest


@pytest.mark.django_db
def test_the_event_and_round_pages_draw_their_board_as_before(spring_open):
    for url, digest in PAGES.items():
        html = Client().get(url).content.decode()
        assert [_digest(svg) for svg in BOARD_SVG.findall(html)] == [digest], url


@pytest.mark.django_db
@pytest.mark.parametrize(("key", "start", "digest"), LIVE)
def test_the_live_page_draws_its_board_as_before(key, start, digest):
    game, _, _ = make_game(variant=key, start_position=start)
    html = Client().get(f"/games/{game.pk}/").content.decode()
    html = html.replace(f"Board {game.board}: {game.white.name} - {game.black.name}", "TITLE")
    assert [_digest(svg) for svg in BOARD_SVG.findall(html)] == [digest]
