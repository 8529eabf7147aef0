"""manage.py: the pure rules tools run without Django, and a Python outside the venv re-runs in the venv."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_rules_tools_do_not_start_django():
    # A settings module that cannot be imported would stop any command that starts Django.
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "no.such.settings"}
    proc = subprocess.run(
        [sys.executable, "manage.py", "perft", "--variant", "chess", "--depth", "2"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "400"


def test_a_bad_roll_is_one_line_and_exit_1():
    proc = subprocess.run(
        [sys.executable, "manage.py", "rvc_layout", "7-1-1"], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 1
    assert len(proc.stderr.strip().splitlines()) == 1 and "7" in proc.stderr


def test_call_command_runs_the_same_tool(capsys):
    from django.core.management import call_command

    call_command("rvc_layout", "2-4-4", "2-2-2")
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Princess Zebra Wazir Knight Bishop Empress King Bishop Knight Wazir Zebra Princess"
    assert lines[1] == "none"


def test_a_python_without_django_reruns_in_the_venv():
    base_python = Path(sys.base_prefix) / "bin" / "python3"
    if not (ROOT / ".venv" / "bin" / "python").exists() or not base_python.exists():
        pytest.skip("needs the project's .venv and a base interpreter")
    if subprocess.run([str(base_python), "-c", "import django"], capture_output=True).returncode == 0:
        pytest.skip("the base interpreter has Django itself")
    env = {k: v for k, v in os.environ.items() if k not in {"VIRTUAL_ENV", "MANAGE_PY_REEXEC", "PYTHONPATH"}}
    proc = subprocess.run(
        [str(base_python), "manage.py", "rvc_layout", "1-1-1"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[1] == "4"
