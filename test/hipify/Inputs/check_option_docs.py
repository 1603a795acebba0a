#!/usr/bin/env python3
"""Checks that a tool's --help and its documentation describe each option the
same way. The help texts live in the TableGen option table (Options.td,
PerlOptions.td); the option table of the docs (the first table under
"## Options") has one row per option of --help, whose first cell names the
option as --help spells it and whose second cell is --help's text for it,
markdown-escaped. A third column may add detail; rows naming no option (a
default behaviour) are kept as they are.

usage: check_option_docs.py HELP_OUTPUT DOC.md
  Prints one line per disagreement and exits 1 if there is any.
usage: check_option_docs.py --update HELP_OUTPUT DOC.md
  Rewrites the table from the help, keeping each option's third column."""
import re
import sys


def help_options(text):
    """{spelling: help} from llvm::opt's printHelp output."""
    options, last = {}, None
    for line in text.splitlines():
        # The name, its value's name ("<build dir>", "<macro>=<value>"),
        # then the help text, or nothing when the name fills the column.
        m = re.match(r"^  (-[^\s<]+(?: <[^>]*>(?:=<[^>]*>)?)?)(?:\s+(.*))?$", line)
        if m:
            last = m.group(1)
            options[last] = m.group(2) or ""
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
        rows.append((names, unescape(cells[1]), cells, line))
    return rows[1:] if rows and rows[0][0] == [] else rows


def escape(text):
    """Help text as a markdown table cell: no HTML, no emphasis, no cell end."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return re.sub(r"([\\`*_|\[\]])", r"\\\1", text)


def unescape(cell):
    cell = re.sub(r"\\(.)", r"\1", cell.replace("`", ""))
    return cell.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def update(options, doc_path):
    doc = open(doc_path).read()
    head, tail = doc.split("\n## Options", 1)
    lines = tail.split("\n")
    first = next(i for i, l in enumerate(lines) if l.startswith("|"))
    last = first
    while last < len(lines) and lines[last].startswith("|"):
        last += 1
    details, free_rows = {}, []
    for names, _, cells, line in doc_rows(doc):
        if not names:
            free_rows.append(line)
        for name in names:
            details[name] = cells[2] if len(cells) > 2 else ""
    table = ["| option | what it does (`--help`) | more |", "|---|---|---|"]
    for name, text in options.items():
        table.append("| `%s` | %s | %s |" % (name, escape(text), details.get(name, "")))
    table += free_rows
    lines[first:last] = table
    open(doc_path, "w").write(head + "\n## Options" + "\n".join(lines))


def main():
    if sys.argv[1] == "--update":
        update(help_options(open(sys.argv[2]).read()), sys.argv[3])
        return 0
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
    for names, meaning, _, _ in rows:
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
