"""The scoring profiles by key: one registered :class:`~scoring.profiles.Profile` each, like the variant engines.

Adding a profile is one Profile (or subclass) instance and one :func:`register_profile` call, here or wherever the
project registers it: the event's scoring choices (a callable the model field reads, so no migration), the APIs,
the pages and the exports all ask here and then ask the profile.
"""

from __future__ import annotations

import re
from dataclasses import fields, replace

from scoring.profiles import CLASSICAL, DYNAMIC, Profile

#: The longest key the events' ``scoring`` column holds.
KEY_MAX_LENGTH = 12
KEY_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
#: The profile a new event scores by.
DEFAULT_KEY = DYNAMIC.key

# key -> profile, in the order forms list them
PROFILES: dict[str, Profile] = {DYNAMIC.key: DYNAMIC, CLASSICAL.key: CLASSICAL}


def register_profile(profile: Profile) -> None:
    """Make ``profile`` the profile of its key; ValueError for a bad key or a key another profile holds."""
    if not isinstance(profile, Profile):
        raise ValueError(f"{profile!r} is not a scoring Profile")
    if not (KEY_RE.match(profile.key) and len(profile.key) <= KEY_MAX_LENGTH):
        raise ValueError(f"a profile key is up to {KEY_MAX_LENGTH} lower-case letters, digits and -: {profile.key!r}")
    if profile.key in PROFILES and PROFILES[profile.key] != profile:
        raise ValueError(f"scoring profile {profile.key!r} is already registered")
    PROFILES[profile.key] = profile


def unregister_profile(key: str) -> None:
    """Forget the profile of ``key`` (nothing happens for an unknown key)."""
    PROFILES.pop(key, None)


def profile_keys() -> list[str]:
    return list(PROFILES)


def profile_choices() -> list[tuple[str, str]]:
    """``(key, name)`` of every profile: the choices of the event's scoring field, its forms and the API."""
    return [(key, profile.name) for key, profile in PROFILES.items()]


def get_profile(profile: str | Profile, **settings: float) -> Profile:
    """The profile by key, with ``settings`` (e.g. ``black_compensation=3.5``) replacing its defaults."""
    base = profile if isinstance(profile, Profile) else PROFILES.get(profile)
    if base is None:
        raise ValueError(f"unknown scoring profile {profile!r}; choose one of {', '.join(PROFILES)}")
    if not settings:
        return base
    known = {field.name for field in fields(base)} - {"key", "name"}
    unknown = set(settings) - known
    if unknown:
        raise ValueError(f"unknown setting(s) for {base.key}: {', '.join(sorted(unknown))}")
    return replace(base, **settings)
