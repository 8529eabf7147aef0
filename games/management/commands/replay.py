"""python manage.py replay ...: see variants.cli (manage.py runs it without starting Django)."""

from tournaments.management.tool_command import ToolCommand


class Command(ToolCommand):
    tool = "replay"
