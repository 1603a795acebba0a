"""Scores porting-check reports against the hazard corpus's marks.

usage: score_corpus.py <mode: cuda|hip> <diagnostics file> <corpus file>...

A line ending in `// HAZARD: <check>` must be reported by that check (in both
modes), `// HAZARD-CUDA: <check>` only in the CUDA source (the translation
removes it); any other report of a hipkit-* check is a false alarm. Prints the
counts and each miss and false alarm; exits 1 if there are any."""
import os
import re
import sys

mode, diagnostics_path, corpus = sys.argv[1], sys.argv[2], sys.argv[3:]
mark = re.compile(r"//\s*(HAZARD|HAZARD-CUDA):\s*(hipkit-[a-z-]+)")
report = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+):\d+: (?:warning|error): .*\[(?P<check>hipkit-[a-z-]+)\]$")

expected = set()
safe_lines = known_misses = 0
for path in corpus:
    name = os.path.basename(path)
    with open(path) as f:
        for number, text in enumerate(f, 1):
            safe_lines += "// SAFE" in text
            known_misses += "// MISSED:" in text
            for kind, check in mark.findall(text):
                if kind == "HAZARD" or mode == "cuda":
                    expected.add((name, number, check))

reported = set()
with open(diagnostics_path) as f:
    for text in f:
        m = report.match(text.strip())
        if m:
            name = os.path.basename(m["file"]).replace(".cu.hip", ".cu")
            reported.add((name, int(m["line"]), m["check"]))

found = expected & reported
missed = sorted(expected - reported)
false_alarms = sorted(reported - expected)
print("%s: marked %d, found %d, missed %d, false alarms %d (safe look-alikes marked: %d; "
      "known misses marked MISSED: %d)"
      % (mode, len(expected), len(found), len(missed), len(false_alarms), safe_lines,
         known_misses))
for name, line, check in missed:
    print("missed: %s:%d %s" % (name, line, check))
for name, line, check in false_alarms:
    print("false alarm: %s:%d %s" % (name, line, check))
sys.exit(1 if missed or false_alarms else 0)
