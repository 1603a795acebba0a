#!/usr/bin/env python3
"""A stand-in for hipify-clang that translates nothing: it copies each source to
where hipify-clang would write its translation, byte for byte.

identity_guard.py runs the translation tests against it; a test that still
passes cannot tell a translator from a copier.
"""
import os
import shutil
import sys

# hipify-clang's options that take a separate value (Options.td: Separate,
# JoinedOrSeparate); the joined spellings ('--o-dir=x', '-Ix') carry theirs.
VALUE_OPTIONS = {
    "-o", "--o", "--o-dir", "-o-dir", "--temp-dir", "-temp-dir", "--o-stats", "-o-stats",
    "--cuda-path", "-cuda-path", "--cuda-gpu-arch", "-cuda-gpu-arch",
    "--clang-resource-directory", "-clang-resource-directory", "--rocm-path",
    "-rocm-path", "-p", "--extra-arg", "-extra-arg", "--extra-arg-before",
    "-extra-arg-before", "-I", "-D", "-j", "--shard", "-shard", "--merge", "-merge",
}


def main(argv, default_output=None):
    """default_output: where a source goes without -o, --o-dir or --inplace
    (None: <source>.hip as hipify-clang; '-': standard output as hipify-perl)."""
    sources, output, output_dir = [], default_output, None
    in_place = no_output = False
    args = iter(argv)
    for arg in args:
        if arg == "--":
            break  # The compiler arguments.
        if arg in ("--version", "-version", "--help", "-help", "-h"):
            print("identity translator")
            return 0
        if arg in VALUE_OPTIONS:
            value = next(args, "")
            if arg in ("-o", "--o"):
                output = value
            elif arg.lstrip("-") == "o-dir":
                output_dir = value
            continue
        if arg.startswith(("-o=", "--o=")):
            output = arg.split("=", 1)[1]
        elif arg.startswith(("--o-dir=", "-o-dir=")):
            output_dir = arg.split("=", 1)[1]
        elif arg.lstrip("-") == "inplace":
            in_place = True
        elif arg.lstrip("-") in ("no-output", "examine"):
            no_output = True
        elif not arg.startswith("-") or arg == "-":
            sources.append(arg)
    for source in sources:
        try:
            with open(source, "rb") as f:
                text = f.read()
        except OSError as e:
            print("identity translator: cannot read %s: %s" % (source, e), file=sys.stderr)
            return 1
        if no_output or in_place:
            continue
        if output == "-":
            sys.stdout.buffer.write(text)
            sys.stdout.flush()
            continue
        if output is not None:
            target = output
        elif output_dir is not None:
            os.makedirs(output_dir, exist_ok=True)
            target = os.path.join(output_dir, os.path.basename(source) + ".hip")
        else:
            target = source + ".hip"
        with open(target, "wb") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
