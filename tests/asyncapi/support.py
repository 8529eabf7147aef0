"""The sockets' AsyncAPI document (games/asyncapi.yaml) as validators: the document against the official AsyncAPI
3.0 JSON Schema, and a message the server sent against the payload the document gives its ``type``."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import jsonschema
import yaml
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT7

HERE = Path(__file__).parent
OFFICIAL = HERE / "asyncapi-3.0.0.schema.json"
DOCUMENT = HERE.parent.parent / "games" / "asyncapi.yaml"
BASE = "urn:asyncapi-document"


def official_validator() -> jsonschema.Draft7Validator:
    return jsonschema.Draft7Validator(json.loads(OFFICIAL.read_text(encoding="utf-8")))


@cache
def document() -> dict:
    return yaml.safe_load(DOCUMENT.read_text(encoding="utf-8"))


@cache
def _registry() -> Registry:
    return Registry().with_resource(BASE, Resource.from_contents(document(), default_specification=DRAFT7))


def message_names(channel: str) -> dict[str, str]:
    """The ``type`` each message of ``channel`` carries -> the message's name under components/messages."""
    names = {}
    for ref in document()["channels"][channel]["messages"].values():
        name = ref["$ref"].rsplit("/", 1)[1]
        names[document()["components"]["messages"][name]["payload"]["properties"]["type"]["const"]] = name
    return names


@cache
def payload_validator(name: str) -> jsonschema.Draft7Validator:
    schema = {"$ref": f"{BASE}#/components/messages/{name}/payload"}
    return jsonschema.Draft7Validator(schema, registry=_registry())


def check_message(channel: str, text: str | dict) -> dict:
    """The message, after checking it is one the document's ``channel`` (``game`` or ``event``) describes; an
    AssertionError naming what differs otherwise."""
    message = json.loads(text) if isinstance(text, str) else text
    names = message_names(channel)
    assert message.get("type") in names, f"{channel} socket: message type {message.get('type')!r} is not in the document"
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in payload_validator(names[message["type"]]).iter_errors(message)]
    assert not errors, f"{channel} socket, {message['type']}: " + "; ".join(errors[:5])
    return message
