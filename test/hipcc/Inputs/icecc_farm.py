"""An icecream farm on this machine's loopback interface, for one command.

usage: icecc_farm.py --state DIR [--daemons N] [--jobs J] [--kill-when-busy K]
                     [--timeout S] -- COMMAND...
       icecc_farm.py --state DIR --check-stopped

Runs in a network namespace of its own (unshare --net), whose only interface
is loopback: the scheduler and the daemons can reach nothing outside, and no
port they open, nor the scheduler's broadcasts, is seen outside. There it
starts icecc-scheduler, the client's daemon (--no-remote, no job slot: the
one COMMAND's icecc talks to) and N compile daemons, each with its own port,
job limit (--jobs), environment folder and log (DIR/logs/daemon-I.log,
scheduler.log, client.log), waits until all have logged in at the scheduler,
runs COMMAND with ICECC_TEST_SOCKET naming the client's daemon and
ICECC_TEST_REMOTEBUILD=1 (icecream's own test switch: a daemon on this
machine counts as another machine), and stops every daemon at the end,
whatever happened. With --kill-when-busy K, daemon K is killed (SIGKILL) as
soon as its log says it took a compile. The exit status is COMMAND's; 124
when it outlived --timeout. The daemons run as root and drop to the `icecc`
user (`nobody` without one), as Debian's iceccd does: their folders are made
for that user. --check-stopped fails, naming them, when a process of the farm
at DIR still runs.
"""
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from distcc_farm import (  # noqa: E402
    become_subreaper, farm_arguments, reap_orphans, running_daemons, stop)

SCHEDULER_PORT = 8765  # in the farm's own namespace: no other can take it
FIRST_DAEMON_PORT = 10245
NETNS_MARK = "ICECC_FARM_PRIVATE_NET"


def read(path):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except FileNotFoundError:
        return ""


def start(argv, state, name, env):
    """Starts a daemon of the farm, its own output (what it says before its
    log is open) in DIR/logs/NAME.out."""
    with open(os.path.join(state, "logs", name + ".out"), "wb") as out:
        proc = subprocess.Popen(argv, start_new_session=True,
                                stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.STDOUT, env=env)
    with open(os.path.join(state, "daemons"), "a") as f:
        f.write("%d\n" % proc.pid)
    return proc


def main():
    args = farm_arguments()
    state = os.path.abspath(args.state)
    if args.check_stopped:
        left = running_daemons(state)
        if left:
            sys.exit("icecc_farm.py: icecream still running: pid " + " ".join(left))
        return 0
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        sys.exit("icecc_farm.py: no command given")

    if os.environ.get(NETNS_MARK) != "1":
        # Again, in a network namespace of its own.
        os.environ[NETNS_MARK] = "1"
        unshare = shutil.which("unshare")
        if not unshare:
            sys.exit("icecc_farm.py: unshare (util-linux) not found")
        os.execv(unshare, [unshare, "--net", "--", sys.executable,
                           os.path.abspath(__file__)] + sys.argv[1:])
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)

    logs = os.path.join(state, "logs")
    os.makedirs(logs, exist_ok=True)
    open(os.path.join(state, "daemons"), "w").close()
    try:
        user = pwd.getpwnam("icecc")
    except KeyError:
        user = pwd.getpwnam("nobody")
    # Where the daemons write (environments, logs, the client's socket), in a
    # folder their user can enter: lit's %t may not be.
    run = tempfile.mkdtemp(prefix="icecc-farm-", dir="/tmp")
    os.chmod(run, 0o755)
    os.chown(run, user.pw_uid, user.pw_gid)
    # The daemons' environment is a service's, not this test's: their compiles
    # inherit it in the chroot, where lit's TMPDIR, for one, does not exist.
    env = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin",
           "ICECC_TEST_SCHEDULER_PORTS": "%d:%d" % (SCHEDULER_PORT, SCHEDULER_PORT + 2)}
    names = ["scheduler", "client"] + ["daemon-%d" % i for i in range(args.daemons)]
    become_subreaper()
    procs = []
    try:
        procs.append(start(["icecc-scheduler", "-p", str(SCHEDULER_PORT), "-n",
                            "hipkit-farm", "-l", os.path.join(run, "scheduler.log"),
                            "-vvv"], state, "scheduler", env))
        for i, name in enumerate(names[1:]):
            daemon = ["iceccd", "-s", "127.0.0.1:%d" % SCHEDULER_PORT, "-n",
                      "hipkit-farm", "-N", name, "-p", str(FIRST_DAEMON_PORT + i),
                      "-l", os.path.join(run, name + ".log"), "-vvv", "-b",
                      os.path.join(run, "env-" + name), "-u", user.pw_name]
            # The client's daemon takes no job: every compile goes to the farm.
            daemon += ["--no-remote", "-m", "0"] if name == "client" else ["-m", str(args.jobs)]
            procs.append(start(daemon, state, name,
                               dict(env, ICECC_TEST_SOCKET=os.path.join(run, name + ".socket"))))
        deadline = time.monotonic() + 30
        while read(os.path.join(run, "scheduler.log")).count("login ") < len(names) - 1:
            if time.monotonic() > deadline or any(p.poll() is not None for p in procs):
                sys.exit("icecc_farm.py: the daemons did not all log in at the "
                         "scheduler; see %s" % logs)
            time.sleep(0.1)

        done = threading.Event()
        if args.kill_when_busy is not None:
            victim = procs[2 + args.kill_when_busy]
            log = os.path.join(run, "daemon-%d.log" % args.kill_when_busy)

            def kill_when_busy():
                while not done.is_set():
                    if "remote compile for file" in read(log):
                        os.killpg(victim.pid, signal.SIGKILL)
                        with open(os.path.join(state, "killed"), "w") as k:
                            k.write("daemon %d\n" % args.kill_when_busy)
                        return
                    time.sleep(0.02)

            threading.Thread(target=kill_when_busy, daemon=True).start()
        cmd = subprocess.Popen(command, start_new_session=True, env=dict(
            os.environ, ICECC_TEST_SOCKET=os.path.join(run, "client.socket"),
            ICECC_TEST_REMOTEBUILD="1"))
        try:
            status = cmd.wait(timeout=args.timeout)
        except subprocess.TimeoutExpired:
            os.killpg(cmd.pid, signal.SIGKILL)
            cmd.wait()
            print("icecc_farm.py: the command ran past %gs" % args.timeout,
                  file=sys.stderr)
            status = 124
        done.set()
        return status
    finally:
        for proc in reversed(procs):
            stop(proc)
        reap_orphans(time.monotonic() + 10)
        for name in names:
            src = os.path.join(run, name + ".log")
            if os.path.exists(src):
                shutil.copyfile(src, os.path.join(logs, name + ".log"))
        shutil.rmtree(run, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
