"""tournaments is the lower floor and games the upper one: games may import tournaments, never the reverse, and
neither imports the other inside a function (the way an import cycle used to be dodged). The pure floor
(variants, scoring, clocks, pairing, record) imports no app and no
Django. ratings sits above tournaments, beside games: it imports tournaments, and nothing imports it.
docs/architecture.md draws it."""

from __future__ import annotations

from tests.architecture.graph import app_of, edges, project_modules

PURE = ("variants", "scoring", "clocks", "pairing", "record")
APPS = ("accounts", "outbox", "tournaments", "games", "ratings")


def test_tournaments_never_imports_games():
    upward = [e for e in edges() if app_of(e.source) == "tournaments" and app_of(e.target) == "games"]
    assert upward == [], "\n".join(f"{e.source}:{e.line} imports {e.target}" for e in upward)


def test_no_import_across_the_apps_inside_a_function():
    hidden = [e for e in edges() if e.in_function and app_of(e.source) != app_of(e.target) and app_of(e.source) in APPS
              and app_of(e.target) in APPS]  # fmt: skip
    assert hidden == [], "\n".join(f"{e.source}:{e.line} imports {e.target} inside a function" for e in hidden)


def test_ratings_is_above_tournaments_and_beside_games():
    """ratings (issue 28) reads the record and follows it through the hook: it imports tournaments (and what is below
    it), never games; neither tournaments nor games imports ratings (the seeding asks it through
    tournaments.rating_source)."""
    below = ("tournaments", "games", "accounts", "outbox")
    wrong = [e for e in edges() if (app_of(e.source) == "ratings" and app_of(e.target) == "games")
             or (app_of(e.source) in below and app_of(e.target) == "ratings")]  # fmt: skip
    assert wrong == [], "\n".join(f"{e.source}:{e.line} imports {e.target}" for e in wrong)


def test_outbox_is_below_both_apps():
    upward = [e for e in edges() if app_of(e.source) == "outbox" and app_of(e.target) in ("games", "tournaments")]
    assert upward == [], "\n".join(f"{e.source}:{e.line} imports {e.target}" for e in upward)


def test_accounts_is_below_both_apps():
    upward = [e for e in edges() if app_of(e.source) == "accounts" and app_of(e.target) in ("games", "tournaments")]
    assert upward == [], "\n".join(f"{e.source}:{e.line} imports {e.target}" for e in upward)


def _is_pure(module: str) -> bool:
    return any(module == p or module.startswith(p + ".") for p in PURE)


def test_the_pure_floor_imports_no_app_and_no_django():
    bad = [e for e in edges() if _is_pure(e.source) and not _is_pure(e.target)]
    assert bad == [], "\n".join(f"{e.source}:{e.line} imports {e.target}" for e in bad)
    for name, path in project_modules().items():
        if _is_pure(name):
            text = path.read_text()
            assert "import django" not in text and "from django" not in text, f"{name} imports Django"
