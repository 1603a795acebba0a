#!/usr/bin/env python3
"""A file-system adversary for hipify-clang's project mode (issue 27).

Each iteration builds a sandbox BOX = WORK/it-<iteration>:

    BOX/IN/           a small CUDA project (.cu, .cuh in include/ and common/,
                      CMakeLists.txt, Makefile, a data file, links)
    BOX/OUTSIDE/      victims: files, folders, the target of IN's link
    BOX/run/OUT/      --out-root
    BOX/run/notes.txt a victim next to OUT (run/ is OUT's parent)
    BOX/run/INPLACE/  a copy of IN for --inplace rounds

runs hipify-clang once on the clean sandbox, then for each round applies
1-3 random mutations from MUTATIONS (folders in OUT swapped for links to
OUTSIDE, links and FIFOs planted at output paths, as the manifest or as the
journal, tampered manifests, edited and deleted outputs, inputs added and
removed, ...), runs hipify-clang again and checks:

  (a) outside: nothing outside OUT changed (type, mode, content, link
      target of every entry under BOX; nothing new beside OUT); in an
      --inplace round only INPLACE's translatable files' text may change,
      and only .prehip backups, the manifest and the journal may appear;
  (b) inputs: no file of IN was written, removed or added;
  (c) exit: hipify-clang exited 0 or 1 within --timeout, without a signal
      or a crash message (a FIFO that hangs it is a failure);
  (d) complete: the first run, on the clean sandbox, exits 0, and after
      any exit 0 every regular file of IN has its output in OUT: a regular
      file whose real path lies inside OUT;
  (e) kept: without --force, an output the adversary edited (or a foreign
      file it planted) still holds the adversary's text;
  (f) tidy: after an exit, no hipify-*.tmp temporary is left.

After a run that exited 1, the next round may first "heal" (remove OUT, as a
user told to would), so that later rounds see fresh outputs too.

Everything is decided by the seed (random.Random(f"{seed}/{iteration}")),
except what --during adds: mutations of OUT from a thread while the tool
runs, at small random delays ((d) and (e) are then not checked). A failure
prints a reproducer; the sandbox of a failing iteration is kept.
"""
import argparse
import hashlib
import json
import os
import random
import re
import shutil
import stat
import subprocess
import sys
import threading
import time

MANIFEST = ".hipify-manifest.json"
JOURNAL = ".hipify-manifest.journal"
FORMAT = "hipify-clang project manifest 1"

# What hipify-clang's project mode translates (ProjectTree.cpp): --inplace
# may change these files' text, no other file's.
TRANSLATED_EXTENSIONS = {
    ".cu", ".cpp", ".cc", ".cxx", ".c++", ".cp", ".hip", ".C", ".c", ".h", ".hh",
    ".hpp", ".hxx", ".h++", ".cuh", ".inl", ".inc", ".ipp", ".tpp", ".tcc", ".cmake",
    ".mk"}
BUILD_FILE_NAMES = {"CMakeLists.txt", "Makefile", "makefile", "GNUmakefile"}


def translatable(name):
    base = os.path.basename(name)
    ext = os.path.splitext(base)[1]
    return (base in BUILD_FILE_NAMES or base.startswith("Makefile.")
            or ext in TRANSLATED_EXTENSIONS or ext.lower() in TRANSLATED_EXTENSIONS)


# ---------------------------------------------------------------------------
# The project
# ---------------------------------------------------------------------------

PROJECT = {
    "CMakeLists.txt": (
        "cmake_minimum_required(VERSION 3.21)\n"
        "project(demo LANGUAGES CXX CUDA)\n"
        "set(CMAKE_CUDA_ARCHITECTURES 80)\n"
        "find_package(CUDAToolkit REQUIRED)\n"
        "add_executable(demo src/main.cu src/kernels.cu src/host.cpp)\n"
        "target_include_directories(demo PRIVATE include common)\n"
        "target_link_libraries(demo PRIVATE CUDA::cudart CUDA::cublas)\n"),
    "Makefile": (
        "NVCC ?= nvcc\n"
        "demo: src/main.cu src/kernels.cu\n"
        "\t$(NVCC) -arch=sm_80 -Iinclude -Icommon $^ -o $@ -lcublas -lcudart\n"),
    "README.md": "# demo\nA CUDA sample: cudaMalloc, a kernel, cuBLAS.\n",
    "src/main.cu": (
        '#include "vec.cuh"\n'
        '#include "helper_cuda.h"\n'
        "#include <cuda_runtime.h>\n"
        "__global__ void scale(float *p, float a) { p[threadIdx.x] *= a; }\n"
        "int main() {\n"
        "  float *d;\n"
        "  checkCuda(cudaMalloc(&d, 64 * sizeof(float)));\n"
        "  scale<<<1, 64>>>(d, 2.0f);\n"
        "  checkCuda(cudaDeviceSynchronize());\n"
        "  return (int)cudaFree(d);\n"
        "}\n"),
    "src/kernels.cu": (
        '#include "vec.cuh"\n'
        "__global__ void add(const float *a, const float *b, float *c) {\n"
        "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
        "  c[i] = a[i] + b[i];\n"
        "}\n"
        "void launch_add(const float *a, const float *b, float *c, cudaStream_t s) {\n"
        "  add<<<4, 256, 0, s>>>(a, b, c);\n"
        "}\n"),
    "src/host.cpp": (
        "#include <cuda_runtime.h>\n"
        "#include <cublas_v2.h>\n"
        "void copy_back(float *h, const float *d, size_t n) {\n"
        "  cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);\n"
        "}\n"),
    "include/vec.cuh": (
        "#pragma once\n"
        "#include <cuda_runtime.h>\n"
        "inline cudaError_t vec_sync() { return cudaDeviceSynchronize(); }\n"),
    "common/helper_cuda.h": (
        "#pragma once\n"
        "#include <cstdio>\n"
        "#include <cuda_runtime.h>\n"
        "#define checkCuda(x) do { cudaError_t e = (x); if (e != cudaSuccess) "
        "printf(\"%s\\n\", cudaGetErrorString(e)); } while (0)\n"),
    "tools/gen.sh": "#!/bin/sh\necho generated\n",
    "data/weights.bin": bytes(range(256)) * 4,
}
EXECUTABLE = {"tools/gen.sh"}

# Extra inputs an iteration may add (rng), and what add_input writes.
EXTRA_SOURCES = [
    ("samples/reduce/reduce.cu",
     "#include <cuda_runtime.h>\n__global__ void r(int *p) { atomicAdd(p, 1); }\n"
     "int main() { int *p; cudaMalloc(&p, 4); r<<<1, 1>>>(p); return 0; }\n"),
    ("samples/reduce/Makefile", "all:\n\tnvcc -arch=sm_70 reduce.cu -o reduce\n"),
    ("common/timer.h", "#pragma once\n#include <cuda_runtime.h>\n"
     "struct Timer { cudaEvent_t a, b; };\n"),
    ("docs/notes.txt", "nothing to translate\n"),
    ("cmake/cuda.cmake", "set(CMAKE_CUDA_STANDARD 17)\n"),
]


def write(path, data, mode=None):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data.encode() if isinstance(data, str) else data)
    if mode is not None:
        os.chmod(path, mode)


def make_sandbox(box, rng, extra_files):
    """The sandbox of one iteration (see the module's comment)."""
    os.makedirs(box)
    sb = Sandbox(box)
    for rel, text in PROJECT.items():
        write(os.path.join(sb.inp, rel), text, 0o755 if rel in EXECUTABLE else None)
    for i in range(extra_files):  # Longer runs: a wider window for --during.
        write(os.path.join(sb.inp, "gen", "d%d" % (i % 7), "k%d.cu" % i),
              "#include <cuda_runtime.h>\n__global__ void k%d(float *p) { p[0] = %d; }\n"
              "void run%d() { float *p; cudaMalloc(&p, 4); k%d<<<1, 1>>>(p); }\n" % (i, i, i, i))
    for rel, text in rng.sample(EXTRA_SOURCES, rng.randint(0, len(EXTRA_SOURCES))):
        write(os.path.join(sb.inp, rel), text)
    # Links inside the tree: a folder link, a file link, and an absolute link
    # that leads out of the tree (to OUTSIDE/vendor), as vendored code often is.
    os.symlink("include", os.path.join(sb.inp, "inc"))
    os.symlink("kernels.cu", os.path.join(sb.inp, "src", "current.cu"))
    os.symlink(os.path.join(sb.outside, "vendor"), os.path.join(sb.inp, "vendor"))
    write(os.path.join(sb.outside, "victim.txt"), "the victim's text\n")
    write(os.path.join(sb.outside, "tool.sh"), "#!/bin/sh\necho victim\n", 0o755)
    write(os.path.join(sb.outside, "config", "settings.ini"), "[victim]\nkeep = yes\n")
    write(os.path.join(sb.outside, "vendor", "lib.h"),
          "#pragma once\n#include <cuda_runtime.h>\ninline void v() { cudaDeviceReset(); }\n")
    write(os.path.join(sb.run, "notes.txt"), "notes next to OUT\n")
    shutil.copytree(sb.inp, sb.inplace, symlinks=True)
    return sb


class Sandbox:
    def __init__(self, box):
        self.box = box
        self.inp = os.path.join(box, "IN")
        self.outside = os.path.join(box, "OUTSIDE")
        self.run = os.path.join(box, "run")
        self.out = os.path.join(self.run, "OUT")
        self.inplace = os.path.join(self.run, "INPLACE")
        # Per round: where the mutations aim (set_round).
        self.in_root = self.inp
        self.out_root = self.out
        self.edited = set()  # Outputs (absolute) the adversary edited or planted.
        self.counter = 0

    def set_round(self, inplace):
        self.in_root = self.inplace if inplace else self.inp
        self.out_root = self.inplace if inplace else self.out
        self.edited = set()

    def fresh(self, stem):
        self.counter += 1
        return "%s-%d" % (stem, self.counter)


# ---------------------------------------------------------------------------
# File-system helpers (never follow a link, never open a FIFO)
# ---------------------------------------------------------------------------

def lstat(path):
    try:
        return os.lstat(path)
    except OSError:
        return None


def read_regular(path):
    """The bytes of a regular file, else None (a FIFO is never opened)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        chunks = []
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
    finally:
        os.close(fd)


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def clear(path):
    """Removes whatever is at path (a folder with its files; a link, not its target)."""
    st = lstat(path)
    if st is None:
        return
    if stat.S_ISDIR(st.st_mode):
        shutil.rmtree(path)
    else:
        os.unlink(path)


def inside(path, root):
    real, top = os.path.realpath(path), os.path.realpath(root)
    return real == top or real.startswith(top + os.sep)


def walk(root, descend=lambda rel: True):
    """(relative path, lstat) of every entry below root, sorted, links not followed."""
    found = []

    def visit(folder, rel):
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            return
        for name in names:
            path = os.path.join(folder, name)
            sub = os.path.join(rel, name) if rel else name
            st = lstat(path)
            if st is None:
                continue
            found.append((sub, st))
            if stat.S_ISDIR(st.st_mode) and descend(sub):
                visit(path, sub)

    visit(root, "")
    return found


def regular_files(root):
    return [rel for rel, st in walk(root) if stat.S_ISREG(st.st_mode)]


def real_folders(root):
    return [rel for rel, st in walk(root) if stat.S_ISDIR(st.st_mode)]


def input_files(sb):
    """IN's regular files as hipify-clang lists them (ProjectTree.cpp)."""
    return [rel for rel in regular_files(sb.in_root)
            if os.path.basename(rel) not in (MANIFEST, JOURNAL) and ".prehip" not in rel]


def outputs(sb):
    """The regular files under the round's output root that hipify-clang wrote or may have."""
    return [rel for rel in regular_files(sb.out_root)
            if os.path.basename(rel) not in (MANIFEST, JOURNAL) and ".prehip" not in rel
            and not rel.startswith("report")]


def safe_path(root, rel):
    """root/rel when every folder between them is a real folder (created when
    missing), else None: a mutation never writes through a link or outside."""
    if lstat(root) is None:
        os.mkdir(root)  # OUT, after heal() removed it: a hostile OUT before the first run.
    parent = root
    for part in [p for p in os.path.dirname(rel).split(os.sep) if p]:
        parent = os.path.join(parent, part)
        st = lstat(parent)
        if st is None:
            os.mkdir(parent)
        elif not stat.S_ISDIR(st.st_mode):
            return None  # A link (inside or out), a file, a FIFO: leave it.
    return os.path.join(root, rel)


def unshared_outputs(sb):
    """outputs() that are no hard link: changing them changes nothing outside."""
    return [rel for rel in outputs(sb) if os.lstat(os.path.join(sb.out_root, rel)).st_nlink == 1]


def out_path(sb, rel):
    return safe_path(sb.out_root, rel)


def pick(rng, items):
    items = sorted(items)
    return rng.choice(items) if items else None


# ---------------------------------------------------------------------------
# Mutations: one small function each, (sandbox, rng) -> description or None
# (not applicable). WHERE says what a mutation touches: "out" only the round's
# output root (so --during may apply it while the tool runs), "outside" also
# prepares something in OUTSIDE, "in" the round's input root.
# ---------------------------------------------------------------------------

def link_target(rng, path, target):
    """target, spelt absolute or relative to path's folder."""
    return target if rng.random() < 0.5 else os.path.relpath(target, os.path.dirname(path))


def m_folder_to_link(sb, rng):
    """An output folder becomes a link to a folder outside OUT."""
    rel = pick(rng, set(real_folders(sb.out_root)) |
               {os.path.dirname(f) for f in input_files(sb) if os.path.dirname(f)})
    path = rel and out_path(sb, rel)
    if not path:
        return None
    target = rng.choice([os.path.join(sb.outside, "config"), sb.outside,
                         os.path.join(sb.outside, "vendor"), sb.run])
    clear(path)
    os.symlink(link_target(rng, path, target), path)
    return "OUT/%s -> %s" % (rel, os.readlink(path))


def m_dangling_link(sb, rng):
    """A dangling link, into OUTSIDE, at an output path."""
    rel = pick(rng, input_files(sb))
    path = rel and out_path(sb, rel)
    if not path:
        return None
    clear(path)
    os.symlink(link_target(rng, path, os.path.join(sb.outside, sb.fresh("planted"))), path)
    return "OUT/%s -> %s (dangling)" % (rel, os.readlink(path))


def m_link_to_victim(sb, rng):
    """A link to a file outside OUT at an output path."""
    rel = pick(rng, input_files(sb))
    path = rel and out_path(sb, rel)
    if not path:
        return None
    victim = rng.choice([os.path.join(sb.outside, "victim.txt"),
                         os.path.join(sb.outside, "tool.sh"), os.path.join(sb.run, "notes.txt")])
    clear(path)
    os.symlink(link_target(rng, path, victim), path)
    return "OUT/%s -> %s" % (rel, os.readlink(path))


def m_hardlink_to_victim(sb, rng):
    """An output becomes a hard link to a file outside OUT."""
    rel = pick(rng, outputs(sb))
    path = rel and out_path(sb, rel)
    if not path:
        return None
    clear(path)
    os.link(os.path.join(sb.outside, "victim.txt"), path)
    return "OUT/%s hard link to OUTSIDE/victim.txt" % rel


def m_fifo_at_output(sb, rng):
    """A FIFO at an output path."""
    rel = pick(rng, input_files(sb))
    path = rel and out_path(sb, rel)
    if not path:
        return None
    clear(path)
    os.mkfifo(path)
    return "OUT/%s is a FIFO" % rel


def m_fifo_manifest(sb, rng):
    """The manifest is a FIFO (reading it blocks until someone writes)."""
    path = out_path(sb, MANIFEST)
    clear(path)
    os.mkfifo(path)
    return "the manifest is a FIFO"


def m_fifo_journal(sb, rng):
    """The journal is a FIFO."""
    path = out_path(sb, JOURNAL)
    clear(path)
    os.mkfifo(path)
    return "the journal is a FIFO"


def m_link_manifest(sb, rng):
    """The manifest or the journal is a link to a file outside OUT."""
    name = rng.choice([MANIFEST, JOURNAL])
    path = out_path(sb, name)
    victim = rng.choice([os.path.join(sb.outside, "victim.txt"),
                         os.path.join(sb.run, "notes.txt"),
                         os.path.join(sb.outside, sb.fresh("planted"))])
    clear(path)
    os.symlink(link_target(rng, path, victim), path)
    return "OUT/%s -> %s" % (name, os.readlink(path))


def load_manifest(sb):
    data = read_regular(os.path.join(sb.out_root, MANIFEST))
    try:
        manifest = json.loads(data) if data is not None else None
    except (ValueError, RecursionError):  # Garbage an earlier mutation wrote.
        manifest = None
    if not isinstance(manifest, dict) or not isinstance(manifest.get("outputs"), dict):
        manifest = {"format": FORMAT, "run": "", "outputs": {}}
    return manifest


def entry(data, **extra):
    fields = {"sha256": sha256(data), "inputs": {}}
    fields.update(extra)
    return fields


def tamper_entries(sb, rng, escaping=True):
    """Entries naming files outside OUT with their real hashes: what a manifest
    that lies looks like when hipify-clang trusts it to remove or replace.
    escaping: also '../' and absolute names (else only names below OUT that
    lead out through links, which a check of the names alone lets pass)."""
    rel = lambda target: os.path.relpath(target, sb.out_root)
    found = {}
    if escaping:
        victims = [os.path.join(sb.run, "notes.txt"), os.path.join(sb.outside, "victim.txt"),
                   os.path.join(sb.outside, "config", "settings.ini")]
        victims += [os.path.join(sb.inp, f) for f in regular_files(sb.inp)]
        victim = pick(rng, victims)
        found[rel(victim)] = entry(read_regular(victim) or b"")           # ../notes.txt
        victim = pick(rng, victims)
        found[os.path.abspath(victim)] = entry(read_regular(victim) or b"")  # absolute
    # Through links that lead out of OUT: 'src/settings.ini' when OUT/src -> OUTSIDE/config.
    for name, st in walk(sb.out_root):
        path = os.path.join(sb.out_root, name)
        if not stat.S_ISLNK(st.st_mode) or inside(path, sb.out_root):
            continue
        real = os.path.realpath(path)
        if os.path.isdir(real):
            for f in sorted(os.listdir(real))[:3]:
                data = read_regular(os.path.join(real, f))
                if data is not None:
                    found[os.path.join(name, f)] = entry(data)
        else:
            data = read_regular(real)
            if data is not None:
                found[name] = entry(data)
    return found


def m_tamper_manifest(sb, rng):
    """The manifest lies: outside entries, folders, huge sizes, garbage, another root."""
    path = out_path(sb, MANIFEST)
    variant = rng.choice(["outside", "through-links", "through-links", "folders", "huge",
                          "garbage", "other-root", "wrong-types", "links"])
    manifest = load_manifest(sb)
    outs = manifest["outputs"]
    if variant in ("outside", "through-links"):
        outs.update(tamper_entries(sb, rng, escaping=variant == "outside"))
    elif variant == "folders":
        for name in [".", "", "src", "include/", "src/..", "..", "/"]:
            outs[name] = entry(b"")
    elif variant == "huge":
        for name in list(outs):
            if isinstance(outs[name], dict):
                outs[name]["size"] = 2 ** 64
        outs["x" * 5000] = entry(b"", size=10 ** 30)
        for i in range(2000):
            outs["gen/%05d.cu" % i] = entry(b"%d" % i)
    elif variant == "other-root":
        manifest["in_root"] = rng.choice(["/elsewhere/project", os.path.join(sb.box, "OTHER"),
                                          sb.outside])
        outs.update(tamper_entries(sb, rng))
    elif variant == "links":  # Links hipify-clang would have made, leading out.
        for name in ["vendor", "inc", "src/current.cu", sb.fresh("gone")]:
            outs[name] = {"link": rng.choice([os.path.join(sb.outside, "victim.txt"),
                                              sb.outside, "../../OUTSIDE/config"])}
    elif variant == "wrong-types":
        key = rng.choice(["outputs", "format", "run", "in_root"])
        manifest[key] = rng.choice([[], 7, None, {"a": [1]}, "x"])
    clear(path)
    if variant == "garbage":
        text = rng.choice([
            bytes(rng.randrange(256) for _ in range(rng.randint(0, 400))),
            json.dumps(manifest).encode()[:rng.randint(0, 200)],   # cut short
            b"[" * 100000 + b"]" * 100000,                         # deep nesting
            b'{"format": "' + FORMAT.encode() + b'", "outputs": {"a\x00b": {}}}',
        ])
        write(path, text)
    else:
        write(path, json.dumps(manifest, indent=1))
    return "manifest tampered: %s" % variant


def m_tamper_journal(sb, rng):
    """A journal (JSON lines) naming files outside OUT, or garbage, or another root."""
    path = out_path(sb, JOURNAL)
    manifest = load_manifest(sb)
    form = manifest.get("format")
    form = form if isinstance(form, str) and form.startswith("hipify-clang") else FORMAT
    variant = rng.choice(["outside", "through-links", "through-links", "other-root",
                          "garbage"])
    root = os.path.realpath(sb.in_root) if variant != "other-root" else "/elsewhere/project"
    lines = [json.dumps({"format": form, "in_root": root})]
    entries = tamper_entries(sb, rng, escaping=variant != "through-links")
    for name, fields in sorted(entries.items()):
        lines.append(json.dumps({"path": name, "sha256": fields["sha256"]}))
    if variant != "through-links":
        lines.append(json.dumps({"path": MANIFEST, "sha256": "0" * 64}))
    if variant == "garbage":
        lines.insert(rng.randrange(len(lines) + 1), rng.choice(
            ["[" * 100000, "{\"path\": 7}", "\x00\xff", "x" * 100000, "{}"]))
    text = "\n".join(lines) + ("\n" if rng.random() < 0.8 else "")  # or cut short
    clear(path)
    write(path, text)
    return "journal tampered: %s" % variant


def m_edit_output(sb, rng):
    """An output the user edited after the run (kept without --force)."""
    rel = pick(rng, unshared_outputs(sb))
    if not rel:
        return None
    path = os.path.join(sb.out_root, rel)
    with open(path, "ab") as f:
        f.write(b"\n// edited by the user after hipify-clang wrote it\n")
    sb.edited.add(path)
    return "OUT/%s edited" % rel


def m_delete_output(sb, rng):
    """An output file or folder deleted."""
    rel = pick(rng, outputs(sb) + real_folders(sb.out_root))
    if not rel:
        return None
    clear(os.path.join(sb.out_root, rel))
    return "OUT/%s deleted" % rel


def m_readonly_output(sb, rng):
    """An output made read-only."""
    rel = pick(rng, unshared_outputs(sb))
    if not rel:
        return None
    os.chmod(os.path.join(sb.out_root, rel), 0o444)
    return "OUT/%s read-only" % rel


def m_foreign_file(sb, rng):
    """A file hipify-clang did not write at an output path (or a folder's)."""
    candidates = [f for f in input_files(sb) if lstat(os.path.join(sb.out_root, f)) is None]
    candidates += [d for d in real_folders(sb.out_root)]
    rel = pick(rng, candidates)
    path = rel and out_path(sb, rel)
    if not path:
        return None
    clear(path)
    write(path, "the user's own file\n")
    sb.edited.add(path)
    return "OUT/%s is a foreign file" % rel


def m_fifo_for_folder(sb, rng):
    """An output folder replaced by a FIFO."""
    rel = pick(rng, real_folders(sb.out_root))
    path = rel and out_path(sb, rel)
    if not path:
        return None
    clear(path)
    os.mkfifo(path)
    return "OUT/%s (a folder) is a FIFO" % rel


def m_mirror_folder(sb, rng):
    """An output folder moves to OUTSIDE, linked from OUT (its files match the manifest)."""
    rel = pick(rng, [d for d in real_folders(sb.out_root) if d != "."])
    if not rel:
        return None
    path = os.path.join(sb.out_root, rel)
    mirror = os.path.join(sb.outside, sb.fresh("mirror"))
    os.rename(path, mirror)
    os.symlink(link_target(rng, path, mirror), path)
    return "OUT/%s moved to %s, linked" % (rel, os.path.basename(mirror))


def m_twin_link(sb, rng):
    """An output moves to OUTSIDE, linked (symbolic or hard) from OUT; hashes match."""
    rel = pick(rng, outputs(sb))
    if not rel:
        return None
    path = os.path.join(sb.out_root, rel)
    twin = os.path.join(sb.outside, sb.fresh("twin"))
    os.rename(path, twin)
    if rng.random() < 0.5:
        os.symlink(link_target(rng, path, twin), path)
        return "OUT/%s moved to %s, symbolic link" % (rel, os.path.basename(twin))
    os.link(twin, path)
    return "OUT/%s moved to %s, hard link" % (rel, os.path.basename(twin))


def m_delete_input(sb, rng):
    """An input deleted (its output is then removed if unchanged)."""
    rel = pick(rng, input_files(sb))
    if not rel:
        return None
    os.unlink(os.path.join(sb.in_root, rel))
    return "IN/%s deleted" % rel


def m_add_input(sb, rng):
    """A new input, maybe in a new folder."""
    rel, text = rng.choice(EXTRA_SOURCES)
    rel = os.path.join(rng.choice(["", "src", "extra/deep", "include"]),
                       sb.fresh("new") + os.path.splitext(rel)[1])
    path = safe_path(sb.in_root, rel)
    if not path:
        return None
    write(path, text)
    return "IN/%s added" % rel


def m_edit_input(sb, rng):
    """An input edited (retranslated next run)."""
    rel = pick(rng, [f for f in input_files(sb) if translatable(f)])
    if not rel:
        return None
    with open(os.path.join(sb.in_root, rel), "ab") as f:
        f.write(b"\nvoid resync() { cudaDeviceSynchronize(); }\n")
    return "IN/%s edited" % rel


def m_link_to_folder(sb, rng):
    """A link of IN becomes a real folder with sources, where OUT has the link."""
    links = [rel for rel, st in walk(sb.in_root) if stat.S_ISLNK(st.st_mode)]
    rel = pick(rng, links)
    if not rel:
        return None
    path = os.path.join(sb.in_root, rel)
    os.unlink(path)
    write(os.path.join(path, "lib.h"), "#pragma once\n#include <cuda_runtime.h>\n"
          "inline void w() { cudaDeviceReset(); }\n")
    write(os.path.join(path, "k.cu"), "#include <cuda_runtime.h>\n"
          "int f() { void *p; return (int)cudaMalloc(&p, 8); }\n")
    write(os.path.join(path, "data.txt"), "plain\n")
    return "IN/%s: link replaced by a folder" % rel


def m_folder_to_link_in(sb, rng):
    """A folder of IN becomes a link (to OUTSIDE/vendor or inside the tree)."""
    rel = pick(rng, real_folders(sb.in_root))
    if not rel:
        return None
    path = os.path.join(sb.in_root, rel)
    clear(path)
    target = rng.choice([os.path.join(sb.outside, "vendor"), sb.in_root])
    os.symlink(link_target(rng, path, target), path)
    return "IN/%s -> %s" % (rel, os.readlink(path))


def m_fifo_in(sb, rng):
    """A FIFO among the inputs, named like a source."""
    rel = os.path.join(rng.choice(["", "src", "include"]), sb.fresh("pipe") + ".cu")
    path = safe_path(sb.in_root, rel)
    if not path:
        return None
    os.mkfifo(path)
    return "IN/%s is a FIFO" % rel


def m_link_in_out(sb, rng):
    """A new link in IN leading out of it."""
    rel = os.path.join(rng.choice(["", "src"]), sb.fresh("ext") + rng.choice([".h", ""]))
    path = safe_path(sb.in_root, rel)
    if not path:
        return None
    target = rng.choice([os.path.join(sb.outside, "victim.txt"),
                         os.path.join(sb.outside, "config"), sb.run])
    os.symlink(link_target(rng, path, target), path)
    return "IN/%s -> %s" % (rel, os.readlink(path))


MUTATIONS = [
    # name, where, function
    ("folder-to-link", "out", m_folder_to_link),
    ("dangling-link", "out", m_dangling_link),
    ("link-to-victim", "out", m_link_to_victim),
    ("hardlink-to-victim", "out", m_hardlink_to_victim),
    ("fifo-at-output", "out", m_fifo_at_output),
    ("fifo-manifest", "out", m_fifo_manifest),
    ("fifo-journal", "out", m_fifo_journal),
    ("link-manifest", "out", m_link_manifest),
    ("tamper-manifest", "out", m_tamper_manifest),
    ("tamper-journal", "out", m_tamper_journal),
    ("edit-output", "out", m_edit_output),
    ("delete-output", "out", m_delete_output),
    ("readonly-output", "out", m_readonly_output),
    ("foreign-file", "out", m_foreign_file),
    ("fifo-for-folder", "out", m_fifo_for_folder),
    ("mirror-folder", "outside", m_mirror_folder),
    ("twin-link", "outside", m_twin_link),
    ("delete-input", "in", m_delete_input),
    ("add-input", "in", m_add_input),
    ("edit-input", "in", m_edit_input),
    ("link-to-folder", "in", m_link_to_folder),
    ("folder-to-link-in", "in", m_folder_to_link_in),
    ("fifo-in", "in", m_fifo_in),
    ("link-in-out", "in", m_link_in_out),
]


def apply(sb, rng, mutations):
    """Applies one of mutations; its description (or why it did nothing)."""
    name, _, function = rng.choice(mutations)
    try:
        what = function(sb, rng)
    except OSError as e:
        what = "skipped: %s" % e
    if what and sb.out_root == sb.inplace:  # Descriptions say OUT/ and IN/.
        what = re.sub(r"(?<![\w/])(OUT|IN)/", "INPLACE/", what)
    return "%s: %s" % (name, what or "not applicable")


# ---------------------------------------------------------------------------
# Snapshots and checks
# ---------------------------------------------------------------------------

def snapshot(root, skip):
    """{relative path: (type, mode, content hash or link target)} of everything
    under root except the folders in skip (absolute) and what they hold."""
    skip = {os.path.relpath(s, root) for s in skip}
    state = {}
    for rel, st in walk(root, descend=lambda r: r not in skip):
        if rel in skip:
            continue
        mode = stat.S_IMODE(st.st_mode)
        if stat.S_ISREG(st.st_mode):
            data = read_regular(os.path.join(root, rel))
            state[rel] = ("file", mode, sha256(data) if data is not None else "?")
        elif stat.S_ISLNK(st.st_mode):
            state[rel] = ("link", None, os.readlink(os.path.join(root, rel)))
        elif stat.S_ISDIR(st.st_mode):
            state[rel] = ("folder", mode, None)
        elif stat.S_ISFIFO(st.st_mode):
            state[rel] = ("fifo", mode, None)
        else:
            state[rel] = ("other", mode, None)
    return state


def differences(before, after):
    changes = []
    for rel in sorted(set(before) | set(after)):
        b, a = before.get(rel), after.get(rel)
        if b == a:
            continue
        if b is None:
            changes.append((rel, "appeared (%s)" % a[0]))
        elif a is None:
            changes.append((rel, "removed (was a %s)" % b[0]))
        elif b[0] != a[0]:
            changes.append((rel, "a %s became a %s" % (b[0], a[0])))
        elif b[1] != a[1]:
            changes.append((rel, "mode %o became %o" % (b[1], a[1])))
        else:
            changes.append((rel, "%s changed" % ("link target" if b[0] == "link" else "content")))
    return changes


class Round:
    """One run of hipify-clang: its command and what it may change."""

    def __init__(self, sb, rng, args, first):
        self.inplace = rng.random() < 0.2 and not first  # The first run fills OUT.
        self.force = rng.random() < 0.3
        self.report = None
        sb.set_round(self.inplace)
        root = sb.inplace if self.inplace else sb.out
        relative = rng.random() < 0.5  # --in-root=../IN from run/, or absolute
        spell = (lambda p: os.path.relpath(p, sb.run)) if relative else (lambda p: p)
        self.command = [args.hipify, "--in-root=" + spell(sb.in_root)]
        self.command += ["--inplace"] if self.inplace else ["--out-root=" + spell(root)]
        if self.force:
            self.command.append("--force")
        if rng.random() < 0.3:
            ext = rng.choice([".md", ".json"])
            inside_out = not self.inplace and not first and rng.random() < 0.3
            self.report = os.path.join(root if inside_out else sb.run, "report" + ext)
            self.command.append("--report=" + spell(self.report))
        self.command += ["-j", str(rng.choice([1, 2])), "--cuda-path=" + args.cuda_path]

    def describe(self):
        return " ".join(self.command)


def run_tool(sb, rnd, args, during):
    """(status, stderr text): status is the exit code, or 'hang'."""
    env = {k: v for k, v in os.environ.items() if k not in ("CUDA_PATH",)}
    proc = subprocess.Popen(rnd.command, cwd=sb.run, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    thread = None
    if during is not None:
        thread = threading.Thread(target=during, args=(proc,))
        thread.start()
    try:
        out, err = proc.communicate(timeout=args.timeout)
        status = proc.returncode
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        status = "hang"
    if thread:
        thread.join()
    return status, (out + err).decode(errors="replace")


def check(sb, rnd, before_out, before_in, status, text, during):
    """The failed checks, as (check, detail) pairs."""
    failures = []
    # (c) exit
    if status == "hang":
        failures.append(("c-exit", "no exit within the timeout (killed)"))
    elif status not in (0, 1):
        failures.append(("c-exit", "exit status %s%s" % (
            status, " (signal %d)" % -status if status < 0 else "")))
    for crash in ("Stack dump", "PLEASE submit a bug report", "LLVM ERROR",
                  "AddressSanitizer", "Segmentation fault"):
        if crash in text:
            failures.append(("c-exit", "crash message %r" % crash))
    # (a) outside and (b) inputs
    skip = [sb.inplace if rnd.inplace else sb.out]
    after_out = snapshot(sb.box, skip)
    for rel, what in differences(before_out, after_out):
        if rnd.report and os.path.join(sb.box, rel) == rnd.report:
            continue
        kind = "b-input" if rel.split(os.sep)[0] == "IN" else "a-outside"
        failures.append((kind, "%s %s" % (rel, what)))
    if rnd.inplace:
        after_in = snapshot(sb.inplace, [])
        for rel, what in differences(before_in, after_in):
            b, a = before_in.get(rel), after_in.get(rel)
            name = os.path.basename(rel)
            if b and a and b[0] == a[0] == "file" and b[1] == a[1] and translatable(rel):
                continue  # Its translation.
            if rel in (MANIFEST, JOURNAL):
                continue  # hipify-clang's own (a link there is replaced, not followed).
            if b is None and ".prehip" in name:
                continue
            failures.append(("a-outside", "INPLACE/%s %s (--inplace changes only "
                             "translatable files' text)" % (rel, what)))
    if status == "hang":
        return failures
    # (f) tidy
    for rel, st in walk(sb.box):
        if os.path.basename(rel).startswith("hipify-") and rel.endswith(".tmp"):
            failures.append(("f-tidy", "temporary left: %s" % rel))
    if during:
        return failures
    # (d) complete
    if status == 0 and not rnd.inplace:
        for rel in input_files(sb):
            path = os.path.join(sb.out, rel)
            st = lstat(path)
            if st is None or not stat.S_ISREG(st.st_mode) or not inside(path, sb.out):
                what = "missing" if st is None else (
                    "not a regular file" if not stat.S_ISREG(st.st_mode) else
                    "outside OUT (through a link)")
                failures.append(("d-complete", "exit 0 but the output of IN/%s is %s"
                                 % (rel, what)))
    # (e) kept
    if not rnd.force and not rnd.inplace:
        for path, digest in sorted(sb.edited_before.items()):
            data = read_regular(path)
            if data is None or sha256(data) != digest:
                failures.append(("e-kept", "%s, edited or planted by the user, was %s "
                                 "without --force" % (os.path.relpath(path, sb.box),
                                                      "removed" if data is None else "replaced")))
    return failures


# ---------------------------------------------------------------------------
# The driver
# ---------------------------------------------------------------------------

def during_mutator(sb, seedless, log, spread):
    """Mutations of OUT while the tool runs (--during): a few, at small delays."""
    out_only = [m for m in MUTATIONS if m[1] == "out"]

    def mutate(proc):
        for _ in range(seedless.randint(1, 3)):
            time.sleep(seedless.uniform(0, spread))
            if proc.poll() is not None:
                return
            log.append("during: " + apply(sb, seedless, out_only))
    return mutate


def heal(sb):
    """What a user does after an error: removes the output root (or, after an
    --inplace run, the manifest and the journal), so later rounds start anew."""
    if sb.out_root == sb.inplace:
        for name in (MANIFEST, JOURNAL):
            clear(os.path.join(sb.inplace, name))
        return "heal: INPLACE's manifest and journal removed after the error"
    clear(sb.out)
    return "heal: OUT removed after the error"


def iteration(args, index, report):
    rng = random.Random("%d/%d" % (args.seed, index))
    box = os.path.join(args.work, "it-%d" % index)
    sb = make_sandbox(box, rng, args.extra_files)
    allowed = [m for m in MUTATIONS if not args.mutations or m[0] in args.mutations]
    failed = False
    status = 0
    for number in range(args.rounds + 1):
        log = []
        if status != 0 and rng.random() < 0.5:
            log.append(heal(sb))
        rnd = Round(sb, rng, args, first=number == 0)
        if number:  # Round 0 runs on the clean sandbox.
            for _ in range(rng.randint(1, 3)):
                log.append(apply(sb, rng, allowed))
        before_out = snapshot(sb.box, [sb.inplace if rnd.inplace else sb.out])
        before_in = snapshot(sb.inplace, []) if rnd.inplace else None
        sb.edited_before = {}
        for path in sb.edited:
            data = read_regular(path)
            if data is not None:
                sb.edited_before[path] = sha256(data)
        during = None
        if args.during and number and not rnd.inplace:
            during = during_mutator(sb, random.Random(), log, 0.04 + args.extra_files * 0.002)
        status, text = run_tool(sb, rnd, args, during)
        if args.verbose:
            print("iteration %d round %d: exit %s: %s" % (index, number, status, rnd.describe()))
            for line in log:
                print("  mutation: %s" % line)
        failures = check(sb, rnd, before_out, before_in, status, text, during)
        if number == 0 and status != 0:
            failures.append(("d-complete", "the first run, on a clean sandbox, exited %s"
                             % status))
        if failures:
            failed = True
            report(args, index, number, rnd, log, status, text, failures, box)
            if not args.keep_going:
                return False
            break
    if not failed and not args.keep:
        shutil.rmtree(box)
    return not failed


def print_failure(args, index, number, rnd, log, status, text, failures, box):
    print("fs-adversary: FAIL seed=%d iteration=%d round=%d exit=%s" %
          (args.seed, index, number, status))
    print("  command: %s" % rnd.describe())
    for line in log or ["(none: the clean run)"]:
        print("  mutation: %s" % line)
    for kind, detail in failures[:12]:
        print("  failed %s: %s" % (kind, detail))
    if len(failures) > 12:
        print("  ... and %d more" % (len(failures) - 12))
    lines = text.strip().splitlines()
    interesting = [l for l in lines if "error" in l or "Stack" in l or "kept" in l]
    for line in (interesting or lines)[-6:]:
        print("  | %s" % line[:300])
    print("  sandbox kept: %s" % box)
    options = " --mutations " + ",".join(args.mutations) if args.mutations else ""
    if args.extra_files:
        options += " --extra-files %d" % args.extra_files
    if args.cuda_path != os.path.join(args.work, "no-cuda"):
        options += " --cuda-path " + args.cuda_path
    print("  reproduce: %s %s --hipify %s --seed %d --first %d --iterations 1 --rounds %d%s "
          "--work <empty folder>%s" % (
              sys.executable, os.path.abspath(__file__), args.hipify, args.seed, index, number,
              options, " (without what --during did meanwhile)" if args.during else ""))
    sys.stdout.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hipify", required=True, help="the hipify-clang to test")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="the first iteration's number")
    parser.add_argument("--time", type=float, default=0,
                        help="start no iteration after this many seconds (0: no limit)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="mutated runs per iteration, after the clean one")
    parser.add_argument("--work", required=True,
                        help="an empty (or missing) folder for the sandboxes")
    parser.add_argument("--cuda-path", default=None,
                        help="CUDA to parse against (default: a missing folder: token "
                             "engine only, fast)")
    parser.add_argument("--during", action="store_true",
                        help="also mutate OUT from a thread while hipify-clang runs")
    parser.add_argument("--extra-files", type=int, default=0,
                        help="add this many generated sources (longer runs, for --during)")
    parser.add_argument("--timeout", type=float, default=30,
                        help="seconds a run may take before it counts as a hang")
    parser.add_argument("--mutations", type=lambda s: s.split(","), default=[],
                        help="only these mutations (comma-separated; --list names them)")
    parser.add_argument("--keep-going", action="store_true",
                        help="go on after a failing iteration (default: stop)")
    parser.add_argument("--keep", action="store_true", help="keep passing sandboxes too")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="print every run and its mutations")
    parser.add_argument("--list", action="store_true", help="list the mutations and exit")
    args = parser.parse_args()
    if args.list:
        for name, where, function in MUTATIONS:
            print("%-20s %-8s %s" % (name, where, (function.__doc__ or "").split("\n")[0]))
        return 0
    unknown = set(args.mutations) - {m[0] for m in MUTATIONS}
    if unknown:
        sys.exit("fs-adversary: error: unknown mutation(s) %s; see --list" % ", ".join(unknown))
    args.hipify = os.path.abspath(args.hipify)
    args.work = os.path.abspath(args.work)
    if os.path.exists(args.work) and os.listdir(args.work):
        sys.exit("fs-adversary: error: --work '%s' is not empty; name an empty or missing "
                 "folder" % args.work)
    os.makedirs(args.work, exist_ok=True)
    if args.cuda_path is None:
        args.cuda_path = os.path.join(args.work, "no-cuda")
    started = time.time()
    failed = 0
    ran = 0
    for index in range(args.first, args.first + args.iterations):
        if args.time and time.time() - started > args.time:
            break
        ran += 1
        if not iteration(args, index, print_failure):
            failed += 1
            if not args.keep_going:
                break
    print("fs-adversary: seed %d: %d iteration(s) from %d, %d failed, %.1fs" % (
        args.seed, ran, args.first, failed, time.time() - started))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
