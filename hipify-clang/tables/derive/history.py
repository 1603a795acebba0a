"""CUDA's deprecation and removal versions of names (history.tsv), which the runtime's and
the libraries' derivations both read."""

import fnmatch

import tsv


class History:
    """CUDA deprecation/removal versions (history.tsv; names or fnmatch patterns)."""

    def __init__(self, path):
        self.exact, self.patterns = {}, []
        for row in tsv.read(path, ["cuda_name", "cuda_deprecated", "cuda_removed"], exact=False):
            entry = (row["cuda_deprecated"], row["cuda_removed"])
            if any(c in row["cuda_name"] for c in "*?["):
                self.patterns.append((row["cuda_name"], entry))
            else:
                self.exact[row["cuda_name"]] = entry

    def lookup(self, name):
        if name in self.exact:
            return self.exact[name]
        for pattern, entry in self.patterns:
            if fnmatch.fnmatchcase(name, pattern):
                return entry
        return ("", "")
