"""The login columns of a player import (issue 23): ``email`` (where the invitation goes) and ``username`` (the
login it offers). Checked with the other columns of :mod:`tournaments.csv_import`, every error named by its row."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email

from tournaments.models import Player


def login_columns(line: int, values: dict, seen: dict, errors) -> tuple[str, str]:
    """The row's e-mail (lower-cased domain) and username, checked; problems go to ``errors``."""
    email, username = values.get("email", ""), values.get("username", "")
    if email:
        try:
            validate_email(email)
        except ValidationError:
            errors.add(line, "email", f"{email!r} is not an e-mail address")
        else:
            local, _, domain = email.rpartition("@")
            email = f"{local}@{domain.lower()}"
    if username:
        try:
            get_user_model().username_validator(username)
            if len(username) > 150:
                raise ValidationError("too long")
        except ValidationError:
            errors.add(line, "username", f"{username!r} is not a username (letters, digits and @.+-_, at most 150)")
    for field, key in (("email", email.casefold()), ("username", username.casefold())):
        if key and key in seen[field]:
            errors.add(line, field, f"{field} {key} repeats row {seen[field][key]}")
        elif key:
            seen[field][key] = line
    return email, username


def check_logins(rows: list, find_player: Callable[[object], Player | None], errors) -> None:
    """A username taken by another person's login, or a player who has a login with another username, is refused."""
    users = get_user_model().objects
    for row in rows:
        if not row.username:
            continue
        player = find_player(row)
        if player is not None and player.user_id is not None:
            if player.user.get_username() != row.username:
                errors.add(row.line, "username", f"{player} has the login {player.user.get_username()!r} already")
            continue
        taken = users.filter(username__iexact=row.username).first()
        if taken is not None and not (row.email and taken.email.casefold() == row.email.casefold()):
            errors.add(row.line, "username", f"the username {row.username!r} is taken")


def keep_login_columns(player: Player, row) -> None:
    """Store the row's e-mail and username on the player (a row without them leaves the player's as they are)."""
    changed = [field for field in ("email", "username") if getattr(row, field) and getattr(row, field) != getattr(player, field)]
    for field in changed:
        setattr(player, field, getattr(row, field))
    if changed:
        player.save(update_fields=changed)
