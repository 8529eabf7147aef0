"""The TRF and PGN exports of simulated events, read by readers written from the FIDE and PGN texts
(tests/pages/trf16_spec.py, tests/pages/pgn_spec.py), not by the project's own readers: every TRF field at the
columns and in the form the standard gives, every PGN tag pair in the standard's string syntax, one game per board.

The players' names are what organizers and imports really produce: a quote, a backslash, a newline, a tab, accents
composed and decomposed, a name longer than the TRF's 33 columns; the event's name has a quote and a newline.
"""

from __future__ import annotations

import io
import random
import re
import unicodedata
from datetime import date

import chess.pgn
import pytest

from pairing.trf import parse_trf
from scoring import CLASSICAL
from tests.pages import pgn_spec, trf16_spec
from tests.pages.test_pgn_export_reads_back import _play_randomly
from tournaments.exports.trf import trf_name
from tournaments.models import Event, Game, Player
from tournaments.public.queries import published_games
from tournaments.services.event_settings import update_event
from tournaments.services.simulation import simulate
from tournaments.tasks.standings import one_snapshot_per_event
from variants import policies
from variants.registry import fixed_keys, get_engine

NAMES = [
    'Anna "the Rook" Berger',
    "Hiro\nIto",
    "Jime\u0301nez, Ine\u0301s",  # decomposed accents: one column each once composed
    "Back\\slash Player",
    "Maximilian-Alexander von Überwald-Schönhausen",  # longer than the 33 columns of the TRF's name
    "Tab\tbed\r\nName",
    "O'Brien, Seán",
    "Zoë Ødegård",
    "Plain Name",
]
EVENT_NAME = 'Simulated "Open"\n2026'


def _one_line(text: str) -> str:
    """What a reader must find for ``text``: composed Unicode, and each run of control characters with the spaces
    around it one space (PGN section 7 allows no non-printing character in a string; a TRF record is one line)."""
    pieces = re.split(r"[\x00-\x1f\x7f-\x9f]+", unicodedata.normalize("NFC", text))
    return " ".join(piece.strip() for piece in pieces if piece.strip())


def _public(event: Event) -> Event:
    Event.objects.filter(pk=event.pk).update(is_public=True, status=Event.Status.RUNNING, name=EVENT_NAME)
    for player, name in zip(Player.objects.filter(registrations__event=event).order_by("registrations__seed"), NAMES):
        player.name = name
        player.save(update_fields=["name"])
    return Event.objects.get(pk=event.pk)


def _simulated(seed: int, **options) -> Event:
    return _public(simulate(seed=seed, standings_batch=one_snapshot_per_event, **options).event)


@pytest.fixture
def classical_swiss(db) -> Event:
    """A classical Swiss of one fixed variant (the FIDE Dutch system), its last round paired and not played, with
    a chief arbiter, a city, and what is known of a few players; the chess games get random moves."""
    event = _simulated(7, format="swiss", players=len(NAMES), rounds=4, draw=policies.FIXED_DRAW,
                       variant_key=fixed_keys()[0], scoring=CLASSICAL.key, play_last=False)  # fmt: skip
    Event.objects.filter(pk=event.pk).update(city="Graz", federation="AUT", starts_on=date(2026, 5, 1))
    update_event(event, {"chief_arbiter": "IA Clara Chief"})
    Player.objects.filter(name=NAMES[0]).update(sex="w", title="WIM", birth_date=date(1990, 4, 1), fide_id="1001")
    Player.objects.filter(name=NAMES[4]).update(sex="m", title="GM", federation="AUT")
    rng = random.Random(25)
    for game in Game.objects.filter(round__event=event).order_by("round__number", "board"):
        _play_randomly(game, rng)
    return Event.objects.get(pk=event.pk)


def test_the_trf_of_a_simulated_swiss_reads_field_by_field_by_the_fide_text(client, classical_swiss):
    text = client.get(f"/events/{classical_swiss.slug}/export/tournament.trf").content.decode()
    report = trf16_spec.read(text)
    trf16_spec.check_consistency(report)
    assert report.tags["012"] == [_one_line(EVENT_NAME)] and report.tags["102"] == ["IA Clara Chief"]
    assert report.tags["022"] == ["Graz"] and report.tags["032"] == ["AUT"] and report.tags["042"] == ["2026/05/01"]
    names = {p.name for p in report.players}
    assert names == {trf_name(_one_line(name))[:33].rstrip() for name in NAMES}
    assert "Jiménez, Inés" in names and "Ito, Hiro" in names  # composed; the newline is a space
    first = next(p for p in report.players if p.name == 'Berger, Anna "the Rook"')
    assert (first.sex, first.title, first.fide_id, first.birth) == ("w", "WIM", "1001", "")  # no birth date in public
    long = next(p for p in report.players if p.name.startswith("Überwald"))
    assert (long.sex, long.title, long.federation) == ("m", "GM", "AUT")
    assert len(report.players) == len(NAMES) and len(report.round_dates) == 4
    again = parse_trf(text, for_pairing=False)  # the pairing engine's reader finds the same columns
    assert [p.number for p in again.players] == [p.start_rank for p in report.players]


def _pgn_games(client, event: Event) -> tuple[str, list[pgn_spec.Game]]:
    text = client.get(f"/events/{event.slug}/export/games.pgn").content.decode()
    return text, pgn_spec.read(text)


def _python_chess_count(text: str) -> int:
    stream, count = io.StringIO(text), 0
    while chess.pgn.read_headers(stream) is not None:
        count += 1
    return count


def test_the_pgn_of_a_simulated_swiss_has_one_well_formed_game_per_board(client, classical_swiss):
    text, games = _pgn_games(client, classical_swiss)
    boards = list(published_games(classical_swiss))
    assert len(games) == len(boards) == _python_chess_count(text) > 0
    expected = {_one_line(name) for name in NAMES}
    assert {g.tags["White"] for g in games} | {g.tags["Black"] for g in games} <= expected
    assert {g.tags["Event"] for g in games} == {_one_line(EVENT_NAME)} and {g.tags["Site"] for g in games} == {"Graz AUT"}
    for game, board in zip(games, boards):
        assert (game.tags["White"], game.tags["Black"]) == (_one_line(board.white.name), _one_line(board.black.name))
        assert game.tags["Round"] == str(board.round.number) and game.tags["Board"] == str(board.board)
    assert '[White "Anna \\"the Rook\\" Berger"]' in text or '[Black "Anna \\"the Rook\\" Berger"]' in text


def test_every_variant_and_format_exports_pgn_the_standard_reads(client, db):
    """One small event per fixed variant (the 8x8 ones by python-chess, the others in the engine's notation, Parity a
    turn per move number) and a Random Variant Chess round-robin with byes, every name awkward."""
    events = [
        _simulated(
            index, format="swiss", players=4, rounds=2, draw=policies.FIXED_DRAW, variant_key=key, scoring=CLASSICAL.key
        )  # fmt: skip
        for index, key in enumerate(fixed_keys())
    ]
    events.append(_simulated(99, format="rr", players=5, rounds=5))  # the dice, dynamic scoring, a bye a round
    rng = random.Random(31)
    for event in events:
        for game in Game.objects.filter(round__event=event, board=1):
            if not get_engine(game.variant).simultaneous:
                _play_randomly(game, rng, warps=False)
        text, games = _pgn_games(client, event)
        assert len(games) == published_games(event).count() == _python_chess_count(text) > 0, event.slug
        for game in games:
            assert {game.tags["White"], game.tags["Black"]} <= {_one_line(name) for name in NAMES}
            assert game.tags["Site"].startswith("http://testserver/events/")  # no city: the event's page
        variant = get_engine(event.variant_key).pgn_variant
        assert {g.tags.get("Variant") for g in games} == {variant}, event.slug


def test_the_spec_reader_refuses_what_the_old_export_wrote():
    """The reader is not lenient: the breakages of issue 25 fail it."""
    good = '[Event "E"]\n[Site "?"]\n[Date "2026.05.01"]\n[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1-0\n'
    assert len(pgn_spec.read(good)) == 1
    for broken in (good.replace('"A"', '"O"Brien"'), good.replace('"A"', '"Hiro\nIto"'), good.replace('"A"', '"Tab\tA"'),
                   good.replace('[Site "?"]', '[Site  "?"]'), good.replace("\n\n1-0", "\n\n0-1")):  # fmt: skip
        with pytest.raises(pgn_spec.SpecError):
            pgn_spec.read(broken)
