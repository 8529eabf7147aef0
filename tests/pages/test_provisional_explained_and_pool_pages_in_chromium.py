"""Issue 29's pages in chromium at 1400 px and on a 390 px phone: the standings if the games ended now (clearly
provisional, each game in play with its verdict), a round whose boards are explained, and a pool event's page with
its draws. Screenshots: provisional-standings-*, explained-round-*, pool-event-* (-1400.png and -390.png)."""

from __future__ import annotations

import pytest

from tests.browser import BROWSER_MARKS, shots_at_two_widths
from tests.tournaments.helpers import draw_fields, make_user
from tournaments.models import Game, Player
from tournaments.services import create_event, enter_result, pair_round, publish_round, register_player
from variants import policies
from variants.registry import fixed_keys, rolled_key

pytestmark = BROWSER_MARKS
NAMES = [("Anna Berger", 2150, "AUT"), ("Ben Carter", 2090, "ENG"), ("Chloé Dubois", 2045, "FRA"),
         ("Dmitri Egorov", 2010, "GER"), ("Elif Fidan", 1980, "TUR"), ("Femi Adeyemi", 1955, "NGR"),
         ("Greta Holm", 1930, "SWE"), ("Hiro Tanaka", 1900, "JPN")]  # fmt: skip
MATE = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"
NO_BLACK_QUEEN = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def _event(slug: str, **fields):
    organizer = make_user(f"{slug}-org", is_staff=True)
    event = create_event(name=slug.replace("-", " ").title(), slug=slug, format="swiss", rounds_planned=4,
                         organizer=organizer, status="running", **fields)  # fmt: skip
    for seed, (name, rating, fed) in enumerate(NAMES, start=1):
        register_player(event, Player.objects.create(name=name, rating=rating, federation=fed), seed=seed)
    return event, organizer


def _play(event, organizer, rounds: int):
    results = ["1-0", "0-1", "1-0", "1/2-1/2"]
    for number in range(1, rounds + 1):
        rnd = publish_round(pair_round(event, number, by=organizer), by=organizer)
        for i, game in enumerate(rnd.games.order_by("board")):
            result = results[(i + number) % 4]
            if result == "1/2-1/2":
                enter_result(game, result=result, termination="agreement", position=game.start_position, by=organizer)
            else:
                enter_result(game, result=result, termination="resignation", by=organizer)
    return publish_round(pair_round(event, rounds + 1, by=organizer), by=organizer)


def _page(browser, url: str):
    context = browser.new_context(java_script_enabled=False)
    return context, context.new_page()


@pytest.mark.django_db(transaction=True)
def test_the_provisional_standings_and_an_explained_round(browser, live_server):
    fields = {**draw_fields(policies.FIXED), "variant_key": fixed_keys()[0]}
    event, organizer = _event("autumn-open", scoring="dynamic", **fields)
    rnd = _play(event, organizer, 2)
    for game, start in zip(rnd.games.order_by("board"), (MATE, NO_BLACK_QUEEN, "", ""), strict=True):
        Game.objects.filter(pk=game.pk).update(status=Game.Status.LIVE, start_position=start,
                                               moves=[] if start else ["e4", "c5", "Nf3"])  # fmt: skip
    context, page = _page(browser, live_server.url)
    try:
        assert page.goto(f"{live_server.url}/events/autumn-open/standings/?provisional=1").status == 200
        assert page.get_by_role("status").inner_text().startswith("PROVISIONAL")
        assert page.get_by_role("table", name="What each game in play counts for in the provisional standings").is_visible()
        shots_at_two_widths(page, "provisional-standings")
        assert page.goto(f"{live_server.url}/events/autumn-open/rounds/3/").status == 200
        assert page.get_by_role("heading", name="Why these pairings").is_visible()
        assert page.locator(".explain-list li").count() == 4
        shots_at_two_widths(page, "explained-round")
    finally:
        context.close()


@pytest.mark.django_db(transaction=True)
def test_a_pool_events_page(browser, live_server):
    pool = [fixed_keys()[0], fixed_keys()[1], rolled_key()]
    event, organizer = _event("pool-cup", scoring="dynamic", variant_policy=policies.POOL, variant_key="",
                              variant_options={policies.POOL_OPTION: pool})  # fmt: skip
    _play(event, organizer, 2)
    context, page = _page(browser, live_server.url)
    try:
        assert page.goto(f"{live_server.url}/events/pool-cup/").status == 200
        assert page.get_by_role("heading", name="The variant pool's draws").is_visible()
        assert page.get_by_role("heading", name="How rounds are paired").is_visible()
        shots_at_two_widths(page, "pool-event")
    finally:
        context.close()
