"""A distcc farm on this machine's loopback interface, for one command.

usage: distcc_farm.py --state DIR [--daemons N] [--jobs J] [--kill-when-busy K]
                      [--timeout S] -- COMMAND...
       distcc_farm.py --state DIR --check-stopped

Starts N distccd daemons listening on 127.0.0.1 only, each on a free port with
its own job limit (--jobs) and log (DIR/logs/daemon-I.log), runs COMMAND with
DISTCC_HOSTS naming them (and a private DISTCC_DIR, so no backoff state of
another run counts), and stops every daemon at the end, whatever happened.
With --kill-when-busy K, daemon K is killed (SIGKILL) as soon as its log says
it took a compile: a server lost in the middle of a build. The exit status is
COMMAND's; 124 when it outlived --timeout. Daemons run as `nobody` when this
runs as root (distccd refuses to run compilers as root). --check-stopped
fails, naming them, when a distccd of the farm at DIR still runs.
"""
import argparse
import ctypes
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_listening(port, proc, deadline):
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return False
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return True
        except OSError:
            time.sleep(0.05)
    return False


def stop(proc):
    """SIGTERM to the daemon, which stops the workers it forked, then SIGKILL
    to whatever is left of its process group."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait()


def become_subreaper():
    """The daemons' workers outlive the daemon by a moment; as orphans they
    come to this process, which reaps them (see reap_orphans), instead of to
    an init that may never do it."""
    PR_SET_CHILD_SUBREAPER = 36
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def reap_orphans(deadline):
    while time.monotonic() < deadline:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return  # none left
        if pid == 0:
            time.sleep(0.02)


def running_daemons(state):
    """Live processes of the farm at \p state: in the process group of a
    daemon it started (state/daemons lists them), not yet dead."""
    try:
        with open(os.path.join(state, "daemons")) as f:
            groups = set(f.read().split())
    except FileNotFoundError:
        return []
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open("/proc/%s/stat" % pid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[2] in groups and fields[0] != "Z":  # state, ppid, pgrp
            found.append(pid)
    return found


def farm_arguments():
    """The command line every loopback farm takes (icecc_farm.py too)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--state", required=True)
    parser.add_argument("--daemons", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--kill-when-busy", type=int)
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--check-stopped", action="store_true")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    return parser.parse_args()


def main():
    args = farm_arguments()
    if args.check_stopped:
        left = running_daemons(args.state)
        if left:
            sys.exit("distcc_farm.py: distccd still running: pid " + " ".join(left))
        return 0
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        sys.exit("distcc_farm.py: no command given")

    logs = os.path.join(args.state, "logs")
    os.makedirs(logs, exist_ok=True)
    open(os.path.join(args.state, "daemons"), "w").close()
    os.makedirs(os.path.join(args.state, "distcc"), exist_ok=True)
    user = []
    if os.geteuid() == 0:
        nobody = pwd.getpwnam("nobody")
        user = ["--user", "nobody"]
    become_subreaper()
    daemons = []
    tmpdirs = []
    try:
        hosts = []
        for i in range(args.daemons):
            log = os.path.join(logs, "daemon-%d.log" % i)
            # Its own TMPDIR (where it writes what it receives), which it
            # can enter as nobody: lit's is private to the test's user, and
            # so may be every folder of the test; its log comes through
            # stderr for the same reason.
            tmp = tempfile.mkdtemp(prefix="distcc-farm-", dir="/tmp")
            tmpdirs.append(tmp)
            if user:
                os.chown(tmp, nobody.pw_uid, nobody.pw_gid)
            port = free_port()
            with open(log, "wb") as log_file:
                proc = subprocess.Popen(
                    ["distccd", "--no-detach", "--daemon", "--listen",
                     "127.0.0.1", "--allow", "127.0.0.1", "--port", str(port),
                     "--jobs", str(args.jobs), "--log-stderr", "--log-level",
                     "info"] + user,
                    start_new_session=True, stdin=subprocess.DEVNULL,
                    stdout=log_file, stderr=log_file, cwd=tmp,
                    env=dict(os.environ, TMPDIR=tmp))
            daemons.append(proc)
            with open(os.path.join(args.state, "daemons"), "a") as f:
                f.write("%d\n" % proc.pid)
            if not wait_listening(port, proc, time.monotonic() + 20):
                sys.exit("distcc_farm.py: distccd on 127.0.0.1:%d did not start; "
                         "see %s" % (port, log))
            hosts.append("127.0.0.1:%d/%d" % (port, args.jobs))

        env = dict(os.environ, DISTCC_HOSTS=" ".join(hosts),
                   DISTCC_DIR=os.path.join(args.state, "distcc"))
        done = threading.Event()
        if args.kill_when_busy is not None:
            victim = daemons[args.kill_when_busy]
            log = os.path.join(logs, "daemon-%d.log" % args.kill_when_busy)

            def kill_when_busy():
                while not done.is_set():
                    with open(log, errors="replace") as f:
                        if "compile from" in f.read():
                            os.killpg(victim.pid, signal.SIGKILL)
                            with open(os.path.join(args.state, "killed"), "w") as k:
                                k.write("daemon %d\n" % args.kill_when_busy)
                            return
                    time.sleep(0.02)

            threading.Thread(target=kill_when_busy, daemon=True).start()
        cmd = subprocess.Popen(command, env=env, start_new_session=True)
        try:
            status = cmd.wait(timeout=args.timeout)
        except subprocess.TimeoutExpired:
            os.killpg(cmd.pid, signal.SIGKILL)
            cmd.wait()
            print("distcc_farm.py: the command ran past %gs" % args.timeout,
                  file=sys.stderr)
            status = 124
        done.set()
        return status
    finally:
        for proc in daemons:
            stop(proc)
        reap_orphans(time.monotonic() + 10)
        for tmp in tmpdirs:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
