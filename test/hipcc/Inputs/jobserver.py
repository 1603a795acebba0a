"""GNU make's jobserver, for tests of hipcc's parallel offload compile.

usage: jobserver.py serve --form fifo|pipe --tokens N -- <command> [args...]
    Runs the command as make -j(N+1) would: a jobserver holding N tokens,
    announced in MAKEFLAGS (--jobserver-auth=fifo:PATH or =R,W). Afterwards
    prints "jobserver: N tokens before, M after" and exits with the command's
    status.
usage: jobserver.py count
    Inside a make rule marked '+': prints "jobserver: M tokens free" for the
    jobserver in MAKEFLAGS (taking every free token, then giving all back).
"""
import os
import re
import subprocess
import sys
import tempfile


def drain(fd):
    """Takes every free token from fd (non-blocking); returns them."""
    taken = b""
    while True:
        try:
            chunk = os.read(fd, 64)
        except BlockingIOError:
            return taken
        if not chunk:
            return taken
        taken += chunk


def serve(form, tokens, command):
    env = dict(os.environ)
    if form == "fifo":
        directory = tempfile.mkdtemp()
        path = os.path.join(directory, "jobserver")
        os.mkfifo(path)
        # Opened read-write, it never blocks and never reports end of file.
        fd = os.open(path, os.O_RDWR | os.O_NONBLOCK)
        os.write(fd, b"+" * tokens)
        env["MAKEFLAGS"] = " -j%d --jobserver-auth=fifo:%s" % (tokens + 1, path)
        status = subprocess.call(command, env=env)
        left = drain(fd)
        os.close(fd)
        os.unlink(path)
        os.rmdir(directory)
    else:
        r, w = os.pipe()
        os.write(w, b"+" * tokens)
        env["MAKEFLAGS"] = " -j%d --jobserver-auth=%d,%d" % (tokens + 1, r, w)
        status = subprocess.call(command, env=env, pass_fds=(r, w))
        os.set_blocking(r, False)
        left = drain(r)
    print("jobserver: %d tokens before, %d after" % (tokens, len(left)))
    return status


def count():
    flags = os.environ.get("MAKEFLAGS", "")
    match = re.findall(r"--jobserver-auth=(\S+)", flags)
    if not match:
        sys.exit("jobserver.py: no --jobserver-auth in MAKEFLAGS '%s'" % flags)
    auth = match[-1]
    if auth.startswith("fifo:"):
        fd = os.open(auth[5:], os.O_RDONLY | os.O_NONBLOCK)
        wfd = os.open(auth[5:], os.O_WRONLY)
    else:
        r, wfd = (int(x) for x in auth.split(","))
        fd = os.open("/proc/self/fd/%d" % r, os.O_RDONLY | os.O_NONBLOCK)
    taken = drain(fd)
    os.write(wfd, taken)
    print("jobserver: %d tokens free" % len(taken))


if __name__ == "__main__":
    if sys.argv[1] == "count":
        count()
    elif sys.argv[1] == "serve":
        form = sys.argv[sys.argv.index("--form") + 1]
        tokens = int(sys.argv[sys.argv.index("--tokens") + 1])
        sys.exit(serve(form, tokens, sys.argv[sys.argv.index("--") + 1:]))
