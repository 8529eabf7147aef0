"""No module outside ``variants/`` parses a position string: the board pictures, the legend, the live and play
pages and the exports ask the engine (``Engine.squares``, ``Engine.from_position``, ``Engine.move_squares``).
tests/architecture/position_parsers.py names the parsing entry points and finds their uses with ``ast``."""

from __future__ import annotations

from tests.architecture import position_parsers
from tests.architecture.position_parsers import findings

PLANTED = {
    "tournaments.planted_reader": (
        "from variants.boardtext import read_board\n"
        "from variants import parity_notation\n"
        "def draw(position):\n"
        "    return read_board(position, 8, 8)\n"
    ),
    "games.planted_python_chess": (
        "import chess as c\n"
        "from chess.variant import CrazyhouseBoard\n"
        "def squares(engine, fen: c.Board) -> c.BaseBoard:\n"  # annotations name types: not a use
        "    board = c.Board(fen)\n"
        "    board.set_fen(fen)\n"
        "    return engine.board_class(fen)\n"
    ),
    "tournaments.planted_engine_internals": (
        "from variants.fairy.notation import parse_position\n"
        "from variants.twilight import TwilightBoard\n"
        "def ranks(game):\n"
        "    return game.start_position.split('/')\n"
    ),
    "games.asks_the_engine": (
        "from variants.registry import get_engine\n"
        "def draw(game, position):\n"
        "    engine = get_engine(game.variant)\n"
        "    return engine.squares(position), engine.from_position(position).move_squares(), position.split(' ')\n"
    ),
}


def test_no_module_outside_variants_parses_a_position_string():
    found = findings()
    assert found == [], "\n".join(str(f) for f in found)


def test_the_checker_finds_each_kind_of_parsing_when_it_is_planted(monkeypatch):
    monkeypatch.setattr(position_parsers, "sources", lambda: PLANTED)
    found = {(f.module, f.line, f.what) for f in findings()}
    assert found == {
        ("tournaments.planted_reader", 1, "variants.boardtext.read_board"),
        ("tournaments.planted_reader", 2, "variants.parity_notation"),
        ("games.planted_python_chess", 2, "chess.variant.CrazyhouseBoard"),
        ("games.planted_python_chess", 4, "chess.Board"),
        ("games.planted_python_chess", 5, ".set_fen"),
        ("games.planted_python_chess", 6, ".board_class"),
        ("tournaments.planted_engine_internals", 1, "variants.fairy.notation.parse_position"),
        ("tournaments.planted_engine_internals", 2, "variants.twilight.TwilightBoard"),
        ("tournaments.planted_engine_internals", 4, 'start_position.split("/")'),
    }
    assert not any(module == "games.asks_the_engine" for module, _, _ in found)  # asking the engine is fine


def test_the_variants_package_itself_is_not_searched():
    assert all(not module.startswith("variants") for module in position_parsers.sources())
    assert "tournaments.board_svg" in position_parsers.sources()  # the drawer is searched: it must not parse
