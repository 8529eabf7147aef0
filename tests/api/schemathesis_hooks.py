"""Schemathesis hooks of the served-app contract test (loaded through ``SCHEMATHESIS_HOOKS``).

Most generated ids, slugs and round numbers name nothing, so the handlers behind the 404s would never see a fuzzed
body. Two in three valid path values are pointed at the objects of the world the test built (``FUZZ_WORLD``, the
JSON of :mod:`tests.api.fuzz_world`), chosen by a checksum of the generated values so a run is repeatable. Values
that are invalid on purpose (negative data: not an integer, a negative number) are left alone: the server must
still refuse them.
"""

from __future__ import annotations

import json
import os
import zlib

import schemathesis

WORLD = json.loads(os.environ.get("FUZZ_WORLD", "{}"))


def _aimed(name: str, value, pick: int):
    if name == "id" and isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return WORLD["game_ids"][pick % len(WORLD["game_ids"])]
    if name == "slug" and isinstance(value, str):
        return WORLD["slug"]
    if name == "number" and isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return 1 + pick % 3  # rounds 1 and 2 are published, 3 is paired only
    return value


@schemathesis.hook
def map_path_parameters(context, path_parameters: dict) -> dict:
    if not WORLD or not path_parameters:
        return path_parameters
    pick = zlib.crc32(repr(sorted(path_parameters.items())).encode())
    if pick % 3 == 0:
        return path_parameters
    return {name: _aimed(name, value, pick) for name, value in path_parameters.items()}
