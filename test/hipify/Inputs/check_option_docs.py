#!/usr/bin/env python3
"""Checks that a tool's --help and its documentation describe each option the
same way: the option table in the docs (the one under "## Options") has one
row per option of --help, whose first cell names the option as --help spells
it and whose second cell is --help's text for it (backticks, which the docs
use for names, aside). Extra columns may add detail.

usage: check_option_docs.py HELP_OUTPUT DOC.md
Prints one line per disagreement and exits 1 if there is any."""
import re
import sys


def help_options(text):
    """{spelling: help} from llvm::opt's printHelp output."""
    options, last = {}, None
    for line in text.splitlines():
        if re.match(r"^  -", line):
            parts = re.split(r"\s{2,}", line.strip(), maxsplit=1)
            last = parts[0]
            options[last] = parts[1] if len(parts) > 1 else ""
        elif last and line.startswith("      ") and not options[last]:
            options[last] = line.strip()  # A long name: help on the next line.
        else:
            last = None
    return options


def doc_rows(text):
    """[(spellings, second cell)] of the first table after '## Options'."""
    section = text.split("\n## Options", 1)
    if len(section) < 2:
        return None
    rows, started = [], False
    for line in section[1].splitlines()[1:]:
        if line.startswith("## "):
            break
        if not line.startswith("|"):
            if started:
                break
            continue
        started = True
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        if len(cells) < 2 or set(cells[0]) <= set("-: "):
            continue
        names = re.findall(r"`([^`]+)`", cells[0])
        rows.append((names, cells[1].replace("`", "").replace("\\|", "|")))
    return rows[1:] if rows and rows[0][0] == [] else rows


def main():
    help_text = open(sys.argv[1]).read()
    doc = open(sys.argv[2]).read()
    options = help_options(help_text)
    rows = doc_rows(doc)
    problems = []
    if not options:
        problems.append("no options in the --help output")
    if rows is None:
        problems.append("no '## Options' section in " + sys.argv[2])
        rows = []
    documented = {}
    for names, meaning in rows:
        for name in names:
            documented[name] = meaning
    for name, text in options.items():
        if name not in documented:
            problems.append("'%s' is in --help but not in the docs' option table" % name)
        elif documented[name] != text:
            problems.append("'%s': --help says '%s', the docs '%s'" %
                            (name, text, documented[name]))
    for name in documented:
        if name not in options:
            problems.append("'%s' is in the docs' option table but not in --help" % name)
    for p in problems:
        print("%s: %s" % (sys.argv[2], p))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
