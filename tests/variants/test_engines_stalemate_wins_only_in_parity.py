"""Parity Chess rule 6, "Stalemate is treated at par with checkmate", is a fact of its two engines only."""

from __future__ import annotations

from variants.registry import engines


def test_stalemate_wins_in_parity_and_parity_single_only():
    assert [e.key for e in engines() if e.stalemate_wins] == ["parity", "parity-single"]


def test_stalemate_wins_is_a_boolean_everywhere():
    assert all(isinstance(e.stalemate_wins, bool) for e in engines())
