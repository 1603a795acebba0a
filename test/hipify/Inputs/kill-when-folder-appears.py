"""Runs a command and sends it a signal once a file matching a pattern appears
in a directory (a file in the run's temporary folder: the run is under way).

  kill-when-folder-appears.py SIGNAL DIR PATTERN -- COMMAND...

Exits 0 when the command died of SIGNAL, and 1 (saying why) when it ended
otherwise or nothing matched. The command starts with SIGINT, SIGTERM
and SIGHUP at their default action, whatever this process inherited (a shell
running a test in the background ignores SIGINT).
"""
import glob
import os
import signal
import subprocess
import sys
import time

CAUGHT = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def reset_signals():
    for s in CAUGHT:
        signal.signal(s, signal.SIG_DFL)


def main():
    sig = getattr(signal, "SIG" + sys.argv[1])
    directory, pattern = sys.argv[2], sys.argv[3]
    assert sys.argv[4] == "--"
    process = subprocess.Popen(sys.argv[5:], preexec_fn=reset_signals)
    deadline = time.time() + 120
    while time.time() < deadline and process.poll() is None:
        if glob.glob(os.path.join(directory, pattern)):
            # Inside the precompiling, not at its first instant.
            time.sleep(0.1)
            process.send_signal(sig)
            break
        time.sleep(0.01)
    else:
        process.kill()
        process.wait()
        print("%s/%s never appeared" % (directory, pattern))
        return 1
    status = process.wait()
    if status != -sig:
        print("the command ended with status %d, not by signal %s" %
              (status, sys.argv[1]))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
