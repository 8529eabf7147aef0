"""A new export is one registered object (issue 35): the standings as XML of tests/architecture/extensions/, one
module plus one line in ``install()``, is listed on the event page and served by the one export view."""

from __future__ import annotations

from xml.etree import ElementTree

from tests.pages.conftest import spring_open  # noqa: F401 - the fixture, shared with the page tests
from tournaments.exports.registry import exports, get_export


def test_the_xml_export_is_registered_for_the_whole_run():
    assert get_export("standings-xml") is not None
    assert "standings-xml" in [export.key for export in exports()]


def test_the_event_page_lists_it_by_its_loop(client, spring_open):  # noqa: F811
    page = client.get("/events/spring-open/").content.decode()
    assert 'href="/events/spring-open/export/standings-xml/"' in page
    assert "Standings (XML)" in page


def test_the_one_export_view_serves_the_standings_as_xml(client, spring_open):  # noqa: F811
    response = client.get("/events/spring-open/export/standings-xml/")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/xml; charset=utf-8"
    assert 'filename="spring-open-standings.xml"' in response["Content-Disposition"]
    root = ElementTree.fromstring(response.content)  # noqa: S314 - our own answer, in a test
    assert root.tag == "standings" and root.get("event") == "spring-open"
    players = [(p.get("rank"), p.get("name")) for p in root.iter("player")]
    assert [name for _, name in players] == ["Chloé Dubois", "Anna Berger", "Elif Fidan", "Dmitri Egorov", "Ben Carter"]
    assert players[0][0] == "1"


def test_an_unknown_export_is_a_404_naming_it(client, spring_open):  # noqa: F811
    response = client.get("/events/spring-open/export/standings-yaml/")
    assert response.status_code == 404
