#!/usr/bin/env python3
"""Lists every function longer than a limit (120 lines) in hipkit's libraries.

Usage: function_lengths.py [--max N] [--allowed FILE] [--root DIR] [PATH ...]

C++ (hipify-clang/lib, hipcc/lib, common/ by default) is read by a brace scanner:
comments, string and character literals (raw strings included) and preprocessor
lines are blanked first, then a '{' whose statement holds a top-level '(' and
no '=' opens a function body, and the body's closing '}' ends it. A function's
length runs from its signature's first line to that '}'. Clang's own AST
(clang-check-19 -ast-dump) would need a compile of every file with its flags,
minutes on the shared build machine; the scanner reads the whole tree in well
under a second and finds the same bodies in this code base (no K&R definitions,
no function bodies produced by macros in lib/).

Python (hipify-clang/tables/derive) is read by the ast module: a def's lines
run from 'def' to its end_lineno.

Prints 'path:line: name: N lines' for each function over the limit that is not
in the allowed list, and exits 1 when there is one; 0 otherwise.
The allowed list (default scripts/function-lengths-allowed.txt) names
'path name' pairs, one a line, '#' comments; the path may be the file's
trailing components ('Driver.cpp' matches hipify-clang/lib/Driver.cpp), so
that an entry outlives a move between folders. An entry that matches no long
function is an error too: it would hide the next one.
"""
import argparse
import ast
import os
import re
import sys

CXX_SUFFIXES = (".cpp", ".h", ".cc", ".hpp", ".inc")
DEFAULT_PATHS = ["hipify-clang/lib", "hipcc/lib", "common", "hipify-clang/tables/derive"]
# Generated sources and test programs are not the libraries' own functions.
SKIPPED_DIRS = {"Inputs", "test", "tests", "unittests"}

SCOPE_KEYWORDS = re.compile(r"\b(namespace|class|struct|union|enum)\b")
EXTERN_C = re.compile(r'^\s*extern\s+"C(\+\+)?"\s*$')
IDENTIFIER = re.compile(r"(operator\s*(\(\)|[^\s(]+)|~?[A-Za-z_]\w*)\s*(<[^()]*>)?\s*$")


def blank_cxx(text):
    """Returns the text with comments, literals and preprocessor lines made
    spaces, newlines kept, so that braces and parentheses are the code's."""
    out = []
    i, n = 0, len(text)
    at_line_start = True
    while i < n:
        c = text[i]
        if at_line_start and c in " \t":
            out.append(c)
            i += 1
            continue
        if at_line_start and c == "#":
            # A directive, with its continuation lines.
            while i < n and text[i] != "\n":
                if text[i] == "\\" and i + 1 < n and text[i + 1] == "\n":
                    out.append(" \n")
                    i += 2
                    continue
                out.append(" ")
                i += 1
            continue
        at_line_start = c == "\n"
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "R" and text.startswith('R"', i) and not (i and (text[i - 1].isalnum() or
                                                                text[i - 1] == "_")):
            m = re.match(r'R"([^()\\ ]{0,16})\(', text[i:])
            if not m:
                out.append(c)
                i += 1
                continue
            end = text.find(")" + m.group(1) + '"', i + m.end())
            j = n if end < 0 else end + len(m.group(1)) + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c in "\"'":
            token = re.search(r"[\w']*$", text[max(0, i - 64):i]).group(0)
            if c == "'" and token[:1].isdigit():
                # A digit separator (1'000), not a character literal.
                out.append(" ")
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def function_name(head):
    """The name in a function's signature: the identifier before the first
    top-level '(' (qualified names keep their scopes)."""
    depth = 0
    for k, c in enumerate(head):
        if c in "<":
            depth += 1
        elif c == ">" and depth:
            depth -= 1
        elif c == "(":
            before = head[:k].rstrip()
            m = re.search(r"((?:[A-Za-z_]\w*(?:<[^()]*>)?\s*::\s*)*(?:operator\s*(?:\(\)|[^\s(]+)|~?[A-Za-z_]\w*))\s*$",
                          before)
            if m and not before.endswith("operator"):
                return re.sub(r"\s+", "", m.group(1))
            if before.endswith("operator"):
                return "operator()"
            return None
    return None


def is_function_head(head):
    """Whether the statement text before a '{' (at namespace or class scope)
    is a function's signature rather than a type, a namespace, an initializer
    or a lambda stored in a variable."""
    stripped = head.strip()
    if not stripped or "(" not in stripped:
        return False
    paren = stripped.index("(")
    if SCOPE_KEYWORDS.search(stripped[:paren]) and not re.search(r"\)\s*$", stripped):
        return False
    # 'T x = ... {' or 'T x{...}' at namespace scope is a variable.
    depth = 0
    for c in stripped:
        if c in "([<":
            depth += 1
        elif c in ")]>":
            depth = max(0, depth - 1)
        elif c == "=" and depth == 0:
            return stripped.startswith("operator") or "operator" in stripped[:paren]
    return True


def cxx_functions(path):
    """Yields (first line, last line, name) for every function body defined
    at namespace or class scope in a C++ file (lambdas and local classes are
    part of the function around them)."""
    with open(path, encoding="utf-8", errors="replace") as f:
        code = blank_cxx(f.read())
    # Each open brace: 'scope' (namespace, class, extern "C"), 'function',
    # or 'other' (an initializer at namespace scope, a brace inside a body).
    stack = []
    head_start = 0  # Where the statement before the next brace begins.
    line = 1
    head_line = None
    for i, c in enumerate(code):
        if c == "\n":
            line += 1
            continue
        in_function = any(kind == "function" for kind, _, _ in stack)
        if c == "{":
            if in_function:
                stack.append(("other", line, None))
            else:
                head = code[head_start:i]
                if is_function_head(head) and (not stack or stack[-1][0] == "scope"):
                    name = function_name(head) or "?"
                    stack.append(("function", head_line or line, name))
                elif (SCOPE_KEYWORDS.search(head) or EXTERN_C.match(head)) and \
                        "=" not in head:
                    stack.append(("scope", line, None))
                else:
                    stack.append(("other", line, None))
            head_start = i + 1
            head_line = None
        elif c == "}":
            if stack:
                kind, first, name = stack.pop()
                if kind == "function":
                    yield first, line, name
            head_start = i + 1
            head_line = None
        elif c == ";" and not in_function:
            # 'for (;;)' only occurs inside bodies, so a ';' here ends a
            # declaration.
            head_start = i + 1
            head_line = None
        elif not c.isspace() and head_line is None:
            # An access specifier ('public:') is not part of the next head.
            head_line = line
        if c == ":" and not in_function and re.search(
                r"\b(public|private|protected)\s*$", code[head_start:i]):
            head_start = i + 1
            head_line = None


def python_functions(path):
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), filename=path)
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.lineno, node.end_lineno, node.name


def source_files(root, paths):
    for top in paths:
        full = os.path.join(root, top)
        if os.path.isfile(full):
            yield top
            continue
        for dirpath, dirnames, filenames in os.walk(full):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIPPED_DIRS)
            for name in sorted(filenames):
                if name.endswith(CXX_SUFFIXES + (".py",)):
                    yield os.path.relpath(os.path.join(dirpath, name), root)


def read_allowed(path):
    allowed = set()
    if not path:
        return allowed
    with open(path, encoding="utf-8") as f:
        for number, text in enumerate(f, 1):
            text = text.split("#", 1)[0].strip()
            if not text:
                continue
            fields = text.split()
            if len(fields) != 2:
                sys.exit("function_lengths: error: %s:%d: expected 'path name', got '%s'"
                         % (path, number, text))
            allowed.add(tuple(fields))
    return allowed


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--max", type=int, default=120, help="the most lines a function may have")
    parser.add_argument("--root", default=os.path.dirname(here), help="the hipkit checkout")
    parser.add_argument("--allowed", default=os.path.join(here, "function-lengths-allowed.txt"),
                        help="'path name' lines exempt for now ('' for none)")
    parser.add_argument("--all", action="store_true",
                        help="list every function over the limit, allowed ones marked")
    parser.add_argument("paths", nargs="*", default=DEFAULT_PATHS)
    args = parser.parse_args()
    allowed = read_allowed(args.allowed)
    used = set()
    over = 0
    for rel in source_files(args.root, args.paths):
        full = os.path.join(args.root, rel)
        functions = python_functions(full) if rel.endswith(".py") else cxx_functions(full)
        for first, last, name in functions:
            length = last - first + 1
            if length <= args.max:
                continue
            key = next((entry for entry in allowed if entry[1] == name and
                        (rel == entry[0] or rel.endswith("/" + entry[0]))), None)
            if key:
                used.add(key)
                if args.all:
                    print("%s:%d: %s: %d lines (allowed)" % (rel, first, name, length))
                continue
            over += 1
            print("%s:%d: %s: %d lines (over %d)" % (rel, first, name, length, args.max))
    # An entry that no longer matches would hide nothing, and mislead.
    for rel, name in sorted(allowed - used):
        print("%s: %s: allowed in %s but no function over %d lines has that name:"
              " remove the entry" % (rel, name, args.allowed, args.max))
        over += 1
    if over:
        print("function_lengths: %d function(s) over %d lines (split them into named steps)"
              % (over, args.max), file=sys.stderr)
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
