import pytest
from django.core.exceptions import ValidationError

from tests.tournaments.helpers import make_event
from tournaments.models import Player, Registration
from tournaments.services import import_players

pytestmark = pytest.mark.django_db

GOOD = "name,rating,federation,fide_id\nAnna Berger,2150,AUT,1001\nBen Carter,2090,eng,\n"


def test_a_good_file_registers_every_row():
    event, organizer, _ = make_event(0)
    regs = import_players(event, GOOD, by=organizer)
    assert [r.player.name for r in regs] == ["Anna Berger", "Ben Carter"]
    assert Player.objects.get(name="Ben Carter").federation == "ENG"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name,rating\nAnna,2100\nBen,lots\n", "row 3: rating 'lots'"),
        ("name,rating\nAnna,2100\n,1900\n", "row 3: the name is empty"),
        ("name,federation\nAnna,AUT\nBen,Austria\n", "row 3: federation 'AUSTRIA'"),
        ("name,fide_id\nAnna,77\nBen,77\n", "row 3: FIDE id 77 repeats row 2"),
        ("name,colour\nAnna,w\n", "row 1: unknown column"),
        ('name,rating\nAnna,2100\n"Ben,1900\n', "row 3: malformed CSV"),
        ("name,seed\nAnna,1\nBen,1\n", "row 3: seed 1 repeats row 2"),
    ],
)
def test_a_bad_row_is_named_and_nothing_is_written(text, message):
    event, organizer, _ = make_event(0)
    with pytest.raises(ValidationError, match=message):
        import_players(event, text, by=organizer)
    assert Registration.objects.filter(event=event).count() == 0
    assert Player.objects.count() == 0


def test_a_player_already_registered_stops_the_whole_import():
    event, organizer, _ = make_event(0)
    import_players(event, "name\nAnna Berger\n", by=organizer)
    with pytest.raises(ValidationError, match="row 3: Anna Berger is already registered"):
        import_players(event, "name\nZoe New\nAnna Berger\n", by=organizer)
    assert not Player.objects.filter(name="Zoe New").exists()
