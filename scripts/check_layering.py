#!/usr/bin/env python3
"""Checks the layers of hipify-clang's translator (docs/internals.md, "The
layers of the translator"; each layer folder's README.md):

  - every file of hipify-clang/lib/ and hipify-clang/include/hipkit/hipify/
    lies in a layer folder (lib/<Layer>/, include/hipkit/hipify/<Layer>/);
  - its includes of hipify go to its own layer or to one the layer may
    include (LAYERS below): includes only go down;
  - the source-text layer includes nothing of hipkit but itself (clang and
    LLVM only), and only it lexes a whole file (lexRawTokens): every scanner
    reads the file's one SourceText instead;
  - no include cycle between a layer's parts (a part is X.h with X.cpp: a
    .cpp that includes a header whose part includes the .cpp's own header is
    a cycle, though no header includes itself);
  - no import cycle among the Python modules of hipify-clang/tables/ and
    tables/derive/ (imports at module level and inside functions alike).

Usage: check_layering.py SOURCE_ROOT. Prints one line per violation and exits
1 when there is any."""
import ast
import os
import re
import sys

# The layers, from the bottom up, each with the layers it may include. A
# layer may always include itself (without a cycle between its parts) and the
# libraries of hipkit's common/ and clang-plugins/ (hipkit/Support, ...),
# which are below every layer but the source text.
LAYERS = {
    "Source": [],
    "Tables": ["Source"],
    "Translation": ["Tables", "Source"],
    "Engines": ["Translation", "Tables", "Source"],
    "BuildFiles": ["Translation", "Tables", "Source"],
    "Report": ["Translation", "Tables", "Source"],
    "Project": ["Report", "BuildFiles", "Engines", "Translation", "Tables",
                "Source"],
}
# Headers generated into the build tree, by the layer that generates them
# (tables/CMakeLists.txt, for MappingTable.cpp and MappingTable.h; from the
# library registry, for BuildFileMappings.def and PastedNames.cpp).
GENERATED = {"hipkit/hipify/ApiKinds.inc": "Tables",
             "MappingTable.inc": "Tables",
             "hipkit/hipify/LinkLibraries.inc": "Tables",
             "hipkit/hipify/CMakeTargets.inc": "Tables",
             "hipkit/hipify/CudaPrefixes.inc": "Tables"}

# Cycles known and left, each (a frozenset of parts) with why; any other cycle
# fails, and so does a known one that is gone (remove it here then). None is
# left: the rules edit through RewriteRule.h's RuleEdits, which FileTranslation
# implements, so the rules' part no longer includes the translation's.
KNOWN_CYCLES = {}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def layer_files(hipify):
    """(path relative to hipify-clang/, layer or None, folder kind)."""
    for top in ("lib", os.path.join("include", "hipkit", "hipify")):
        base = os.path.join(hipify, top)
        for folder, dirs, names in os.walk(base):
            dirs.sort()
            for name in sorted(names):
                if not name.endswith((".h", ".cpp", ".def", ".inc")):
                    continue
                rel = os.path.relpath(os.path.join(folder, name), base)
                parts = rel.split(os.sep)
                layer = parts[0] if len(parts) > 1 else None
                yield os.path.join(top, rel), layer


def part_of(rel, layer):
    """The part a file belongs to: Translation/FileTranslation for both
    include/hipkit/hipify/Translation/FileTranslation.h and
    lib/Translation/FileTranslation.cpp."""
    return layer + "/" + os.path.splitext(os.path.basename(rel))[0]


def find_cycles(graph):
    """The strongly connected components of more than one node (Tarjan), each
    as (its nodes, one cycle through them)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def connect(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for dep in sorted(graph.get(node, ())):
            if dep not in index:
                connect(dep)
                low[node] = min(low[node], low[dep])
            elif dep in on_stack:
                low[node] = min(low[node], index[dep])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append((frozenset(component),
                              cycle_in(graph, set(component))))

    sys.setrecursionlimit(10000)
    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


def cycle_in(graph, component):
    """A cycle through the first node of \\p component, within it."""
    start = min(component)
    parent, todo = {start: None}, [start]
    while todo:
        node = todo.pop(0)
        for dep in sorted(graph.get(node, ())):
            if dep == start:
                chain = [node]
                while parent[chain[-1]] is not None:
                    chain.append(parent[chain[-1]])
                return list(reversed(chain)) + [start]
            if dep in component and dep not in parent:
                parent[dep] = node
                todo.append(dep)
    return sorted(component)


def check_includes(root, problems):
    hipify = os.path.join(root, "hipify-clang")
    graph = {}
    for rel, layer in layer_files(hipify):
        if layer is None:
            problems.append(
                "hipify-clang/%s: lies in no layer folder; move it into one "
                "of %s (docs/internals.md)" % (rel, ", ".join(LAYERS)))
            continue
        if layer not in LAYERS:
            problems.append("hipify-clang/%s: '%s' is no layer; the layers are "
                            "%s (scripts/check_layering.py's LAYERS)"
                            % (rel, layer, ", ".join(LAYERS)))
            continue
        part = part_of(rel, layer)
        graph.setdefault(part, set())
        with open(os.path.join(hipify, rel), encoding="utf-8") as f:
            lines = f.read().split("\n")
        if layer != "Source" and any(re.search(r"\blexRawTokens\s*\(", l)
                                     for l in lines):
            problems.append("hipify-clang/%s: lexes a whole file itself; read "
                            "the file's SourceText (FT.source()) instead" % rel)
        for number, line in enumerate(lines, 1):
            match = INCLUDE.match(line)
            if not match:
                continue
            header = match.group(1)
            where = "hipify-clang/%s:%d" % (rel, number)
            if header in GENERATED:
                target, target_part = GENERATED[header], None
            elif header.startswith("hipkit/hipify/"):
                target = header.split("/")[2] if header.count("/") > 2 else None
                if target not in LAYERS:
                    problems.append("%s: includes '%s', which lies in no layer "
                                    "folder" % (where, header))
                    continue
                target_part = part_of(header, target)
            elif header.startswith("hipkit/"):
                if layer == "Source":
                    problems.append(
                        "%s: the source-text layer includes '%s'; it includes "
                        "nothing of hipkit above it (clang and LLVM only)"
                        % (where, header))
                continue
            elif "/" not in header:
                # A private header of the including file's own folder.
                if not os.path.exists(os.path.join(
                        hipify, os.path.dirname(rel), header)):
                    continue
                target, target_part = layer, part_of(header, layer)
            else:
                continue
            if target != layer and target not in LAYERS[layer]:
                problems.append(
                    "%s: includes '%s' of the layer %s, above %s (which may "
                    "include only %s); move what it needs down, or the file up"
                    % (where, header, target, layer,
                       ", ".join(LAYERS[layer]) or "itself"))
            if target_part and target_part != part:
                graph[part].add(target_part)
    cycles = find_cycles(graph)
    for members, cycle in cycles:
        if members not in KNOWN_CYCLES:
            problems.append("include cycle: %s (a part is X.h with X.cpp); "
                            "move the shared declarations into the lower part"
                            % " -> ".join(cycle))
    for members in KNOWN_CYCLES:
        if any(members <= found for found, _ in cycles):
            continue
        problems.append("the known include cycle among %s is gone; remove it "
                        "from scripts/check_layering.py's KNOWN_CYCLES"
                        % ", ".join(sorted(members)))


def check_python_imports(root, problems):
    tables = os.path.join(root, "hipify-clang", "tables")
    modules = {}
    for folder in (tables, os.path.join(tables, "derive")):
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py"):
                modules[name[:-3]] = os.path.join(folder, name)
    graph = {}
    for module, path in modules.items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        deps = graph.setdefault(module, set())
        # ast.walk reaches the imports inside functions too.
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""] + [alias.name
                                               for alias in node.names]
            else:
                continue
            for name in names:
                name = name.split(".")[-1]
                if name in modules and name != module:
                    deps.add(name)
    for _, cycle in find_cycles(graph):
        problems.append("import cycle in hipify-clang/tables: %s; move what "
                        "both need into a module neither imports"
                        % " -> ".join(cycle))


def main(argv):
    if len(argv) != 2:
        print("usage: check_layering.py SOURCE_ROOT", file=sys.stderr)
        return 2
    problems = []
    check_includes(argv[1], problems)
    check_python_imports(argv[1], problems)
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
