"""The state machine of a game's life as a table (record.game_states), checked without a database: every
state answers every action (allowed, with the states it may lead to, or refused with a reason), the states are read
from the stored columns, and docs/game-states.md shows this very table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from record import game_states as gs
from tournaments.models import Game

DOC = Path(__file__).resolve().parents[2] / "docs" / "game-states.md"
PLAYING = (gs.MOVE, gs.PLAY, gs.CLOCK, gs.FLAG)
ANSWERS = (gs.REPORT, gs.CONFIRM, gs.DISPUTE)


def test_every_state_answers_every_action_with_a_transition_or_a_reason():
    for state in gs.STATES:
        for action in gs.ACTIONS:
            reason = gs.refusal(state, action)
            assert gs.allows(state, action) == (reason is None), (state, action)
            if reason is not None:
                assert len(reason) > 20, (state, action)
    assert {s for (s, _a) in gs.TRANSITIONS} <= set(gs.STATES)
    assert {a for (_s, a) in gs.TRANSITIONS} <= set(gs.ACTIONS)
    assert all(nexts and nexts <= set(gs.STATES) for nexts in gs.TRANSITIONS.values())


def test_a_disputed_or_reported_game_refuses_play_until_the_result_is_settled():
    for state in (gs.REPORTED, gs.DISPUTED):
        for action in PLAYING:
            assert not gs.allows(state, action), (state, action)
        assert gs.allows(state, gs.RESULT)
    assert "disputed" in gs.refusal(gs.DISPUTED, gs.MOVE)
    assert "reported" in gs.refusal(gs.REPORTED, gs.MOVE)


def test_a_final_game_refuses_everything_but_an_arbiters_correction():
    assert [a for a in gs.ACTIONS if gs.allows(gs.FINAL, a)] == [gs.RESULT]
    assert gs.TRANSITIONS[gs.FINAL, gs.RESULT] == {gs.FINAL}
    assert gs.refusal(gs.FINAL, gs.MOVE).startswith("the game is over")


def test_a_game_in_play_ends_by_play_not_by_reports():
    assert all(gs.allows(gs.IN_PLAY, a) for a in PLAYING)
    assert not any(gs.allows(gs.IN_PLAY, a) for a in ANSWERS)
    assert not gs.allows(gs.PAIRED, gs.FLAG)  # no clock runs before the first move


def test_only_a_report_leads_to_reported_and_only_an_answer_or_the_arbiter_settles_it():
    into_reported = {(s, a) for (s, a), nexts in gs.TRANSITIONS.items() if gs.REPORTED in nexts}
    assert {a for _s, a in into_reported} == {gs.REPORT}
    assert gs.TRANSITIONS[gs.REPORTED, gs.CONFIRM] == {gs.FINAL}
    assert gs.TRANSITIONS[gs.REPORTED, gs.DISPUTE] == {gs.DISPUTED}
    assert all(gs.TRANSITIONS[s, gs.RESULT] == {gs.FINAL} for s in gs.STATES)


def test_every_state_is_reached_from_a_published_pairing():
    reached, frontier = {gs.PAIRED}, [gs.PAIRED]
    while frontier:
        state = frontier.pop()
        for (source, _action), nexts in gs.TRANSITIONS.items():
            for target in nexts - reached if source == state else ():
                reached.add(target)
                frontier.append(target)
    assert reached == set(gs.STATES)


@pytest.mark.parametrize(
    ("status", "result_status", "result", "state"),
    [
        ("scheduled", "", "", gs.PAIRED),
        ("live", "", "", gs.IN_PLAY),
        ("scheduled", "reported", "", gs.REPORTED),
        ("live", "reported", "", gs.REPORTED),  # reported while live (before reports in play were refused)
        ("scheduled", "disputed", "", gs.DISPUTED),
        ("finished", "disputed", "1-0", gs.DISPUTED),  # a live ending the scoring could not score
        ("finished", "final", "1-0", gs.FINAL),
        ("scheduled", "final", "0-0", gs.FINAL),  # a double forfeit entered by the arbiter
        ("finished", "", "", gs.FINAL),
    ],
)
def test_the_state_is_read_from_the_stored_columns(status, result_status, result, state):
    assert gs.state_of(status, result_status, result) == state


def test_the_stored_values_are_the_models():
    assert (gs.LIVE, gs.FINISHED) == (Game.Status.LIVE, Game.Status.FINISHED)
    assert (gs.RESULT_REPORTED, gs.RESULT_DISPUTED, gs.RESULT_FINAL) == (
        Game.ResultStatus.REPORTED,
        Game.ResultStatus.DISPUTED,
        Game.ResultStatus.FINAL,
    )
    game = Game(status=Game.Status.LIVE, result_status=Game.ResultStatus.DISPUTED)
    assert game.state == gs.DISPUTED


def test_the_document_shows_this_table():
    text = DOC.read_text().split("| state \\ action |", 1)[1]
    reasons = {}  # "(n)" -> the numbered reason under the table, its lines joined
    for number, body in re.findall(r"^(\d+)\. (.+?)(?=^\d+\. |^$)", text, flags=re.M | re.S):
        reasons[f"({number})"] = " ".join(body.split())
    for state in gs.STATES:
        line = next((ln for ln in text.splitlines() if ln.startswith(f"| `{state}` |")), None)
        assert line is not None, f"docs/game-states.md has no row for {state}"
        cells = [c.strip() for c in line.strip("|").split("|")][1:]
        assert len(cells) == len(gs.ACTIONS), state
        for action, cell in zip(gs.ACTIONS, cells):
            if gs.allows(state, action):
                assert cell.startswith("→ "), (state, action, cell)
                assert set(cell[2:].split(", ")) == {f"`{s}`" for s in gs.TRANSITIONS[state, action]}, (state, action)
            else:
                status, number = cell.split()
                assert (status, reasons.get(number)) == ("409", gs.refusal(state, action)), (state, action)
