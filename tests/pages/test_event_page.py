"""The event page shows the current variant as an SVG board with its roll, commitment and revealed seed."""

from __future__ import annotations

import hashlib

from tests.pages.conftest import HIDDEN_SEED, REVEALED_SEED
from tests.pages.tables import table_with_caption


def test_the_event_page_draws_the_latest_published_rounds_variant_as_a_12x8_board(client, spring_open):
    response = client.get("/events/spring-open/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Spring Open</h1>" in html
    assert '<svg xmlns="http://www.w3.org/2000/svg" class="board" id="current-variant"' in html
    assert 'data-files="12" data-ranks="8"' in html
    assert "for rounds 1 and 2 (12x8 board)</title>" in html
    assert "1-3-5" in html
    assert hashlib.sha256(REVEALED_SEED.encode()).hexdigest() in html
    assert REVEALED_SEED in html
    back_rank = table_with_caption(html, "back rank")
    assert back_rank.rows[0] == ["a", "Cannon"] and back_rank.rows[1] == ["b", "Horse-Camel"]


def test_the_seed_of_a_block_not_yet_rolled_is_never_shown(client, spring_open):
    html = client.get("/events/spring-open/").content.decode()
    assert HIDDEN_SEED not in html


def test_the_event_page_links_rounds_standings_crosstable_players_and_exports(client, spring_open):
    html = client.get("/events/spring-open/").content.decode()
    for href in (
        "/events/spring-open/rounds/1/",
        "/events/spring-open/rounds/2/",
        "/events/spring-open/standings/",
        "/events/spring-open/crosstable/",
        "/events/spring-open/export/games.pgn",
        "/events/spring-open/export/standings.csv",
        f"/events/spring-open/players/{spring_open.players['Anna'].id}/",
    ):
        assert f'href="{href}"' in html, href
    assert "/rounds/3/" not in html
    assert "tournament.trf" not in html  # dynamic scoring: no TRF
    players = table_with_caption(html, "Registered players")
    assert players.row_headers == ["Anna Berger", "Ben Carter", "Chloé Dubois", "Dmitri Egorov", "Elif Fidan"]


def test_a_fixed_variant_event_without_blocks_shows_its_8x8_start_position(client, club_championship):
    html = client.get("/events/club-championship/").content.decode()
    assert 'data-files="8" data-ranks="8"' in html
    assert "King e1" in html and "King e8" in html
    assert 'href="/events/club-championship/export/tournament.trf"' in html


def test_an_unknown_event_is_a_404(client, db):
    assert client.get("/events/no-such-event/").status_code == 404


def test_the_rounds_are_listed_with_their_start_times_and_a_later_round_by_its_time_alone(client, spring_open):
    from datetime import UTC, datetime

    from tournaments.models import Round

    Round.objects.filter(event=spring_open.event, number=2).update(starts_at=datetime(2026, 4, 5, 9, 30, tzinfo=UTC))
    Round.objects.filter(event=spring_open.event, number=3).update(starts_at=datetime(2026, 4, 5, 15, 0, tzinfo=UTC))
    html = client.get("/events/spring-open/").content.decode()
    rounds = html.split('id="rounds-heading"', 1)[1].split("</ul>", 1)[0]
    assert 'Round 2</a> (published), starts <time datetime="2026-04-05T09:30:00+00:00">Sun 5 Apr 2026, 09:30 UTC</time>' in rounds
    assert "<li>Round 3 (not yet published), starts" in rounds and "/rounds/3/" not in rounds  # its time, not its pairings
    assert "Round 1</a> (complete)</li>" in rounds  # no time set: none shown
    round_page = client.get("/events/spring-open/rounds/2/").content.decode()
    assert "Starts Sun 5 Apr 2026, 09:30 UTC." in round_page
