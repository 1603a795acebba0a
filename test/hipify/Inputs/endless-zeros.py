# Writes "int x;" and then NUL bytes to standard output until the reader
# closes the pipe; exits 0 either way, so a test's pipeline does not fail.
import os

try:
    os.write(1, b"int x;\n")
    chunk = b"\0" * 65536
    for _ in range(16384):  # 1 GiB at most
        os.write(1, chunk)
except OSError:
    pass
os._exit(0)
