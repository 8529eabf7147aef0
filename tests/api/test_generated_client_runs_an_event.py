"""A client nobody here wrote runs a whole event: ``openapi-python-client`` (requirements-test.txt) generates a typed
client from the served ``/api/schema/`` into a temporary directory (never committed; clients/generated.py, as
the reference bot does), and the test drives an
organizer's flow (create an event, import players, roll, pair, review, edit, publish, enter results, standings)
and players' flows (log in, my games page by page, read a game, move, offer and accept a draw, resign, report,
confirm) through it. Every answer is parsed into its generated model: a parsed ``None`` (an answer the schema
does not describe) or an ``ApiError`` where success was due fails the test.

The client's requests reach the app in this process (httpx's WSGI transport), on the test's database.
"""

from __future__ import annotations

import importlib
import sys

import pytest
from django.contrib.auth import get_user_model
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from django.test import Client as DjangoClient
from rest_framework.authtoken.models import Token

from clients.generated import SchemaMismatch, generate, import_package, operation
from tournaments.models import Player

pytestmark = [pytest.mark.slow, pytest.mark.django_db]

PASSWORD = "a long enough password"


@pytest.fixture(autouse=True)
def _the_tests_connection_stays_open():
    """The app answers in this thread, inside the test's transaction: as Django's own test client does, the request
    signals must not close the database connection under it (PostgreSQL then refuses the next query)."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """The client package, generated from the schema this code serves (as clients/bot.py generates its own)."""
    schema = DjangoClient().get("/api/schema/", {"format": "json"}).content
    package = import_package(generate(schema, tmp_path_factory.mktemp("generated-client")))
    try:
        yield package
    finally:
        for name in [m for m in sys.modules if m == package.__name__ or m.startswith(package.__name__ + ".")]:
            del sys.modules[name]


class Api:
    """The generated package's operations and models, and a client per token."""

    def __init__(self, package) -> None:
        self.package = package
        self.models = importlib.import_module(f"{package.__name__}.models")

    def op(self, name: str):
        return operation(self.package, name)

    def client(self, token: str | None = None):
        import httpx  # installed with openapi-python-client (requirements-test.txt)

        args = {"transport": httpx.WSGITransport(app=get_wsgi_application())}
        if token is None:
            return self.package.Client(base_url="http://testserver", httpx_args=args)
        return self.package.AuthenticatedClient(base_url="http://testserver", token=token, prefix="Token", httpx_args=args)

    def call(self, name: str, model: str, *args, **kwargs):
        """Run operation ``name``; its answer must be a success parsed into the generated ``model``."""
        answer = self.op(name).sync_detailed(*args, **kwargs)
        parsed = answer.parsed
        assert 200 <= answer.status_code < 300, (name, answer.status_code, answer.content[:500])
        assert isinstance(parsed, getattr(self.models, model)), (name, type(parsed), answer.content[:300])
        return parsed


def _players(count: int) -> list:
    users = get_user_model().objects
    return [users.create_user(username=f"bot{n}", password=PASSWORD) for n in range(1, count + 1)]


def _organizer_runs_round_one(api: Api, models, organizer) -> tuple[str, dict]:
    """Create, import, roll, pair, review, edit, publish: round 1 of a four-player Swiss, ready to play."""
    dynamic = models.ScoringEnum("dynamic")
    body = models.EventCreateRequestType1(
        name="Generated Open",
        format_=models.FormatEnum.SWISS,
        rounds=2,
        variant_policy="rvc-one-roll",
        variant="",
        scoring=dynamic,
    )
    event = api.call("events_create", "EventDetail", client=organizer, body=body)
    slug = event.slug
    rows = [models.PlayerRowRequest(name=f"Bot {n}", rating=2000 - 10 * n) for n in range(1, 5)]
    dry = models.EventsPlayersImportDryRun("1")
    checked = api.call("events_players_import", "Imported", slug, client=organizer, body=rows, dry_run=dry)
    assert checked.dry_run and checked.registered == 0
    imported = api.call("events_players_import", "Imported", slug, client=organizer, body=rows)
    assert imported.registered == 4
    block = api.call("events_blocks_roll", "Block", slug, 1, client=organizer, body=models.RollRequestType1(how="server"))
    assert block.index == 1
    paired = api.call("events_rounds_pair", "RoundOut", slug, client=organizer)
    reviewed = api.call("events_round", "RoundOut", slug, paired.number, client=organizer)
    assert len(reviewed.boards) == 2
    first = reviewed.boards[0]
    swapped = models.BoardPatchRequestType0(white=first.black.id, black=first.white.id)  # the players branch of oneOf
    edited = api.call("events_round_board", "RoundOut", slug, 1, 1, client=organizer, body=swapped)
    assert edited.boards[0].white.id == first.black.id
    published = api.call("events_round_publish", "RoundOut", slug, 1, client=organizer)
    assert published.published
    return slug, {board.board: board.game_id for board in published.boards}


def _log_in(api: Api, user) -> str:
    models = api.models
    token = api.call("auth_token_create", "Token", client=api.client(), body=models.LoginRequest(user.username, PASSWORD))
    return token.token


def _my_games(api: Api, client) -> list:
    """Every game of the caller, read a page of one game at a time."""
    games, page = [], 1
    while True:
        listed = api.call("me_games_list", "PaginatedMyGameList", client=client, page=page, page_size=1)
        games += listed.results
        if not listed.next_:
            return games
        page += 1


def test_a_generated_client_runs_an_event_for_its_organizer_and_players(generated):
    api = Api(generated)
    models = api.models
    boss = get_user_model().objects.create_user(username="boss", password=PASSWORD, is_staff=True)
    organizer = api.client(Token.objects.create(user=boss).key)
    slug, boards = _organizer_runs_round_one(api, models, organizer)
    bots = _players(4)
    for bot, player in zip(bots, Player.objects.filter(registrations__event__slug=slug).order_by("name"), strict=True):
        player.user = bot  # the accounts the players log in with (the import registers names only)
        player.save(update_fields=["user"])
    clients = {bot.pk: api.client(_log_in(api, bot)) for bot in bots}

    seats = {}  # game id -> {seat: client}
    for bot in bots:
        for game in _my_games(api, clients[bot.pk]):
            assert isinstance(game, models.MyGame)
            seats.setdefault(game.id, {})[game.seat] = clients[bot.pk]
    assert set(seats) == set(boards.values()) and all(len(s) == 2 for s in seats.values())

    drawn, resigned = boards[1], boards[2]
    state = api.call("games_retrieve", "GameState", drawn, client=seats[drawn]["white"])
    move = models.MoveInputRequest(move=state.legal_moves[0], client_id="bot-1")
    after = api.call("games_moves_create", "MoveAnswer", drawn, client=seats[drawn]["white"], body=move)
    assert after.moves and after.turn == models.ArmyEnum.BLACK
    offer = models.GamesDrawCreateDrawOffer(action=models.GamesDrawCreateDrawOfferAction.OFFER,
                                            move=after.legal_moves[0])  # fmt: skip
    offered = api.call("games_draw_create", "GameState", drawn, client=seats[drawn]["black"], body=offer)
    assert offered.draw_offer is not None
    accept = models.GamesDrawCreateDrawAnswer(action=models.GamesDrawCreateDrawAnswerAction.ACCEPT)
    ended = api.call("games_draw_create", "GameState", drawn, client=seats[drawn]["white"], body=accept)
    assert ended.termination == "agreement" and ended.result  # dynamic scoring may grade it on material
    gone = api.call("games_resign_create", "GameState", resigned, client=seats[resigned]["black"])
    assert gone.result == "1-0" and gone.termination == "resignation"

    # Round 2 over the board: one game reported and confirmed, the other entered by the organizer.
    api.call("events_rounds_pair", "RoundOut", slug, client=organizer)
    second = api.call("events_round_publish", "RoundOut", slug, 2, client=organizer)
    reported, entered = (board.game_id for board in second.boards)
    owner: dict[int, dict] = {}
    for bot in bots:
        for game in _my_games(api, clients[bot.pk]):
            if game.round_ == 2:
                owner.setdefault(game.id, {})[game.seat] = clients[bot.pk]
    assert set(owner) == {reported, entered}
    report = models.ResultInputRequest(result=models.ResultEnum("0-1"), termination=models.TerminationEnum("resignation"))
    api.call("games_report_create", "Report", reported, client=owner[reported]["white"], body=report)
    confirmed = api.call("games_report_confirm", "Report", reported, client=owner[reported]["black"])
    assert confirmed.status == models.ReportStatusEnum.CONFIRMED
    row = models.ResultRowRequest(board=2, result=models.ResultEnum("1-0"), termination="checkmate")
    api.call("events_round_results", "RoundOut", slug, 2, client=organizer, body=[row])

    standings = api.call("events_standings", "Standings", slug, client=organizer)
    assert len(standings.rows) == 4 and standings.rows[0].points >= standings.rows[-1].points


def test_the_generated_client_has_every_operation_of_the_schema(generated):
    """openapi-python-client leaves out an operation whose schema it cannot read (it only warns): none is left out."""
    schema = DjangoClient().get("/api/schema/", {"format": "json"}).json()
    missing = []
    for path, operations in schema["paths"].items():
        for method, described in operations.items():
            try:
                operation(generated, described["operationId"])
            except SchemaMismatch:
                missing.append(f"{method.upper()} {path}")
    assert missing == []
