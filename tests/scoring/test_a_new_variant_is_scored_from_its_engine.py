"""Adding a variant is one Engine subclass and one registry line: the registry, the terminations the report API
accepts and the scoring under both profiles all follow from the class, with no table elsewhere to update."""

from __future__ import annotations

import pytest

from scoring import game_points, terminations_for_variant
from variants import registry
from variants.chess8 import ChessEngine
from variants.terminations import CHECKMATE_ENDING, FAR_RANK, OFF_BOARD, STALEMATE, THREEFOLD, decisive

KEY = "stalemate-chess"


class StalemateChess(ChessEngine):
    """Chess where stalemating the opponent wins, and the game never ends on repetition."""

    key = KEY
    name = "Stalemate Chess"
    pgn_variant = name
    endings = frozenset({CHECKMATE_ENDING, decisive(STALEMATE, "stalemate")}) | OFF_BOARD  # stalemate wins


@pytest.fixture
def stalemate_chess():
    registry.register(KEY, StalemateChess)
    yield StalemateChess
    registry.unregister(KEY)


def test_the_registry_finds_and_lists_it(stalemate_chess):
    assert registry.get_engine(KEY) is stalemate_chess
    assert (KEY, "Stalemate Chess") in registry.variant_choices()
    assert KEY in registry.fixed_keys()
    assert registry.rolled_key() == "rvc"


def test_it_plays(stalemate_chess):
    game = registry.get_engine(KEY).new()
    assert game.play("e4") == "e4"
    assert '[Variant "Stalemate Chess"]' in game.to_pgn()


def test_its_terminations_are_the_ones_the_class_lists(stalemate_chess):
    assert terminations_for_variant(KEY) == stalemate_chess.terminations == {e.name for e in stalemate_chess.endings}
    assert stalemate_chess.stalemate_wins is True
    assert THREEFOLD not in terminations_for_variant(KEY)
    assert FAR_RANK not in terminations_for_variant(KEY)


def test_stalemate_scores_as_a_win_under_both_profiles(stalemate_chess):
    assert game_points("dynamic", termination=STALEMATE, winner=None, forcing_side="black", variant=KEY) == (0, 100)
    assert game_points("classical", termination=STALEMATE, winner=None, forcing_side="white", variant=KEY) == (1, 0)


def test_the_same_stalemate_in_chess_is_not_a_win(stalemate_chess):
    assert game_points("dynamic", termination=STALEMATE, winner=None, forcing_side="black", variant="chess") == (40, 60)
    assert game_points("classical", termination=STALEMATE, winner=None, forcing_side="white", variant="chess") == (0.5, 0.5)


def test_once_unregistered_it_is_unknown():
    registry.register(KEY, StalemateChess)
    registry.unregister(KEY)
    with pytest.raises(KeyError, match=KEY):
        terminations_for_variant(KEY)
    assert KEY not in dict(registry.variant_choices())
