"""python manage.py rvc_layout ...: see variants.cli (manage.py runs it without starting Django)."""

from tournaments.management.tool_command import ToolCommand


class Command(ToolCommand):
    tool = "rvc_layout"
