"""An ending is a value its engine declares: whether it decides the game, whom it favours, its label and its PGN
Termination. The names an engine answers with (``terminations``, ``stalemate_wins``) follow from its endings."""

from __future__ import annotations

import pytest

from variants import terminations as t
from variants.base import Engine
from variants.chess8 import ChessEngine
from variants.registry import ending_names, ending_of, engines, get_engine
from variants.terminations import Ending, Favours, by_name, decisive, replacing, undecided


def test_a_decisive_ending_favours_the_winner_and_only_a_decisive_one_does():
    with pytest.raises(ValueError, match="decisive"):
        Ending("x", "x", decisive=True, favours=Favours.MATERIAL)
    with pytest.raises(ValueError, match="decisive"):
        Ending("x", "x", decisive=False, favours=Favours.WINNER)
    with pytest.raises(ValueError, match="PGN Termination"):
        decisive("x", "x", pgn_termination="rules infraction")
    assert decisive("x", "x").favours == Favours.WINNER
    assert undecided("x", "x", Favours.NOBODY).decisive is False


def test_the_laws_of_chess_grade_their_endings_as_seed_002_reads_them():
    ending = by_name(t.CHESS_LIKE | t.OFF_BOARD)
    assert {n for n, e in ending.items() if e.decisive} == {t.CHECKMATE, t.RESIGNATION, t.TIME_FORFEIT, t.FORFEIT}
    assert ending[t.STALEMATE].favours == Favours.FORCING
    assert ending[t.PERPETUAL_CHECK].favours == Favours.CHECKING
    assert ending[t.TIME_FORFEIT_LONE_KING].favours == Favours.NOBODY
    material = {t.THREEFOLD, t.FIFTY_MOVES, t.INSUFFICIENT, t.AGREEMENT, t.ADJUDICATION}
    assert {n for n, e in ending.items() if e.favours == Favours.MATERIAL} == material
    assert [n for n, e in ending.items() if e.arbiter] == [t.ADJUDICATION]
    assert [n for n, e in ending.items() if e.unplayed] == [t.FORFEIT]


def test_the_pgn_termination_of_the_off_board_endings():
    ending = by_name(t.OFF_BOARD)
    assert ending[t.TIME_FORFEIT].pgn_termination == ending[t.TIME_FORFEIT_LONE_KING].pgn_termination == "time forfeit"
    assert (ending[t.FORFEIT].pgn_termination, ending[t.ADJUDICATION].pgn_termination) == ("abandoned", "adjudication")
    assert {e.pgn_termination for e in t.CHESS_LIKE} == {"normal"}


def test_parity_declares_its_own_decisive_stalemate():
    for key in ("parity", "parity-single"):
        assert get_engine(key).ending(t.STALEMATE).decisive
        assert get_engine(key).stalemate_wins is True
    assert get_engine("chess").ending(t.STALEMATE).favours == Favours.FORCING
    assert get_engine("chess").stalemate_wins is False


@pytest.mark.parametrize("engine", engines(), ids=lambda e: e.key)
def test_every_seed_ending_is_labelled_as_its_name_reads(engine):
    for ending in engine.endings:
        assert ending.label == ending.name.replace("-", " ")


def test_one_name_one_meaning_and_replacing_swaps_by_name():
    wins = decisive(t.STALEMATE, "stalemate")
    with pytest.raises(ValueError, match="stalemate"):
        by_name({t.STALEMATE_ENDING, wins})
    swapped = replacing(t.CHESS_LIKE, wins)
    assert by_name(swapped)[t.STALEMATE] is wins and len(swapped) == len(t.CHESS_LIKE)


def test_an_engine_declares_endings_and_the_names_follow():
    class Hill(ChessEngine):
        key = "hill"
        endings = ChessEngine.endings | {decisive("hill", "reached the hill")}

    assert Hill.terminations == ChessEngine.terminations | {"hill"}
    assert Hill.ending("hill").label == "reached the hill"
    with pytest.raises(KeyError, match="far-rank"):
        Hill.ending(t.FAR_RANK)


@pytest.mark.parametrize("derived", ["terminations", "stalemate_wins"])
def test_an_engine_cannot_declare_what_follows_from_its_endings(derived):
    with pytest.raises(TypeError, match=derived):
        type("Bad", (Engine,), {derived: frozenset()})


def test_an_engine_cannot_declare_two_endings_of_one_name():
    with pytest.raises(ValueError, match="stalemate"):
        type("Bad", (Engine,), {"endings": t.CHESS_LIKE | {decisive(t.STALEMATE, "stalemate")}})


def test_an_ending_is_found_by_variant_or_else_by_the_laws_of_chess():
    assert ending_of(t.STALEMATE, "parity").decisive
    assert ending_of(t.STALEMATE).favours == Favours.FORCING  # no variant: the laws of chess
    assert ending_of(t.STALEMATE, "no-such-variant").favours == Favours.FORCING
    assert ending_of(t.FAR_RANK).decisive  # only Reach declares it
    with pytest.raises(KeyError, match="far-rank"):
        ending_of(t.FAR_RANK, "chess")
    with pytest.raises(KeyError, match="bogus"):
        ending_of("bogus")


def test_every_registered_ending_is_a_name_results_may_use():
    assert ending_names() == sorted({name for engine in engines() for name in engine.terminations})
    assert t.FAR_RANK in ending_names() and t.KING_CAPTURE in ending_names()
