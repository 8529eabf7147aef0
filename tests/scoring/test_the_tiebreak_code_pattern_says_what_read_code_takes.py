"""``scoring.tiebreak_registry.code_pattern()`` (the API schema's pattern of a tie-break code) matches exactly the codes
``read_code`` takes written as C.07 writes them: capitals, no space (the API takes no other writing of a code)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.tiebreak_codes import read_code
from scoring.tiebreak_registry import catalogue, code_pattern, tiebreak_kinds
from tests.depth import examples

CODE = re.compile(code_pattern())  # every registered tie-break, the run's throwaway ones included
PIECES = [*(kind.code for kind in tiebreak_kinds()), "XYZ", "bh", "-", "C", "M", "X", "0", "1", "9", "10", " "]


def takes(text: str) -> bool:
    try:
        read_code(text)
    except ValueError:
        return False
    return text == text.strip().upper()


def test_every_code_of_the_catalogue_matches():
    assert all(CODE.fullmatch(code) for code in catalogue())


@pytest.mark.deep
@settings(max_examples=examples(1500), deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=4).map("".join))
def test_the_pattern_matches_exactly_the_codes_read_code_takes_as_c07_writes_them(text):
    assert bool(CODE.fullmatch(text)) == takes(text), text
