#!/usr/bin/env python3
"""Prints lit's result as the plain closing line CI readers understand,
'N passed, N failed, N skipped', from the xunit file lit wrote
(--xunit-xml-output), not from its console text, whose layout changes
between lit versions."""
import sys
import xml.etree.ElementTree as ET


def outcome(case):
    """'pass', 'fail' or 'skip' for one <testcase> of lit's xunit file."""
    if case.find("failure") is not None or case.find("error") is not None:
        return "fail"
    if case.find("skipped") is not None:
        return "skip"
    return "pass"


def main(argv):
    if len(argv) != 2:
        sys.exit("usage: lit_summary.py <lit xunit file>")
    try:
        root = ET.parse(argv[1]).getroot()
    except (OSError, ET.ParseError) as e:
        print("lit_summary: error: cannot read lit's results '%s': %s" % (argv[1], e),
              file=sys.stderr)
        return 2
    counts = {"pass": 0, "fail": 0, "skip": 0}
    for case in root.iter("testcase"):
        counts[outcome(case)] += 1
    print("%d passed, %d failed, %d skipped" % (counts["pass"], counts["fail"], counts["skip"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
