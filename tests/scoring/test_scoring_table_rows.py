"""One test per row of the table in docs/rules/scoring.md: every termination of every variant, each profile."""

from __future__ import annotations

import pytest

from scoring import bye_points, game_points, terminations_for_variant
from variants import terminations as t
from variants.registry import engines

# Material (seed 002 values): White Q+R+P = 150; Black Q+R = 140 (+4.5 = 144.5): White leads by 5.5 (< 6).
EVEN = {"white": 150.0, "black": 140.0}
# White Q+R+N = 170; Black Q+R+P = 150 (+4.5): White leads by 15.5.
WHITE_UP = {"white": 170.0, "black": 150.0}
# White R = 50; Black R+P = 60 (+4.5 = 64.5): Black leads by 14.5.
BLACK_UP = {"white": 50.0, "black": 60.0}

MATERIAL_ENDINGS = [
    (t.THREEFOLD, "rvc"),
    (t.FIFTY_MOVES, "chess"),
    (t.INSUFFICIENT, "twilight"),
    (t.AGREEMENT, "sscc"),
    (t.ADJUDICATION, "rvc"),
    (t.DOUBLE_STALEMATE, "reach"),
    (t.SIMULTANEOUS_MATE, "parity"),
    (t.SIMULTANEOUS_STALEMATE, "parity-single"),
]

# (termination, variant, winner, extra keyword arguments, dynamic points, classical points)
ROWS = [
    (t.CHECKMATE, "rvc", "white", {}, (100, 0), (1, 0)),
    (t.CHECKMATE, "chess", "black", {}, (0, 100), (0, 1)),
    (t.RESIGNATION, "twilight", "black", {}, (0, 100), (0, 1)),
    (t.TIME_FORFEIT, "sscc", "white", {}, (100, 0), (1, 0)),
    (t.TIME_FORFEIT_LONE_KING, "rvc", None, {}, (50, 50), (0.5, 0.5)),
    (t.FORFEIT, "rvc", "black", {}, (0, 100), (0, 1)),
    (t.FORFEIT, "chess", None, {}, (0, 0), (0, 0)),  # both absent
    (t.FAR_RANK, "reach", "white", {}, (100, 0), (1, 0)),
    (t.KING_CAPTURE, "parity", "black", {}, (0, 100), (0, 1)),
    (t.CHECKMATE, "parity-single", "white", {}, (100, 0), (1, 0)),
    (t.STALEMATE, "rvc", "white", {"forcing_side": "white"}, (60, 40), None),
    (t.STALEMATE, "chess", None, {"forcing_side": "black"}, (40, 60), (0.5, 0.5)),
    (t.STALEMATE, "parity", "white", {"forcing_side": "white"}, (100, 0), (1, 0)),  # "at par with checkmate"
    (t.PERPETUAL_CHECK, "rvc", "white", {"checking_side": "white"}, (52, 48), None),
    (t.PERPETUAL_CHECK, "twilight", "black", {"checking_side": "black"}, (45, 55), None),
    (t.PERPETUAL_CHECK, "chess", None, {"checking_side": "white"}, None, (0.5, 0.5)),
]


@pytest.mark.parametrize(("termination", "variant", "winner", "extra", "dynamic", "classical"), ROWS)
def test_each_termination_scores_as_the_table_says(termination, variant, winner, extra, dynamic, classical):
    assert termination in terminations_for_variant(variant)
    if dynamic is not None:
        assert game_points("dynamic", termination=termination, winner=winner, variant=variant, **extra) == dynamic
    if classical is not None:
        got = game_points("classical", termination=termination, winner=winner, variant=variant, **extra)
        assert got == classical


@pytest.mark.parametrize(("termination", "variant"), MATERIAL_ENDINGS)
def test_endings_with_nothing_left_to_gain_are_decided_on_material(termination, variant):
    assert termination in terminations_for_variant(variant)
    score = lambda m: game_points("dynamic", termination=termination, winner=None, material=m, variant=variant)  # noqa: E731
    assert score(EVEN) == (50, 50)
    assert score(WHITE_UP) == (51, 49)
    assert score(BLACK_UP) == (49, 51)
    assert game_points("classical", termination=termination, winner=None, variant=variant) == (0.5, 0.5)


def test_classical_adjudication_takes_the_arbiters_decision():
    assert game_points("classical", termination=t.ADJUDICATION, winner="black") == (0, 1)
    assert game_points("classical", termination=t.ADJUDICATION, winner=None) == (0.5, 0.5)


@pytest.mark.parametrize(("kind", "dynamic", "classical"), [("pairing", 100, 1), ("requested", 50, 0.5), ("absent", 0, 0)])
def test_byes_score_a_win_a_draw_or_nothing(kind, dynamic, classical):
    assert bye_points("dynamic", kind) == dynamic
    assert bye_points("classical", kind) == classical


def test_every_engine_termination_has_a_row_in_both_profiles():
    import variants.base as base

    constants = {v for k, v in vars(base).items() if k.isupper() and isinstance(v, str) and k not in ("WHITE", "BLACK")}
    # The project's own engines end only as variants/base.py names it, each ending with its row in the table; an
    # engine registered from elsewhere (the run's King of the Hill) brings endings of its own, scored by their nature.
    own = [engine for engine in engines() if engine.__module__.startswith("variants.")]
    declared = {name for engine in own for name in engine.terminations}
    assert constants == declared
    scored = {row[0] for row in ROWS} | {ending for ending, _ in MATERIAL_ENDINGS}
    assert scored == declared
    for engine in engines():
        for ending in engine.endings:
            if ending.name not in declared and ending.decisive:
                assert game_points("dynamic", termination=ending.name, winner="white", variant=engine.key) == (100, 0)
                assert game_points("classical", termination=ending.name, winner="black", variant=engine.key) == (0, 1)
