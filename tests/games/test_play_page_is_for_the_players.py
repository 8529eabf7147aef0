"""The site login, "My games" and the play page's rules: who may open what, and the session login on the API.

The play page talks to the JSON API with the browser's session: DRF's SessionAuthentication (after the token
class) accepts it, and a write with the session but without the CSRF token is refused and changes nothing.
"""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from tests.games.live_support import make_game
from tournaments.models import Game

pytestmark = pytest.mark.django_db
PASSWORD = "a long test password 14"


def _login(user) -> Client:
    user.set_password(PASSWORD)
    user.save()
    client = Client(enforce_csrf_checks=True)
    page = client.get("/accounts/login/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode()).group(1)
    answer = client.post("/accounts/login/", {"username": user.username, "password": PASSWORD, "csrfmiddlewaretoken": token})
    assert answer.status_code == 302, answer.content.decode()[:500]
    return client


def _csrf(client: Client, path: str) -> str:
    html = client.get(path).content.decode()
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)


def _script_json(html: str, element_id: str):
    found = re.search(rf'<script id="{element_id}" type="application/json">(.*?)</script>', html, re.S)
    return json.loads(found.group(1))


def test_the_login_page_logs_a_player_in_and_lands_on_their_games():
    game, white, _ = make_game()
    client = Client()
    white.set_password(PASSWORD)
    white.save()
    page = client.get("/accounts/login/")
    assert page.status_code == 200 and b'name="username"' in page.content and b'name="password"' in page.content
    answer = client.post("/accounts/login/", {"username": white.username, "password": PASSWORD})
    assert answer.status_code == 302 and answer["Location"] == "/games/mine/"
    mine = client.get("/games/mine/").content.decode()
    assert f"/games/{game.pk}/play/" in mine and game.black.name in mine


def test_a_wrong_password_keeps_the_username_and_says_so():
    _, white, _ = make_game()
    answer = Client().post("/accounts/login/", {"username": white.username, "password": "not it"})
    html = answer.content.decode()
    assert answer.status_code == 200 and "correct username and password" in html
    assert f'value="{white.username}"' in html


def test_the_play_page_needs_a_login_and_sends_there_with_the_way_back():
    game, _, _ = make_game()
    answer = Client().get(f"/games/{game.pk}/play/")
    assert answer.status_code == 302 and answer["Location"] == f"/accounts/login/?next=/games/{game.pk}/play/"
    assert Client().get("/games/mine/")["Location"] == "/accounts/login/?next=/games/mine/"


def test_only_the_players_open_the_play_page_others_are_sent_to_watch():
    game, white, black = make_game()
    outsider = type(white).objects.create_user("kibitzer")
    for player in (white, black):
        page = _login(player).get(f"/games/{game.pk}/play/")
        assert page.status_code == 200
        config = _script_json(page.content.decode(), "play-config")
        assert config["seats"] == (["white"] if player == white else ["black"])
    refused = _login(outsider).get(f"/games/{game.pk}/play/")
    assert refused.status_code == 403 and f"/games/{game.pk}/" in refused.content.decode()


def test_a_game_of_an_unpublished_round_has_no_play_page_and_no_board_data():
    game, white, _ = make_game(round_status="paired")
    client = _login(white)
    assert client.get(f"/games/{game.pk}/play/").status_code == 404
    data = client.get(f"/games/{game.pk}/play/data/")
    assert data.status_code == 404 and data.json()["errors"] == {"game": ["no such game"]}
    assert Client().get("/games/99999999999999999999/play/data/").status_code == 404


def test_the_page_carries_the_state_the_api_gives_and_the_board_data_of_that_version():
    game, white, _ = make_game(variant="chess")
    html = _login(white).get(f"/games/{game.pk}/play/").content.decode()
    state, data = _script_json(html, "play-state"), _script_json(html, "play-data")
    assert state["id"] == game.pk and state["version"] == data["version"] == 0
    assert sorted(e["san"] for e in data["moves"]["white"]) == sorted(state["legal_moves"])
    assert data["history"] == [{"position": state["position"], "changed": []}]
    assert "data-board" in html and "data-moves" in html and 'data-clock="white"' in html and 'data-clock="black"' in html


def test_the_board_data_follows_the_game_move_by_move():
    game, white, black = make_game(variant="chess")
    client = _login(white)
    token = _csrf(client, f"/games/{game.pk}/play/")
    answer = client.post(f"/api/games/{game.pk}/moves/", {"move": "e4"}, content_type="application/json", HTTP_X_CSRFTOKEN=token)
    assert answer.status_code == 200, answer.json()
    data = client.get(f"/games/{game.pk}/play/data/").json()
    assert data["version"] == answer.json()["version"] and list(data["moves"]) == ["black"]
    assert data["history"][-1]["changed"] == ["e2", "e4"]
    assert {e["san"] for e in data["moves"]["black"]} == set(answer.json()["legal_moves"])


def test_a_session_write_without_the_csrf_token_is_refused_and_changes_nothing():
    game, white, _ = make_game(variant="chess")
    client = _login(white)
    before = Game.objects.get(pk=game.pk).version
    answer = client.post(f"/api/games/{game.pk}/moves/", {"move": "e4"}, content_type="application/json")
    assert answer.status_code == 403 and "CSRF" in json.dumps(answer.json())
    assert Game.objects.get(pk=game.pk).version == before and Game.objects.get(pk=game.pk).moves == []
    resign = client.post(f"/api/games/{game.pk}/resign/", {}, content_type="application/json")
    assert resign.status_code == 403 and Game.objects.get(pk=game.pk).result == ""


def test_my_games_lists_games_in_play_upcoming_and_finished_but_not_unpublished_pairings():
    live, white, black = make_game(variant="chess")
    client = _login(white)
    client.post(
        f"/api/games/{live.pk}/moves/", {"move": "e4"}, content_type="application/json",
        HTTP_X_CSRFTOKEN=_csrf(client, f"/games/{live.pk}/play/"),
    )  # fmt: skip
    hidden, _, _ = make_game(round_status="paired")
    Game.objects.filter(pk=hidden.pk).update(white=live.white)
    done, _, _ = make_game()
    Game.objects.filter(pk=done.pk).update(black=live.white, result="0-1", status=Game.Status.FINISHED, termination="resignation")
    html = client.get("/games/mine/").content.decode()
    sections = {m.group(1): m.start() for m in re.finditer(r'<h2 id="(\w+)-heading"', html)}
    assert list(sections) == ["live", "upcoming", "finished"]
    live_part = html[sections["live"] : sections["upcoming"]]
    assert f"/games/{live.pk}/play/" in live_part and "1 move so far" in live_part
    assert f"/games/{hidden.pk}/" not in html
    finished_part = html[sections["finished"] :]
    assert f"/games/{done.pk}/" in finished_part and f"/games/{done.pk}/play/" not in finished_part
    assert "Result 0-1" in finished_part


def test_logout_is_a_post_and_password_change_keeps_the_player_logged_in():
    _, white, _ = make_game()
    client = _login(white)
    token = _csrf(client, "/accounts/password_change/")
    new = "another long one 15"
    form = {"old_password": PASSWORD, "new_password1": new, "new_password2": new, "csrfmiddlewaretoken": token}
    answer = client.post("/accounts/password_change/", form)
    assert answer.status_code == 302 and answer["Location"] == "/accounts/password_change/done/"
    assert client.get("/games/mine/").status_code == 200
    white.refresh_from_db()
    assert white.check_password(new)
    assert client.get("/accounts/logout/").status_code == 405
    out = client.post("/accounts/logout/", {"csrfmiddlewaretoken": _csrf(client, "/games/mine/")})
    assert out.status_code == 302 and client.get("/games/mine/").status_code == 302
