"""Prints the owner file of a hipkit run folder (common/lib/RunFolder.cpp):
  dead     a process of this pid namespace that has ended
  live     the process running this script's parent (the test)
  otherns  a pid that exists in no pid namespace of this one
"""
import os
import subprocess
import sys

status = os.stat("/proc/self/ns/pid")
namespace = "%d:%d" % (status.st_dev, status.st_ino)
kind = sys.argv[1]
if kind == "dead":
    child = subprocess.Popen(["true"])
    child.wait()
    pid = child.pid
elif kind == "live":
    pid = os.getppid()
else:
    pid, namespace = 1, "0:0"
print("pid %d %s" % (pid, namespace))
