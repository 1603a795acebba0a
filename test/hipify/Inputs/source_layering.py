"""Checks the layers of hipify-clang's translator (docs/internals.md, "The
layers of the translator"):
  - lib/Source/ and its headers include nothing of hipkit but
    hipkit/hipify/Source/ (clang and LLVM only);
  - only lib/Source/ lexes a whole file (lexRawTokens): every scanner reads
    the file's one SourceText instead;
  - a file's translation (FileTranslation, NameResolver) reaches none of the
    scanners and engines above it through its includes (a part is X.h with
    X.cpp), so no engine is called back from below.
Prints each violation and exits 1 when there is any."""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
BELOW = ["FileTranslation", "NameResolver"]
ABOVE = ["TokenEngine", "ASTEngine", "LexicalLaunch", "PastedNames",
         "SkippedDefinitions", "TranslationCollisions", "PrecompiledPreludes",
         "HipifyRun"]


def part_of(path):
    return os.path.splitext(os.path.basename(path))[0]


def main(root):
    hipify = os.path.join(root, "hipify-clang")
    files = []
    for top in ("include/hipkit/hipify", "lib"):
        for folder, _, names in os.walk(os.path.join(hipify, top)):
            files += [os.path.join(folder, n) for n in names
                      if n.endswith((".h", ".cpp"))]
    problems = []
    graph = {}
    for path in sorted(files):
        rel = os.path.relpath(path, hipify)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        in_source = os.sep + "Source" + os.sep in path
        for header in INCLUDE.findall(text):
            if in_source and header.startswith("hipkit/") and \
                    not header.startswith("hipkit/hipify/Source/"):
                problems.append("%s: the source-text layer includes '%s', "
                                "which is above it" % (rel, header))
            if header.endswith(".h") and ("/" not in header or
                                          header.startswith("hipkit/hipify/")):
                graph.setdefault(part_of(path), set()).add(part_of(header))
        if not in_source and re.search(r"\blexRawTokens\s*\(", text):
            problems.append("%s: lexes a whole file itself; read the file's "
                            "SourceText (FT.source()) instead" % rel)
    for start in BELOW:
        seen, todo, parent = {start}, [start], {}
        while todo:
            node = todo.pop()
            for dep in sorted(graph.get(node, ())):
                if dep not in seen:
                    seen.add(dep)
                    parent[dep] = node
                    todo.append(dep)
        for above in ABOVE:
            if above in seen:
                chain = [above]
                while chain[-1] != start:
                    chain.append(parent[chain[-1]])
                problems.append("%s reaches %s: %s" % (
                    start, above, " -> ".join(reversed(chain))))
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
