"""Runs a command under a given umask (lit's shell has no umask builtin).

usage: with-umask.py <octal umask> <command> [args...]
"""
import os
import sys

os.umask(int(sys.argv[1], 8))
os.execvp(sys.argv[2], sys.argv[2:])
