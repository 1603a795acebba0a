#!/usr/bin/env python3
"""Prints lit's result as the plain closing line CI readers understand,
'N passed, N failed, N skipped', from the xunit file lit wrote
(--xunit-xml-output), not from its console text, whose layout changes
between lit versions."""
import sys
import xml.etree.ElementTree as ET


def main(argv):
    if len(argv) != 2:
        sys.exit("usage: lit_summary.py <lit xunit file>")
    try:
        root = ET.parse(argv[1]).getroot()
    except (OSError, ET.ParseError) as e:
        print("lit_summary: error: cannot read lit's results '%s': %s" % (argv[1], e),
              file=sys.stderr)
        return 2
    passed = failed = skipped = 0
    for case in root.iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            failed += 1
        elif case.find("skipped") is not None:
            skipped += 1
        else:
            passed += 1
    print("%d passed, %d failed, %d skipped" % (passed, failed, skipped))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
