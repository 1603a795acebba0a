"""The derivation's one reader and writer of tab-separated files, and its one way to stop.

`#` comments and blank lines are skipped everywhere. A file with a header (the registry
libraries.tsv, inputs.tsv, history.tsv, the overrides, rewrites and reasons files, the
tables) is read by read(); a fetch script's versions.tsv, which has none, by records().
A malformed file stops the run with `FILE:LINE: ...`, the place to fix.
"""

import os
import sys


class Row(dict):
    """A row: its fields by column, and where it was read (for messages)."""

    def __init__(self, fields, path, line):
        super().__init__(fields)
        self.path, self.line = path, line

    def where(self):
        return "%s:%d" % (self.path, self.line)


def die(message):
    """Stops the script with one line `SCRIPT: error: MESSAGE` and exit status 1."""
    sys.stderr.write("%s: error: %s\n" % (os.path.basename(sys.argv[0]), message))
    sys.exit(1)


def _lines(path):
    """(number, line without its newline) of every line that is not a comment or blank."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        die("cannot read %s: %s" % (path, e.strerror))
    for number, line in enumerate(text.split("\n"), 1):
        if line.strip() and not line.startswith("#"):
            yield number, line


def read(path, columns, exact=True):
    """The rows of the TSV at path (Rows of columns), in file order.

    exact: the first line is the header, columns, and every row has as many fields (the
    registry, the manifest). Otherwise the header is optional (a line starting with the
    columns), a row's fields after the columns are not read and missing ones are empty
    (tables and curated files that add columns)."""
    rows, header_seen = [], False
    for number, line in _lines(path):
        fields = line.split("\t")
        if exact and not header_seen:
            if fields != list(columns):
                die("%s:%d: expected the header line '%s'" % (path, number,
                                                              "\\t".join(columns)))
            header_seen = True
            continue
        if not exact and fields[:len(columns)] == list(columns):
            continue
        if exact and len(fields) != len(columns):
            die("%s:%d: expected %d columns, found %d" % (path, number, len(columns),
                                                          len(fields)))
        fields = fields[:len(columns)] + [""] * (len(columns) - len(fields))
        rows.append(Row(zip(columns, fields), path, number))
    return rows


def records(path):
    """The fields of every line of a headerless TSV (a fetch script's versions.tsv)."""
    return [line.split("\t") for _, line in _lines(path)]


def write(path, columns, rows, comment=""):
    """Writes comment (whole lines), the header and each row's columns (missing: empty),
    rows in the order given."""
    with open(path, "w", encoding="utf-8", newline="") as out:
        out.write(comment)
        out.write("\t".join(columns) + "\n")
        for row in rows:
            out.write("\t".join(row.get(c, "") for c in columns) + "\n")
