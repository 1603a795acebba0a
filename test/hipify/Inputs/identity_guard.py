#!/usr/bin/env python3
"""Runs test/hipify once more with hipify-clang and hipify-perl replaced by
identity_hipify.py and identity_hipify_perl.py (copiers) and fails if a translation test still passes: such a test checks
nothing the translator does.

Tests that translate nothing and so pass against a copier (option errors the
copier cannot see, table checks) are listed with a reason in the exempt file;
an exempt test that fails against the copier is reported too, so the list stays
exact.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

# lit's xunit outcomes are read the way scripts/check.sh reads them.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "scripts"))
from lit_summary import outcome  # noqa: E402


def read_exempt(path):
    exempt = {}
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, _, reason = line.partition("#")
            if not reason.strip():
                sys.exit("%s:%d: '%s' needs a reason after '#'" % (path, number, name.strip()))
            exempt[name.strip()] = reason.strip()
    return exempt


def outcomes(xml_path, folder):
    """{test path relative to folder: 'pass' | 'fail' | 'skip'} from lit's xunit file."""
    result = {}
    for case in ET.parse(xml_path).getroot().iter("testcase"):
        # classname 'hipkit.hipify/corpus', name 'vector_add.cu'
        suite_path = case.get("classname").split(".", 1)[1]
        path = suite_path + "/" + case.get("name")
        if not path.startswith(folder + "/"):
            continue
        result[path[len(folder) + 1:]] = outcome(case)
    return result


def check_copier(translator, work):
    """A copier that cannot run would make every test fail, and the guard pass."""
    source = os.path.join(work, "canary.cu")
    text = b"cudaMalloc(&p, 4); // canary\n"
    with open(source, "wb") as f:
        f.write(text)
    output = os.path.join(work, "canary.hip")
    runs = [([translator, source, "-o", output, "--", "-DX"], output),
            ([translator, "--o-dir", os.path.join(work, "out"), source],
             os.path.join(work, "out", "canary.cu.hip"))]
    for command, written in runs:
        done = subprocess.run(command, capture_output=True)
        if done.returncode != 0 or open(written, "rb").read() != text:
            sys.exit("identity-guard: the copier does not copy: " + " ".join(command))
    done = subprocess.run([translator, source, "-o", "-"], capture_output=True)
    if done.returncode != 0 or done.stdout != text:
        sys.exit("identity-guard: the copier does not copy to standard output")


def check_perl_copier(translator, work):
    """hipify-perl's copier writes to standard output unless told otherwise."""
    source = os.path.join(work, "canary-perl.cu")
    text = b"cudaMalloc(&p, 4); // canary\n"
    with open(source, "wb") as f:
        f.write(text)
    done = subprocess.run([translator, "-quiet-warnings", source, source], capture_output=True)
    if done.returncode != 0 or done.stdout != text + text:
        sys.exit("identity-guard: the hipify-perl copier does not copy to standard output")
    output = os.path.join(work, "canary-perl.hip")
    done = subprocess.run([translator, "-o=" + output, source], capture_output=True)
    if done.returncode != 0 or open(output, "rb").read() != text:
        sys.exit("identity-guard: the hipify-perl copier does not copy to -o=")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lit", required=True)
    parser.add_argument("--suite", required=True, help="the build's test folder")
    parser.add_argument("--folder", default="hipify")
    parser.add_argument("--translator", required=True)
    parser.add_argument("--perl-translator", required=True,
                        help="the copier standing in for hipify-perl")
    parser.add_argument("--exempt", required=True)
    parser.add_argument("--self", default="identity-guard.test")
    parser.add_argument("--min-tests", type=int, default=100)
    parser.add_argument("--only", default="", help="regex: run only these tests (debugging)")
    args = parser.parse_args()

    exempt = read_exempt(args.exempt)
    translator = os.path.abspath(args.translator)
    with tempfile.TemporaryDirectory(prefix="identity-guard-") as work:
        check_copier(translator, work)
        check_perl_copier(os.path.abspath(args.perl_translator), work)
        xml_path = os.path.join(work, "results.xml")
        command = [sys.executable, args.lit, "-q", "-j2",
                   "--param", "hipify_tool=" + translator,
                   "--param", "hipify_perl_tool=" + os.path.abspath(args.perl_translator),
                   "--param", "exec_root=" + os.path.join(work, "exec"),
                   "--filter", "^hipkit :: %s/%s" % (args.folder, args.only),
                   "--filter-out", "%s/%s$" % (args.folder, args.self),
                   "--xunit-xml-output", xml_path, args.suite]
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not os.path.exists(xml_path):
            sys.exit("identity-guard: lit wrote no results; ran: " + " ".join(command))
        result = outcomes(xml_path, args.folder)

    ran = [t for t, r in result.items() if r != "skip"]
    if len(ran) < args.min_tests:
        sys.exit("identity-guard: only %d tests ran against the copier (expected at least %d)"
                 % (len(ran), args.min_tests))
    problems = []
    for test, outcome in sorted(result.items()):
        if outcome == "pass" and test not in exempt:
            problems.append("%s/%s passes when hipify-clang copies its input unchanged; "
                            "make it check the translation (or list it in %s with a reason)"
                            % (args.folder, test, os.path.basename(args.exempt)))
        if outcome == "fail" and test in exempt:
            problems.append("%s/%s is exempt but fails against the copier; remove it from %s"
                            % (args.folder, test, os.path.basename(args.exempt)))
    for test in sorted(set(exempt) - set(result)):
        problems.append("%s lists %s, which is not a test" % (os.path.basename(args.exempt), test))
    for line in problems:
        print("identity-guard: error: " + line)
    print("identity-guard: %d tests ran against the copier: %d failed, %d exempt, %d problems"
          % (len(ran), sum(1 for t in ran if result[t] == "fail"),
             sum(1 for t in ran if t in exempt), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
