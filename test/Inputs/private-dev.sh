# private-dev.sh COMMAND...: runs COMMAND (through sh -c) in the private mount
# namespace lit's %private_dev creates, with a /dev of its own on a tmpfs, so
# a test of writing to /dev/null or /dev/stdout can never touch the
# machine's real /dev.
set -e
mount -t tmpfs -o mode=755 tmpfs /dev
mknod -m 666 /dev/null c 1 3
mknod -m 666 /dev/zero c 1 5
mknod -m 666 /dev/urandom c 1 9
ln -s /proc/self/fd /dev/fd
ln -s /proc/self/fd/0 /dev/stdin
ln -s /proc/self/fd/1 /dev/stdout
ln -s /proc/self/fd/2 /dev/stderr
exec sh -c "$1"
