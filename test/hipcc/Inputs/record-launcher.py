"""A compiler launcher that writes down what it is given, then runs it.

usage: record-launcher.py LOG COMMAND...
Appends COMMAND, one line, words quoted as a shell would read them, to LOG.
"""
import os
import shlex
import sys

log, command = sys.argv[1], sys.argv[2:]
with open(log, "a") as f:
    f.write("launched: " + shlex.join(command) + "\n")
# The compiler comes by name (clang++-19), found on PATH as distccd would.
os.execvp(command[0], command)
