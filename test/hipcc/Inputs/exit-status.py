"""Runs a command and succeeds only if it exits with the expected status.

usage: exit-status.py <status> <command> [args...]
Its output passes through, so FileCheck can check it too.
"""
import subprocess
import sys

expected = int(sys.argv[1])
status = subprocess.call(sys.argv[2:])
if status != expected:
    sys.stderr.write("exit-status.py: expected status %d, got %d\n" % (expected, status))
    sys.exit(1)
