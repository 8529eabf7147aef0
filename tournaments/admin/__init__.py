"""The organizers' admin: events, players, rounds (pair, edit, publish), results, dice, colour report.

Importing this package registers every model admin (Django's autodiscovery imports ``tournaments.admin``).
``EventScoped`` is here for the other apps' admins (games/admin.py scopes its rows the same way).
"""

from tournaments.admin import draws, events, players, rounds, sign_ups, teams
from tournaments.admin.scoped import EventRoleInline, EventScoped

__all__ = ["EventRoleInline", "EventScoped", "draws", "events", "players", "rounds", "sign_ups", "teams"]
