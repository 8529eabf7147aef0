"""``clocks.control.PATTERN`` (the API schema's pattern of a time control) matches exactly the non-blank texts that
``parse_time_control`` reads: a client that checks a control against the schema is never refused by the server,
and the server never takes a text the schema forbids."""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from clocks.control import PATTERN, TimeControlError, parse_time_control
from tests.depth import examples

MATCHES = re.compile(PATTERN)
# The characters of the syntax (docs/rules/clocks.md), a few that are not, and spaces.
ALPHABET = "0123456789./:+-?dbhmsDBHMS x\t٣"
# Pieces of the syntax, so that near-misses (a zero somewhere, a missing move count, four decimals) come up often.
PIECES = ["0", "00", "1", "5", "90", "180", "0.5", "0.001", "0.0001", ".0", "40/", "0/", "/", ":", "+", "d", "b", "h",
          "m", "s", "D", "S", " ", "-", "?", "x"]  # fmt: skip


def reads(text: str) -> bool:
    try:
        parse_time_control(text)
    except TimeControlError:
        return False
    return True


@pytest.mark.deep
@settings(max_examples=examples(3000), deadline=None)
@given(st.text(alphabet=ALPHABET, min_size=1, max_size=16))
@example("40/5400:1800+30")
@example("40/0+0:0+0")
@example("0.0001s")
@example("0 . 0 0 1 s")
@example("0d5")
@example("d0")
@example("٣+2")
def test_the_pattern_matches_exactly_what_the_parser_reads(text):
    if text.strip():
        assert bool(MATCHES.fullmatch(text)) == reads(text), text


@pytest.mark.deep
@settings(max_examples=examples(1500), deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=8).map("".join))
def test_the_pattern_and_the_parser_agree_on_pieces_of_the_syntax(text):
    if text.strip():
        assert bool(MATCHES.fullmatch(text)) == reads(text), text


@settings(max_examples=50, deadline=None)
@given(st.from_regex(MATCHES, fullmatch=True))
def test_every_text_of_the_pattern_is_read(text):
    assert reads(text), text
