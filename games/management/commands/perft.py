"""python manage.py perft ...: see variants.cli (manage.py runs it without starting Django)."""

from tournaments.management.tool_command import ToolCommand


class Command(ToolCommand):
    tool = "perft"
