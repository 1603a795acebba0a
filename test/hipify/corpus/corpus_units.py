"""What the corpus scripts share: a program's .cu files (multi-file programs,
with split-file markers, are split first) and a parallel build of them that
prints one line each and a total."""
import concurrent.futures
import shutil
import subprocess


def sources(program, split_dir, split_file):
    """The .cu files of one corpus program; split into split_dir/<stem>."""
    text = program.read_text()
    if "\n//--- " not in text:
        return [program]
    out = split_dir / program.stem
    shutil.rmtree(out, ignore_errors=True)
    subprocess.run([split_file, str(program), str(out)], check=True)
    return sorted(out.rglob("*.cu"))


def build_all(units, build, verb="compiled"):
    """Runs build(*unit) -> (source, exit code, output) for every unit, two at a
    time; prints ok/FAIL per source and the total. Returns the exit status."""
    failures = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        jobs = [pool.submit(build, *u) for u in units]
        for job in jobs:
            source, code, output = job.result()
            if code != 0:
                failures += 1
                print(f"FAIL {source.name}\n{output}")
            else:
                print(f"ok   {source.name}")
    print(f"{len(units) - failures} of {len(units)} {verb}")
    return 1 if failures else 0
