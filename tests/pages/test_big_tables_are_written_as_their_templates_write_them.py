"""The standings and crosstable bodies are written in Python for speed (a row per player: 2,000 rows and more);
their row templates remain the reference, and for any rows the two give the same text, escaping included."""

from __future__ import annotations

import random

from django.template.loader import render_to_string
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.models import Event
from tournaments.public import display
from tournaments.views_public import crosstable_body, standings_body

AWKWARD = ["", "Anna", "Zoë <b>Ö</b>", 'O\'Brien & "Sons"', "<script>alert(1)</script>", "½ & ¼", "a\nb", "&amp;"]
text = st.one_of(st.sampled_from(AWKWARD), st.text(max_size=12))
number = st.one_of(st.none(), st.integers(-5, 3000), st.floats(0, 200, allow_nan=False).map(lambda x: round(x, 2)))
CODES = ["BH-C1", "BH", "SB", "DE", "WIN", "<x>"]


def event() -> Event:
    return Event(slug="spring-open", name="Spring Open")  # only its slug is read (the players' addresses)


@st.composite
def snapshot(draw) -> dict:
    codes = draw(st.lists(st.sampled_from(CODES), unique=True, max_size=6))
    rows = []
    for rank in range(1, draw(st.integers(0, 8)) + 1):
        rows.append(
            {
                "rank": rank,
                "player_id": draw(st.one_of(st.integers(1, 10**6), text)),
                "name": draw(text),
                "rating": draw(st.one_of(number, text)),
                "federation": draw(st.one_of(st.none(), text)),
                "points": draw(number),
                "games": draw(st.integers(0, 11)),
                "tiebreaks": {code: draw(number) for code in codes if draw(st.booleans())},
                "performance": draw(st.one_of(st.none(), st.integers(0, 3000))),
                "colours": draw(st.one_of(st.none(), text)),
                "rank_change": draw(st.one_of(st.none(), st.integers(-20, 20))),
            }
        )
    return {"tiebreaks": codes, "rows": rows}


@settings(max_examples=150, deadline=None)
@given(snapshot(), st.booleans())
def test_the_standings_body_is_the_templates(data, changes):
    rows = display.standings_rows(data, event())
    expected = render_to_string("tournaments/_standings_rows.html", {"rows": rows, "changes": changes})
    assert standings_body(rows, changes) == expected


@settings(max_examples=150, deadline=None)
@given(snapshot(), st.lists(st.integers(1, 12), unique=True, max_size=9), st.randoms(use_true_random=False))
def test_the_crosstable_body_is_the_templates(data, round_numbers, rng: random.Random):
    results = ["1-0", "0-1", "1/2-1/2", "+", "-", "--", "bye", "absent", "pending", "<i>"]
    ids = [str(row["player_id"]) for row in data["rows"]]
    data["crosstable"] = {
        pid: {
            str(n): {
                "opponent_id": rng.choice([None, *ids, "999"]),
                "colour": rng.choice(["w", "b", "-", ""]),
                "points": rng.choice([None, 0, 0.5, 1, 60, 33.33]),
                "result": rng.choice(results),
            }
            for n in round_numbers
            if rng.random() < 0.8
        }
        for pid in ids
    }
    rows = display.crosstable_rows(data, round_numbers, event())
    assert crosstable_body(rows) == render_to_string("tournaments/_crosstable_rows.html", {"rows": rows})
