"""Runs the single clang++ command hipcc would run for the same arguments.

usage: clang-as-hipcc-runs-it.py <hipcc> <hipcc arguments...>
hipcc prints that command with HIPCC_VERBOSE=1; with -### added hipcc leaves
the compile to clang, which only prints its jobs. The printed command, minus
the -###, is run as it is: the same arguments in the same order, so clang
derives the same -cuid as the jobs hipcc ran in parallel.
"""
import os
import shlex
import subprocess
import sys

hipcc, args = sys.argv[1], sys.argv[2:]
env = dict(os.environ, HIPCC_VERBOSE="1")
probe = subprocess.run([hipcc] + args + ["-###"], capture_output=True, text=True, env=env)
lines = [l for l in probe.stderr.splitlines() if l.startswith("hipcc-cmd: ")]
if len(lines) != 1:
    sys.exit("clang-as-hipcc-runs-it.py: hipcc printed no hipcc-cmd line:\n" + probe.stderr)
command = shlex.split(lines[0][len("hipcc-cmd: "):])
assert command[-1] == "-###", command
sys.exit(subprocess.call(command[:-1]))
