"""Django management commands that wrap the pure tools of :mod:`variants.cli` (perft, replay, rvc_layout).

``manage.py`` runs those tools without starting Django; these wrappers let ``manage.py help`` list them and
``call_command`` run them, with the same arguments, output and one-line errors.
"""

from __future__ import annotations

import argparse
import sys

from django.core.management.base import BaseCommand, CommandError

from variants.cli import TOOLS, CliError


class _Recording(argparse.ArgumentParser):
    """A parser that keeps the destination of every argument added (argparse keeps its own list private)."""

    def __init__(self) -> None:
        super().__init__(add_help=False)
        self.dests: list[str] = []

    def add_argument(self, *args, **kwargs) -> argparse.Action:
        action = super().add_argument(*args, **kwargs)
        self.dests.append(action.dest)
        return action


def _dests(name: str) -> list[str]:
    probe = _Recording()
    TOOLS[name].add_arguments(probe)
    return probe.dests


class ToolCommand(BaseCommand):
    tool: str  # a key of variants.cli.TOOLS
    requires_system_checks: list[str] = []  # pure computation: no models, URLs or database

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.help = TOOLS[self.tool].help

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)

        def error(message: str) -> None:
            if not parser.called_from_command_line:
                raise CommandError(f"Error: {message}")
            sys.stderr.write(f"{parser.prog}: error: {message} (see --help)\n")
            sys.exit(2)

        parser.error = error  # type: ignore[method-assign]
        return parser

    def add_arguments(self, parser) -> None:
        TOOLS[self.tool].add_arguments(parser)

    def handle(self, *args, **options) -> None:
        try:
            lines = TOOLS[self.tool].run(**{dest: options.get(dest) for dest in _dests(self.tool)})
        except CliError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write("".join(f"{line}\n" for line in lines), ending="")
