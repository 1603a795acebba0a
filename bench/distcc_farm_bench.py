#!/usr/bin/env python3
"""A 40-source HIP project for 4 architectures built on a loopback distcc or
icecream farm against the same build done locally (issue 31).

  A generated project (N sources, each a few kernels over hip_runtime.h, and a
  main) is built twice with GNU make and hipcc in the same folder (clang
  hashes the source's absolute path into each -cuid): locally, then, its
  outputs moved aside, with
  HIPCC_LAUNCHER=distcc through distccd daemons on 127.0.0.1
  (test/hipcc/Inputs/distcc_farm.py: own ports, job limits and logs, stopped
  at the end), or with --farm icecc, HIPCC_LAUNCHER=icecc through iceccd
  daemons and a scheduler in a network namespace of their own
  (test/hipcc/Inputs/icecc_farm.py), the compiler environment made first by
  scripts/icecc-hip-env.sh (its time reported apart). Reported from one run of each: wall and CPU time, the ratio,
  and where each job ran (compiles per daemon from their logs, distcc's local
  retries, the host compiles here). Every object and the program must be
  byte-identical between the two builds, or the benchmark fails.

  On one machine the daemons share its cores with the client: the ratio shows
  what the farm costs (preprocessing here, the network, distcc), not what
  remote cores would give.

usage: distcc_farm_bench.py --stage <build>/stage [--farm distcc|icecc] [--sources N] [--daemons D]
                            [--daemon-jobs J] [--make-jobs J] [--local-jobs J]
A benchmark, not a test: it reports numbers; the exit status is 0 unless
something could not run or the builds differ.
"""
import argparse
import filecmp
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ARCHS = ["gfx90a", "gfx942", "gfx1100", "gfx1030"]
HERE = os.path.dirname(os.path.abspath(__file__))
INPUTS = os.path.join(HERE, "..", "test", "hipcc", "Inputs")
ICECC_ENV = os.path.join(HERE, "..", "scripts", "icecc-hip-env.sh")

SOURCE = """#include <hip/hip_runtime.h>
template <typename T> __global__ void axpy{i}(int n, T a, const T *x, T *y) {{
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n) y[k] = a * x[k] + y[k] * T({i});
}}
__global__ void reduce{i}(const float *x, float *out, int n) {{
  __shared__ float s[256];
  int t = threadIdx.x;
  s[t] = t < n ? sinf(x[t]) * expf(-x[t] * {i}.0f) : 0.0f;
  __syncthreads();
  for (int w = 128; w > 0; w /= 2) {{
    if (t < w) s[t] += s[t + w];
    __syncthreads();
  }}
  if (t == 0) atomicAdd(out, s[0]);
}}
void run{i}(float *x, float *y, float *out, int n) {{
  axpy{i}<float><<<(n + 255) / 256, 256>>>(n, 2.0f, x, y);
  axpy{i}<double><<<1, 1>>>(0, 2.0, nullptr, nullptr);
  reduce{i}<<<1, 256>>>(x, out, n);
}}
"""

MAKEFILE = """HIPCC ?= hipcc
ARCHS := {archs}
SOURCES := $(wildcard k*.hip) main.hip
OBJECTS := $(SOURCES:.hip=.o)
app: $(OBJECTS)
\t$(HIPCC) $(OBJECTS) -o $@
%.o: %.hip
\t$(HIPCC) -c $< -o $@ $(ARCHS)
"""


def write_project(folder, sources):
    os.makedirs(folder)
    for i in range(sources):
        with open(os.path.join(folder, "k%d.hip" % i), "w") as f:
            f.write(SOURCE.format(i=i))
    with open(os.path.join(folder, "main.hip"), "w") as f:
        f.write("#include <hip/hip_runtime.h>\n")
        for i in range(sources):
            f.write("void run%d(float *, float *, float *, int);\n" % i)
        f.write("int main() {\n  float *x, *y, *o;\n"
                "  if (hipMalloc(&x, 1024) || hipMalloc(&y, 1024) || hipMalloc(&o, 4)) return 1;\n")
        for i in range(sources):
            f.write("  run%d(x, y, o, 256);\n" % i)
        f.write("  return hipDeviceSynchronize() == hipSuccess ? 0 : 1;\n}\n")
    with open(os.path.join(folder, "Makefile"), "w") as f:
        f.write(MAKEFILE.format(archs=" ".join("--offload-arch=" + a for a in ARCHS)))


def timed(argv, env, cwd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit("bench: failed (%d): %s\n%s" % (proc.returncode, " ".join(argv),
                                                 proc.stderr.decode(errors="replace")[-4000:]))
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, proc.stderr.decode(errors="replace")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stage", required=True, help="the staged install tree (<build>/stage)")
    parser.add_argument("--farm", choices=["distcc", "icecc"], default="distcc")
    parser.add_argument("--sources", type=int, default=40)
    parser.add_argument("--daemons", type=int, default=2)
    parser.add_argument("--daemon-jobs", type=int, default=2)
    parser.add_argument("--make-jobs", type=int,
                        help="make -j on the farm (default: the farm's slots, plus one)")
    parser.add_argument("--local-jobs", type=int,
                        help="make -j locally (default: the cores, plus one)")
    args = parser.parse_args()
    tools = ["distcc", "distccd"] if args.farm == "distcc" else ["icecc", "iceccd", "icecc-scheduler"]
    if not all(shutil.which(t) for t in tools):
        sys.exit("bench: %s are needed (apt-get install %s)" % (", ".join(tools), args.farm))
    farm_script = os.path.join(INPUTS, args.farm + "_farm.py")
    make_jobs = args.make_jobs or args.daemons * args.daemon_jobs + 1
    local_jobs = args.local_jobs or (os.cpu_count() or 1) + 1

    hipcc = os.path.join(os.path.abspath(args.stage), "bin", "hipcc")
    env = {k: v for k, v in os.environ.items()
           if not (k.startswith("HIP") or k.startswith("ROCM") or k.startswith("DISTCC")
                   or k.startswith("ICECC")
                   or k in ("MAKEFLAGS", "DEVICE_LIB_PATH", "HCC_AMDGPU_TARGET",
                            "CMAKE_HIP_COMPILER_LAUNCHER"))}
    env["HIPCC"] = hipcc
    with tempfile.TemporaryDirectory(prefix="hipkit-farm-bench-") as tmp:
        # One folder for both builds: clang hashes the source's path into -cuid.
        farm = os.path.join(tmp, "project")
        local = os.path.join(tmp, "local-outputs")
        write_project(farm, args.sources)
        os.makedirs(local)
        print("project: %d sources + main, %s, make -j%d locally, -j%d on %d %s daemons x %d jobs"
              % (args.sources, " ".join(ARCHS), local_jobs, make_jobs, args.daemons,
                 args.farm + "d" if args.farm == "distcc" else "iceccd", args.daemon_jobs))
        launcher = ["HIPCC_LAUNCHER=distcc"]
        if args.farm == "icecc":
            start = time.perf_counter()
            made = subprocess.run([ICECC_ENV, os.path.dirname(os.path.dirname(hipcc)),
                                   "/usr/lib/llvm-19/bin/clang", tmp],
                                  capture_output=True, text=True)
            if made.returncode != 0:
                sys.exit("bench: icecc-hip-env.sh failed:\n" + made.stderr)
            print("icecream environment: %s, %.0f MB, made in %.1fs"
                  % (os.path.basename(made.stdout.strip()),
                     os.path.getsize(made.stdout.strip()) / 1e6, time.perf_counter() - start))
            launcher = ["HIPCC_LAUNCHER=icecc", "ICECC_VERSION=" + made.stdout.strip(),
                        "ICECC_DEBUG=warnings"]
        wall_l, cpu_l, _ = timed(["make", "-j%d" % local_jobs, "app"], env, farm)
        for n in os.listdir(farm):
            if n.endswith(".o") or n == "app":
                os.rename(os.path.join(farm, n), os.path.join(local, n))
        state = os.path.join(tmp, "state")
        wall_f, cpu_f, err_f = timed(
            [sys.executable, farm_script, "--state", state, "--daemons", str(args.daemons),
             "--jobs", str(args.daemon_jobs), "--timeout", "3000", "--", "env"]
            + launcher + ["make", "-j%d" % make_jobs, "app"], env, farm)

        differ = [n for n in sorted(os.listdir(local))
                  if n.endswith(".o") or n == "app"
                  if not filecmp.cmp(os.path.join(local, n), os.path.join(farm, n), False)]
        per_daemon = []
        for i in range(args.daemons):
            with open(os.path.join(state, "logs", "daemon-%d.log" % i), errors="replace") as f:
                text = f.read()
            if args.farm == "distcc":
                per_daemon.append((text.count("COMPILE_OK"), text.count("COMPILE_ERROR")))
            else:
                ok = text.count("Remote compilation completed with exit code 0")
                per_daemon.append((ok, text.count("Remote compilation") - ok))
        retried = err_f.count("running locally instead" if args.farm == "distcc"
                              else "got exception")
        stopped = subprocess.run([sys.executable, farm_script, "--state", state,
                                  "--check-stopped"])

    device = (args.sources + 1) * len(ARCHS)
    print()
    print("load average: %.2f %.2f %.2f on %d CPUs" % (os.getloadavg() + (os.cpu_count(),)))
    print("%-34s %9s %9s %8s" % ("", "local", "farm", "ratio"))
    print("%-34s %8.1fs %8.1fs %7.2fx" % ("wall (one run each)", wall_l, wall_f, wall_f / wall_l))
    print("%-34s %8.1fs %8.1fs %7.2fx" % ("CPU user+sys here (incl. daemons)", cpu_l, cpu_f,
                                          cpu_f / cpu_l))
    print()
    print("where the jobs ran on the farm build (%d device compiles, %d host compiles):"
          % (device, args.sources + 1))
    for i, (ok, bad) in enumerate(per_daemon):
        print("  daemon %d (127.0.0.1, %d jobs): %d compiles, %d failed"
              % (i, args.daemon_jobs, ok, bad))
    if args.farm == "distcc":
        print("  here, by distcc's retry: %d; host compiles, bundling, link: here" % retried)
        print("  device compiles accounted for: %d of %d"
              % (sum(ok for ok, _ in per_daemon) + retried, device))
    else:
        # icecream's scheduler gives a compile back to the submitting machine
        # when no daemon may take it (each reports its machine's CPU load, and
        # here the daemons share the client's cores): those run here too.
        print("  here: %d (%d after a failure on a daemon, the others given back by the "
              "scheduler); host compiles, bundling, link: here"
              % (device - sum(ok for ok, _ in per_daemon), retried))
    print("objects and program identical: %s" % ("yes" if not differ else "NO: " + " ".join(differ)))
    print("daemons stopped: %s" % ("yes" if stopped.returncode == 0 else "NO"))
    if differ or stopped.returncode != 0:
        sys.exit(1)


if __name__ == "__main__":
    main()
