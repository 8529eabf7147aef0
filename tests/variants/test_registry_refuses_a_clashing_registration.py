"""``register`` refuses what would make a key name the wrong engine; ``unregister`` forgets a key."""

from __future__ import annotations

import pytest

from variants import registry
from variants.chess8 import ChessEngine


class OtherChess(ChessEngine):
    key = "other-chess"
    name = "Other Chess"


@pytest.fixture
def cleanup():
    yield
    registry.unregister("other-chess")


def test_a_taken_key_is_refused():
    with pytest.raises(ValueError, match="already registered"):
        registry.register("chess", "variants.rvc:RandomVariantEngine")
    assert registry.get_engine("chess") is ChessEngine


def test_registering_the_same_engine_again_changes_nothing():
    registry.register("chess", registry.ENGINES["chess"])
    assert registry.get_engine("chess") is ChessEngine


def test_the_class_key_must_match(cleanup):
    with pytest.raises(ValueError, match="other-chess"):
        registry.register("else", OtherChess)
    assert "else" not in registry.variant_keys()


def test_only_engine_classes_or_import_paths(cleanup):
    with pytest.raises(ValueError):
        registry.register("other-chess", object)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        registry.register("other-chess", "variants.chess8.ChessEngine")


def test_an_import_path_is_resolved_on_first_use(cleanup):
    registry.register("other-chess", f"{__name__}:OtherChess")
    assert registry.get_engine("other-chess") is OtherChess


def test_unregister_forgets_the_key_and_ignores_an_unknown_one(cleanup):
    registry.register("other-chess", OtherChess)
    registry.unregister("other-chess")
    registry.unregister("other-chess")
    with pytest.raises(KeyError, match="other-chess"):
        registry.get_engine("other-chess")
