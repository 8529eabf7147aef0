"""The play page in a real headless Chromium (Debian's), served by uvicorn with the game sockets: two players log in
through the site's login form and play by clicking squares, each seeing the other's moves arrive.

Random Variant Chess (first moves with a capture), a Twilight warp and drop, a sealed Parity turn, a Switch-Side
switch, a click that is no move and a move the server refuses. Screenshots of the play page (12x8 with a Griffin
and a Rhinoceros) and of its legend go to docs/screenshots/play-{1400,390}.png and legend-{1400,390}.png.
"""

from __future__ import annotations

from django.conf import settings
from django.test import Client

from tests.browser import BROWSER_MARKS, screenshot_dir
from tests.games.asgi_server import token_for
from tests.games.live_support import make_game
from tournaments.models import Game
from variants.dice import layout

SCREENSHOTS = screenshot_dir()  # docs/screenshots/ with DOCS_SCREENSHOTS=1
PASSWORD = "clicking is playing 14"
# No roll puts a Griffin and a Rhinoceros in one array (both replace the Queen), so the screenshot's game starts
# from a position an arbiter set: the 2-4-6 array with its Elephants replaced by a Rhinoceros and a Man.
GRIFFIN_AND_RHINOCEROS = "rcntyxmktncr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RCNTYXMKTNCR w KQkq - 0 1 3"

pytestmark = BROWSER_MARKS


def _page(browser, width: int):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.set_default_timeout(8_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    return page


def log_in(browser, server, game, user, width: int = 1400):
    """A browser of its own for ``user``, logged in through the login form and sent on to the game's play page."""
    user.set_password(PASSWORD)
    user.save()
    page = _page(browser, width)
    page.goto(f"{server.url}/games/{game.pk}/play/")
    assert "/accounts/login/" in page.url
    page.fill("#id_username", user.username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"**/games/{game.pk}/play/")
    page.wait_for_selector("[data-board] [data-square]")
    return page


def open_as(browser, server, game, user, width: int = 1400):
    """The play page for ``user`` with a session made on the server side (the login form is the test above's)."""
    client = Client()
    client.force_login(user)
    page = _page(browser, width)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": server.url}])
    page.goto(f"{server.url}/games/{game.pk}/play/")
    page.wait_for_selector("[data-board] [data-square]")
    return page


def click(page, *squares: str) -> None:
    for square in squares:
        page.click(f'[data-square="{square}"]')


def piece_on(page, square: str) -> tuple[str, str] | None:
    found = page.locator(f'[data-square="{square}"] [data-piece]')
    if found.count() == 0:
        return None
    return found.first.get_attribute("data-piece"), found.first.get_attribute("data-color")


def wait_for_moves(page, count: int) -> None:
    """Until the page shows ``count`` moves (or turns) and the board data of that position has arrived."""
    page.wait_for_function(f"document.querySelectorAll('[data-moves] [data-ply]').length === {count}")
    page.wait_for_selector("[data-board][data-synced='yes']")


def wait_my_turn(page) -> None:
    page.wait_for_selector("[data-board][data-ready='yes']")


def stored_moves(game) -> list[str]:
    return Game.objects.get(pk=game.pk).moves


def test_two_players_log_in_and_play_random_variant_chess_by_clicking_including_a_capture(browser, asgi_server):
    game, white_user, black_user = make_game(variant="rvc", time_control="10m+5")
    roll = layout("3-4-6")  # Cannon Giraffe Camel Knight Tiger Griffin King ...
    Game.objects.filter(pk=game.pk).update(start_options={"roll": roll.first}, start_position=roll.position)
    white, black = log_in(browser, asgi_server, game, white_user), log_in(browser, asgi_server, game, black_user)
    assert white.locator("[data-board]").get_attribute("data-orientation") == "white"
    assert black.locator("[data-board]").get_attribute("data-orientation") == "black"
    assert piece_on(white, "f1") == ("Griffin", "white") and piece_on(black, "f8") == ("Griffin", "black")

    click(white, "e2")  # the pawn's targets light up, then the move
    assert white.locator(".target").count() == 2 and white.locator('[data-square="e4"].target').count() == 1
    click(white, "e4")
    wait_for_moves(black, 1)  # pushed over the socket to the other player
    assert piece_on(black, "e4") == ("Pawn", "white") and piece_on(black, "e2") is None
    wait_my_turn(black)
    click(black, "d7", "d5")
    wait_for_moves(white, 2)
    wait_my_turn(white)
    click(white, "e4")
    assert white.locator('[data-square="d5"].capture').count() == 1
    click(white, "d5")  # the capture
    wait_for_moves(black, 3)
    assert piece_on(black, "d5") == ("Pawn", "white") and piece_on(black, "e4") is None
    wait_my_turn(black)
    click(black, "c8", "d5")  # the Camel's (1,3) leap takes back
    wait_for_moves(white, 4)
    assert stored_moves(game) == ["e4", "d5", "exd5", "Cxd5"]
    assert white.locator("[data-moves]").inner_text().split() == ["e4", "d5", "exd5", "Cxd5"]
    assert sorted(white.locator(".sq.last").evaluate_all("els => els.map(e => e.dataset.square)")) == ["c8", "d5"]
    assert piece_on(white, "d5") == ("Camel", "black")
    # The clock of the army to move runs on the page between states.
    before = white.locator('[data-clock="white"]').inner_text()
    white.wait_for_timeout(1200)
    assert white.locator('[data-clock="white"]').inner_text() != before
    assert "running" in white.locator('[data-clock="white"]').get_attribute("class")
    assert "running" not in white.locator('[data-clock="black"]').get_attribute("class")
    # The move list goes back through the game: the position after 1. e4, then the game again.
    white.click('[data-moves] [data-ply="1"]')
    assert piece_on(white, "e4") == ("Pawn", "white") and piece_on(white, "d7") == ("Pawn", "black")
    click(white, "e4")
    assert "earlier position" in white.locator("[data-message]").inner_text()
    white.click('[data-nav="last"]')
    assert piece_on(white, "d5") == ("Camel", "black") and piece_on(white, "d7") is None
    assert white.locator('[data-clock="white"]').inner_text() != "–"
    assert white.errors == [] and black.errors == []


def test_a_click_that_is_no_move_says_why_and_a_refused_move_leaves_the_board_as_the_server_has_it(browser, asgi_server):
    game, white_user, black_user = make_game(variant="chess")
    white = open_as(browser, asgi_server, game, white_user)
    click(white, "e2", "e5")
    assert "cannot go to e5" in white.locator("[data-message]").inner_text()
    assert "cannot capture on f7" in (click(white, "f7") or white.locator("[data-message]").inner_text())
    click(white, "e2")  # a second click on the selected piece puts it down
    click(white, "f7")
    assert "That is the black Pawn: you play white." in white.locator("[data-message]").inner_text()
    assert stored_moves(game) == [] and piece_on(white, "e2") == ("Pawn", "white")
    # The arbiter pauses the clocks meanwhile; the page still offers the move, the server refuses it.
    organizer = game.round.event.organizer
    status, _ = asgi_server.request("POST", f"/api/games/{game.pk}/moves/", {"move": "e4"}, token=token_for(white_user))
    status_b, _ = asgi_server.request("POST", f"/api/games/{game.pk}/moves/", {"move": "e5"}, token=token_for(black_user))
    assert (status, status_b) == (200, 200)
    wait_for_moves(white, 2)
    status, body = asgi_server.request("POST", f"/api/games/{game.pk}/clock/", {"action": "pause"}, token=token_for(organizer))
    assert status == 200, body
    white.wait_for_function("document.querySelector('[data-status]').textContent.includes('paused')")
    wait_my_turn(white)
    click(white, "g1", "f3")
    white.wait_for_function("document.querySelector('[data-message]').classList.contains('error')")
    assert "paused" in white.locator("[data-message]").inner_text()
    assert piece_on(white, "g1") == ("Knight", "white") and piece_on(white, "f3") is None
    assert stored_moves(game) == ["e4", "e5"]
    assert white.errors == []


def test_reachs_pass_is_offered_when_it_is_the_only_move(browser, asgi_server):
    game, white_user, _ = make_game(variant="reach", start_position="7k/8/8/8/8/1p6/pP6/K7 w - - 0 1")
    white = open_as(browser, asgi_server, game, white_user)
    wait_my_turn(white)
    click(white, "a1")
    assert "has no legal move now" in white.locator("[data-message]").inner_text()
    white.click('[data-action="pass"]')
    wait_for_moves(white, 1)
    assert stored_moves(game) == ["--"]
    assert white.errors == []


def test_a_twilight_piece_is_warped_and_dropped_back_by_clicking(browser, asgi_server):
    game, white_user, black_user = make_game(variant="twilight")
    white, black = open_as(browser, asgi_server, game, white_user), open_as(browser, asgi_server, game, black_user)
    click(white, "b1")
    white.click('[data-action="warp"]')  # the Knight goes to the reserve
    wait_for_moves(black, 1)
    assert piece_on(black, "b1") is None
    wait_my_turn(black)
    click(black, "e7", "e5")
    wait_for_moves(white, 2)
    wait_my_turn(white)
    reserve = white.locator('[data-reserve="white"] [data-reserve-piece="Knight"]')
    assert reserve.count() == 1
    reserve.click()
    assert white.locator('[data-square="e4"].target').count() == 1  # every empty square it may be dropped on
    click(white, "e4")
    wait_for_moves(black, 3)
    assert stored_moves(game) == ["b1@N", "e5", "N@e4"]
    assert piece_on(black, "e4") == ("Knight", "white")
    assert white.locator('[data-reserve="white"] [data-reserve-piece]').count() == 0
    assert white.errors == [] and black.errors == []


def test_a_parity_turn_is_sealed_waits_for_the_opponent_then_shows_both_moves(browser, asgi_server):
    game, white_user, black_user = make_game(variant="parity")
    white, black = open_as(browser, asgi_server, game, white_user), open_as(browser, asgi_server, game, black_user)
    click(white, "e2", "e4")
    white.wait_for_function("document.querySelector('[data-status]').textContent.includes('is sealed')")
    white.wait_for_selector("[data-board][data-synced='yes']")
    assert "Your move e4 is sealed; waiting for your opponent." in white.locator("[data-status]").inner_text()
    assert piece_on(white, "e2") == ("Pawn", "white") and piece_on(white, "e4") is None  # nothing moves yet
    assert white.locator('[data-square="e4"].sealed').count() == 1
    black.wait_for_function("document.querySelector('[data-status]').textContent.includes('has sealed')")
    assert "e4" not in black.locator("[data-status]").inner_text()  # the sealed move stays the sealer's
    assert black.locator(".sq.sealed").count() == 0
    click(black, "d7", "d5")
    wait_for_moves(white, 1)
    wait_for_moves(black, 1)
    for page in (white, black):
        assert "Last turn: White e4, Black d5." in page.locator("[data-status]").inner_text()
        assert piece_on(page, "e4") == ("Pawn", "white") and piece_on(page, "d5") == ("Pawn", "black")
        assert page.locator("[data-moves]").inner_text().split() == ["e4", "d5"]
    assert stored_moves(game) == ["e4 d5"]
    assert white.errors == [] and black.errors == []


def test_a_switch_side_move_that_forms_a_chain_offers_the_switch_and_shows_the_chain(browser, asgi_server):
    game, white_user, black_user = make_game(variant="sscc")
    white, black = open_as(browser, asgi_server, game, white_user), open_as(browser, asgi_server, game, black_user)
    click(white, "e2", "e3")
    wait_for_moves(black, 1)
    wait_my_turn(black)
    click(black, "b7", "b5")
    wait_for_moves(white, 2)
    wait_my_turn(white)
    click(white, "f2", "f3")
    chooser = white.locator("[data-chooser]")
    chooser.wait_for()
    assert "forms a chain of 6 pieces" in chooser.inner_text()
    chain = sorted(white.locator(".sq.chain").evaluate_all("els => els.map(e => e.dataset.square)"))
    assert chain == sorted(["f3", "g2", "f1", "e1", "d2", "e3"])
    white.get_by_role("button", name="play f3 and switch sides").click()
    wait_for_moves(black, 3)
    assert stored_moves(game) == ["e3", "b5", "f3/S"]
    # The white seat now plays Black, so its board turns round; it moves again, with Black.
    white.wait_for_function("document.querySelector('[data-board]').dataset.orientation === 'black'")
    wait_my_turn(white)
    assert "you play black" in white.locator("[data-status]").inner_text()
    black.wait_for_function("document.querySelector('[data-board]').dataset.orientation === 'white'")
    click(white, "a7", "a6")
    wait_for_moves(black, 4)
    assert stored_moves(game)[-1] == "a6"
    assert white.errors == [] and black.errors == []


def test_a_promotion_offers_the_pieces_the_array_allows(browser, asgi_server):
    game, white_user, _ = make_game(variant="rvc")
    roll = layout("3-4-6")
    start = "6k5/4P7/12/12/12/12/12/6K5 w - - 0 1 -"
    Game.objects.filter(pk=game.pk).update(start_options={"roll": roll.first}, start_position=start)
    white = open_as(browser, asgi_server, game, white_user)
    wait_my_turn(white)
    click(white, "e7", "e8")
    offered = white.locator("[data-chooser] [data-choice] img").evaluate_all("els => els.map(e => e.dataset.piece)")
    assert sorted(offered) == sorted(set(roll.names) - {"King"})  # the array's pieces: a Griffin, no Queen
    white.locator("[data-chooser] button", has_text="Griffin").click()
    wait_for_moves(white, 1)
    (played,) = stored_moves(game)
    assert played.rstrip("+#") == "e8=Y"
    assert piece_on(white, "e8") == ("Griffin", "white")


def test_a_draw_is_offered_and_declined_then_a_player_resigns_from_the_page(browser, asgi_server):
    game, white_user, black_user = make_game(variant="chess")
    white, black = open_as(browser, asgi_server, game, white_user), open_as(browser, asgi_server, game, black_user)
    click(white, "e2", "e4")
    wait_for_moves(black, 1)
    white.click('[data-action="draw-offer"]')
    black.wait_for_selector('[data-action="draw-accept"]:not([hidden])')
    assert "Your opponent offers a draw." in black.locator("[data-status]").inner_text()
    black.click('[data-action="draw-decline"]')
    white.wait_for_selector('[data-action="draw-offer"]:not([hidden])')
    black.click('[data-action="resign"]')
    black.click('[data-action="resign-yes"]')  # resigning asks once more
    for page in (white, black):
        page.wait_for_function("document.querySelector('[data-status]').textContent.startsWith('Game over')")
        assert "1-0 (resignation)" in page.locator("[data-status]").inner_text()
    game.refresh_from_db()
    assert (game.result, game.termination) == ("1-0", "resignation")
    assert white.errors == [] and black.errors == []


def test_screenshots_of_the_play_page_and_its_legend_with_a_griffin_and_a_rhinoceros(browser, asgi_server):
    game, white_user, black_user = make_game(variant="rvc", time_control="15m+10")
    Game.objects.filter(pk=game.pk).update(start_position=GRIFFIN_AND_RHINOCEROS)
    black = open_as(browser, asgi_server, game, black_user)
    white = open_as(browser, asgi_server, game, white_user)
    for player, squares in ((white, ("f2", "f4")), (black, ("e7", "e5")), (white, ("d2", "d4"))):
        wait_my_turn(player)
        click(player, *squares)
    wait_for_moves(black, 3)
    wait_my_turn(black)
    click(black, "f8")  # the Rhinoceros, with its targets lit
    assert piece_on(black, "e8") == ("Griffin", "black") and piece_on(black, "f8") == ("Rhinoceros", "black")
    assert black.locator(".target, .capture").count() > 0
    legend = black.locator("[data-legend]")
    names = legend.locator("[data-legend-piece]").evaluate_all("els => els.map(e => e.dataset.legendPiece)")
    assert {"Griffin", "Rhinoceros", "Tiger", "Camel", "Pawn", "King"} <= set(names)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width in (1400, 390):
        black.set_viewport_size({"width": width, "height": 900})
        black.wait_for_timeout(150)
        assert black.evaluate("document.documentElement.scrollWidth") <= width  # nothing scrolls sideways
        clocks = black.locator("[data-clock]")
        assert clocks.count() == 2
        for i in range(2):
            box = clocks.nth(i).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width
        black.screenshot(path=str(SCREENSHOTS / f"play-{width}.png"), full_page=True)
    # The same legend under the public page's board, where it has the page's width.
    black.goto(f"{asgi_server.url}/games/{game.pk}/")
    for width in (1400, 390):
        black.set_viewport_size({"width": width, "height": 900})
        black.wait_for_timeout(150)
        assert black.evaluate("document.documentElement.scrollWidth") <= width
        black.locator("[data-legend]").screenshot(path=str(SCREENSHOTS / f"legend-{width}.png"))
    assert black.errors == [] and white.errors == []
