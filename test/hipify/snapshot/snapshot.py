#!/usr/bin/env python3
"""hipify-clang's behaviour snapshot: every translation and every warning, kept in the repository.

Refactorings of hipify-clang must not change what it writes. This script translates, with fixed
options, every hipify input of the test suite (the .cu/.cuh/.cpp/.cc/.h/.hpp/.c files under
test/hipify, Inputs and project trees included) and a tree of public-code-shaped files (the
cuda-samples-shaped tree of bench/cuda_samples_tree.py), and compares what it wrote and said with
the snapshot stored beside this script, group by group:

  <group>.sha256    one line per path: the SHA-256 of the output written there ('-': none) and the
                    SHA-256 of the warnings that name it ('-': none), tab-separated, sorted;
  <group>.warnings  the run's standard error as printed, with the temporary folders' paths made
                    relative, and its exit status: the readable form of the digests above.

A group is one hipify-clang run (named sources with --o-dir, or a project with --in-root):

  top        the sources directly in test/hipify;
  <folder>   the files of each folder of test/hipify (corpus, libraries, perl, Inputs, ...);
  project-<name>   each tree of test/hipify/projects/Inputs, as a project (--in-root/--out-root);
  samples    bench/cuda_samples_tree.py's tree (175 samples, ~320 files), as a project.

Usage:
  snapshot.py --hipify BIN --rocm-path DIR --cuda-path DIR [--group G ...] [--work DIR] [-j N]
  snapshot.py ... --update     rewrite the stored snapshot (only for an intended change of
                               behaviour; the commit says why, docs/internals.md)
  snapshot.py --list-groups
Exit status 1 when a group differs: a unified diff of the stored and fresh files shows what changed,
and the fresh outputs stay in --work for a look.
"""
import argparse
import difflib
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
HIPIFY_TESTS = os.path.join("test", "hipify")
SOURCE_SUFFIXES = (".cu", ".cuh", ".cpp", ".cc", ".cxx", ".h", ".hpp", ".c")
# Folders of test/hipify that hold no hipify input of their own: this snapshot, and the
# project trees, which are translated as projects (project-<name>).
NOT_NAMED_GROUPS = {"snapshot", "projects"}
PROJECTS = os.path.join(HIPIFY_TESTS, "projects", "Inputs")
SAMPLES_COUNT = 175
# Extra clang arguments of a named group: the headers its sources include from elsewhere.
GROUP_CLANG_ARGS = {
    "Inputs": ["-I", os.path.join(HIPIFY_TESTS, "Inputs", "torch-extension", "include")],
}
# The options every run gets: the parse is never cut short (a slow machine would translate a
# source by tokens instead), and the targeted HIP is fixed (the staged ROCm root's version is
# the system HIP's, which another machine may have newer); two jobs by default, as CI has.
FIXED_OPTIONS = ["--parse-timeout=0", "--quiet", "--hip-version=5.2"]
# State, not behaviour: the project manifest names the absolute roots and the run's digest.
IGNORED_OUTPUTS = {".hipify-manifest.json"}
IGNORED_FOLDERS = {".hipify-cache"}
# Variables through which a developer's environment would change the runs.
SCRUBBED_ENVIRONMENT = ["HIP_PLATFORM", "HIP_PATH", "ROCM_PATH", "HIP_CLANG_PATH", "CUDA_PATH",
                        "DEVICE_LIB_PATH", "HIP_DEVICE_LIB_PATH", "HIPIFY_TEST_HOOKS"]
LOCATION = re.compile(r"^(?P<path>[^\s:][^:]*):\d+:\d+: (?:warning|error|note|fatal error|remark): ")
TOOL_MESSAGE = re.compile(r"^hipify-clang: (?:warning|error|note): '(?P<path>[^']+)'")


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def files_under(folder):
    """Every regular file under folder (relative paths, sorted), links not followed."""
    found = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d not in IGNORED_FOLDERS)
        for name in files:
            path = os.path.join(root, name)
            if os.path.isfile(path) and not os.path.islink(path):
                found.append(os.path.relpath(path, folder))
    return sorted(found)


class Group:
    """One hipify-clang run: named sources written with --o-dir, or a project tree."""

    def __init__(self, name, root, sources=None, clang_args=(), project=False, build=None):
        self.name = name
        self.root = root          # Paths of outputs and warnings are relative to it.
        self.sources = sources    # Named mode: the sources, relative to the repository.
        self.clang_args = list(clang_args)
        self.project = project
        self.build = build        # A function (work folder) -> (root, clang args) for made trees.


def hipify_inputs():
    """test/hipify's inputs by group: files directly in it are 'top', the others go by folder."""
    groups = {}
    base = os.path.join(REPO, HIPIFY_TESTS)
    for rel in files_under(base):
        if not rel.endswith(SOURCE_SUFFIXES):
            continue
        folder = rel.split(os.sep)[0] if os.sep in rel else "top"
        if folder in NOT_NAMED_GROUPS:
            continue
        groups.setdefault(folder, []).append(os.path.join(HIPIFY_TESTS, rel))
    return groups


def build_samples(work):
    sys.path.insert(0, os.path.join(REPO, "bench"))
    import cuda_samples_tree  # noqa: E402
    tree = os.path.join(work, "samples-tree")
    shutil.rmtree(tree, ignore_errors=True)
    cuda_samples_tree.build_tree(REPO, tree, SAMPLES_COUNT)
    return tree, ["-I", os.path.join(tree, "Common")]


def all_groups():
    groups = []
    for folder, sources in sorted(hipify_inputs().items()):
        root = HIPIFY_TESTS if folder == "top" else os.path.join(HIPIFY_TESTS, folder)
        groups.append(Group(folder, root, sources, GROUP_CLANG_ARGS.get(folder, ())))
    projects = os.path.join(REPO, PROJECTS)
    for name in sorted(os.listdir(projects)):
        if os.path.isdir(os.path.join(projects, name)):
            groups.append(Group("project-" + name, os.path.join(PROJECTS, name), project=True))
    groups.append(Group("samples", None, project=True, build=build_samples))
    return groups


def run_group(group, args, work):
    """Translate the group into work/<name>; returns (outputs {path: sha}, stderr text, status)."""
    out = os.path.join(work, group.name + "-out")
    shutil.rmtree(out, ignore_errors=True)
    root, clang_args = group.root, group.clang_args
    if group.build:
        root, clang_args = group.build(work)
    argv = [args.hipify] + FIXED_OPTIONS + ["-j", str(args.jobs), "--rocm-path=" + args.rocm_path,
                                            "--cuda-path=" + args.cuda_path]
    if group.project:
        # A copy, so the translation never sees (or leaves) anything in the source tree.
        tree = os.path.join(work, group.name + "-tree")
        if not group.build:
            shutil.rmtree(tree, ignore_errors=True)
            shutil.copytree(os.path.join(REPO, root), tree, symlinks=True)
            root = tree
        argv += ["--in-root=" + root, "--out-root=" + out]
    else:
        argv += ["--o-dir=" + out] + group.sources
    if clang_args:
        argv += ["--"] + clang_args
    env = dict(os.environ)
    for var in SCRUBBED_ENVIRONMENT:
        env.pop(var, None)
    proc = subprocess.run(argv, cwd=REPO, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE)
    outputs = {}
    if os.path.isdir(out):
        for rel in files_under(out):
            if os.path.basename(rel) not in IGNORED_OUTPUTS:
                with open(os.path.join(out, rel), "rb") as f:
                    outputs[rel] = sha256(f.read())
    text = proc.stderr.decode("utf-8", "backslashreplace")
    if proc.stdout:
        text += "standard output:\n" + proc.stdout.decode("utf-8", "backslashreplace")
    # Paths made relative: the group's root (its tree or its folder), then the work folder
    # and the repository, whichever spelling (given or real) the tool printed.
    prefixes = []
    for folder, name in ((os.path.join(REPO, root) if not os.path.isabs(root) else root, ""),
                         (root, ""), (out, "<out>/"), (work, "<work>/"), (REPO, "")):
        for spelling in {folder, os.path.realpath(folder)}:
            prefixes.append((spelling.rstrip("/") + "/", name))
    for prefix, name in prefixes:
        text = text.replace(prefix, name)
    return outputs, text, proc.returncode


def warnings_by_path(text):
    """{path: the lines of the messages about it}; lines that follow a message (the source line,
    the caret) belong to it; messages naming no file go to '(run)'."""
    by_path, current = {}, "(run)"
    for line in text.splitlines(keepends=True):
        m = LOCATION.match(line) or TOOL_MESSAGE.match(line)
        if m:
            current = m.group("path")
        elif not line.startswith((" ", "\t")) and not re.match(r"^\s*\d+ \|", line):
            current = "(run)"
        by_path.setdefault(current, []).append(line)
    return by_path


def render(outputs, text, status):
    """The two stored files of a group, as text."""
    lines = []
    by_path = warnings_by_path(text)
    for path in sorted(set(outputs) | set(by_path)):
        warned = by_path.get(path)
        lines.append("%s\t%s\t%s\n" % (path, outputs.get(path, "-"),
                                       sha256("".join(warned).encode()) if warned else "-"))
    return "".join(lines), text + "exit status: %d\n" % status


def compare(name, stored_path, fresh):
    try:
        with open(stored_path) as f:
            stored = f.read()
    except FileNotFoundError:
        stored = ""
    if stored == fresh:
        return 0
    diff = difflib.unified_diff(stored.splitlines(keepends=True), fresh.splitlines(keepends=True),
                                os.path.relpath(stored_path, REPO), "fresh " + name)
    sys.stdout.writelines(l if l.endswith("\n") else l + "\n" for l in diff)
    return 1


def check_coverage(groups, folder):
    """A folder of test/hipify added with inputs is a new group: it needs its lit test and
    its stored snapshot, or its inputs would be left out of every comparison."""
    names = {g.name for g in groups}
    problems = []
    for name in sorted(names):
        for ext in (".test", ".sha256", ".warnings"):
            if not os.path.exists(os.path.join(folder, name + ext)):
                problems.append("group '%s' has no %s%s (write the test as the others are, "
                                "then snapshot.py --update --group %s)" % (name, name, ext, name))
    for entry in sorted(os.listdir(folder)):
        stem, ext = os.path.splitext(entry)
        if ext in (".sha256", ".warnings") and stem not in names:
            problems.append("%s belongs to no group; remove it" % entry)
    for problem in problems:
        print("snapshot.py: error: %s" % problem)
    if not problems:
        print("snapshot.py: %d groups, each with its test and stored snapshot" % len(names))
    return 1 if problems else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hipify", help="the hipify-clang to run")
    parser.add_argument("--rocm-path", help="the ROCm whose HIP the translations target")
    parser.add_argument("--cuda-path", default="/usr/local/cuda")
    parser.add_argument("--group", action="append", help="a group to run (default: all)")
    parser.add_argument("--snapshot-dir", default=HERE, help="where the snapshot is kept")
    parser.add_argument("--work", help="folder for the trees and outputs (kept; default: a "
                        "temporary one, removed unless a group differs)")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--update", action="store_true",
                        help="rewrite the stored snapshot of the groups run")
    parser.add_argument("--list-groups", action="store_true")
    parser.add_argument("--check-coverage", action="store_true",
                        help="check that every group has its lit test and stored files, and "
                        "every stored file a group")
    args = parser.parse_args()

    groups = all_groups()
    if args.list_groups:
        for group in groups:
            print(group.name)
        return 0
    if args.check_coverage:
        return check_coverage(groups, args.snapshot_dir)
    if not args.hipify or not args.rocm_path:
        parser.error("--hipify and --rocm-path are required")
    by_name = {g.name: g for g in groups}
    unknown = [g for g in args.group or [] if g not in by_name]
    if unknown:
        sys.exit("snapshot.py: error: no group '%s'; --list-groups names them" % unknown[0])
    chosen = [by_name[g] for g in args.group] if args.group else groups

    work = os.path.abspath(args.work) if args.work else tempfile.mkdtemp(prefix="hipify-snapshot-")
    os.makedirs(work, exist_ok=True)
    differing = []
    for group in chosen:
        outputs, text, status = run_group(group, args, work)
        digests, warnings = render(outputs, text, status)
        paths = [os.path.join(args.snapshot_dir, group.name + ext)
                 for ext in (".sha256", ".warnings")]
        if args.update:
            for path, content in zip(paths, (digests, warnings)):
                with open(path, "w") as f:
                    f.write(content)
            print("snapshot.py: group %s: %d outputs, %d warning lines written to %s" %
                  (group.name, len(outputs), text.count("\n"),
                   os.path.relpath(args.snapshot_dir, os.getcwd())))
            continue
        failed = compare(group.name + ".sha256", paths[0], digests)
        failed |= compare(group.name + ".warnings", paths[1], warnings)
        if failed:
            differing.append(group.name)
        else:
            print("snapshot.py: group %s: %d outputs and the warnings unchanged" %
                  (group.name, len(outputs)))
    if differing:
        print("snapshot.py: error: hipify-clang's outputs or warnings changed in group %s "
              "(diff above; fresh outputs in %s); if the change is intended, rerun with --update "
              "and say why in the commit (docs/internals.md)" % (", ".join(differing), work))
        return 1
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
