"""Just enough C-header reading to list the names a header declares.

The derivation scripts need the functions, types, enums (with their
enumerators) and macros of the CUDA and HIP headers. A regular-expression
reader over comment-free text is enough for these headers, which declare one
thing per statement; it never needs to understand expressions.
"""

import os
import re
import sys

COMMENT_RE = re.compile(r"//[^\n]*|/\*.*?\*/|\"(?:\\.|[^\"\\\n])*\"", re.S)
IDENT_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def strip_comments(text):
    """Comments and string literals out, newlines kept (so #define lines stay lines)."""
    def blank(match):
        s = match.group(0)
        if s.startswith('"'):
            return '""'
        return "\n" * s.count("\n") if s.startswith("/*") else ""
    text = text.replace("\\\n", " ")
    return COMMENT_RE.sub(blank, text)


# Set by derive_tables.py --partial: a header missing from the given tree reads
# as empty (tests derive from a handful of headers), instead of stopping.
ALLOW_MISSING = False


# Macros no compiler or build defines, whose #if blocks therefore declare
# nothing: HIP's and clang's math headers declare the directed-rounding
# intrinsics (__fadd_rd, __dsqrt_ru, ...) only under
# OCML_BASIC_ROUNDED_OPERATIONS, whose OCML functions (__ocml_add_rtn_f32 ...)
# no device library defines; hipcc reports the names as undeclared.
NEVER_DEFINED = ("OCML_BASIC_ROUNDED_OPERATIONS",)
CONDITIONAL_RE = re.compile(r"^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif)\b([^\n]*)", re.M)


def skip_never_defined(text):
    """Blanks the branches taken only when a NEVER_DEFINED macro is defined
    (`#if defined X` / `#ifdef X` up to its #else, #elif or #endif), keeping
    the newlines."""
    pieces, depth, skipping_at, start = [], 0, None, 0
    for m in CONDITIONAL_RE.finditer(text):
        directive, rest = m.group(1), m.group(2).strip()
        if directive in ("if", "ifdef", "ifndef"):
            depth += 1
            tested = re.sub(r"^defined\s*\(?\s*|\s*\)?$", "", rest) if directive == "if" else rest
            if skipping_at is None and directive != "ifndef" and tested in NEVER_DEFINED:
                skipping_at, start = depth, m.end()
        elif directive in ("elif", "else") and skipping_at == depth:
            pieces.append((start, m.start()))
            skipping_at = None
        elif directive == "endif":
            if skipping_at == depth:
                pieces.append((start, m.start()))
                skipping_at = None
            depth -= 1
    for begin, end in reversed(pieces):
        text = text[:begin] + "\n" * text.count("\n", begin, end) + text[end:]
    return text


def read_header(path):
    if ALLOW_MISSING and not os.path.exists(path):
        return ""
    with open(path, encoding="utf-8", errors="replace") as header:
        return skip_never_defined(strip_comments(header.read()))


def header_files(root, patterns=("",)):
    """Every .h/.hpp/.cuh (and extension-less C++ header) under root/<pattern>."""
    found = []
    for sub in patterns:
        base = os.path.join(root, sub)
        if os.path.isfile(base):
            found.append(base)
            continue
        for dirpath, _, files in os.walk(base):
            for name in files:
                if name.endswith((".h", ".hpp", ".cuh", ".inl")) or "." not in name:
                    found.append(os.path.join(dirpath, name))
    return sorted(found)


def identifiers(paths):
    """All identifier tokens outside comments and strings."""
    ids = set()
    for path in paths:
        ids.update(IDENT_RE.findall(read_header(path)))
    return ids


def builtins(paths):
    """The names clang's builtin lists (Basic/Builtins.inc, BuiltinsAMDGPU.def)
    declare: what every compilation by that clang provides without a header
    (`ATOMIC_BUILTIN(__hip_atomic_load, ...)`, `TARGET_BUILTIN(__builtin_amdgcn_fence, ...)`).
    Not the library builtins (`LIBBUILTIN(__finitel, ...)`): clang knows them only once a
    header (math.h) declares them, which no HIP header does for device code."""
    names = set()
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            names.update(re.findall(r"^\s*(?!LIBBUILTIN)\w*BUILTIN\((__\w+),", f.read(), re.M))
    return names


DEFINE_RE = re.compile(r"^\s*#\s*define\s+([A-Za-z_]\w*)(\()?[ \t]*([^\n]*)", re.M)


def macros(text):
    """{name: (is_function_like, body)} for every #define."""
    return {m.group(1): (bool(m.group(2)), m.group(3).strip()) for m in DEFINE_RE.finditer(text)}


ENUM_RE = re.compile(r"\benum\s+(?:class\s+)?((?:[A-Za-z_]\w*\s+)*?)([A-Za-z_]\w*)?\s*(?::\s*[\w\s]+)?\{([^{}]*)\}\s*([A-Za-z_]\w*)?", re.S)


class Enum:
    def __init__(self, tag, typedef, enumerators, values=None, explicit=None):
        self.tag, self.typedef, self.enumerators = tag, typedef, enumerators
        # {enumerator: its value, or None where the initializer is more than
        # integers, shifts and bit operations over the enum's own enumerators}.
        self.values = values or {}
        # The enumerators written with an initializer (`= 900`).
        self.explicit = explicit or set()

    def names(self):
        return [n for n in (self.tag, self.typedef) if n]


def enums(text):
    """Enums with their tag, the typedef name declared with them and enumerators."""
    result = []
    for m in ENUM_RE.finditer(text):
        body = re.sub(r"^\s*#[^\n]*", "", m.group(3), flags=re.M)
        enumerators, values, explicit, previous = [], {}, set(), -1
        for item in body.split(","):
            ident = IDENT_RE.search(item)
            if ident:
                enumerators.append(ident.group(0))
                _, equals, initializer = item.partition("=")
                if equals:
                    explicit.add(ident.group(0))
                value = enumerator_value(initializer, values) if equals else \
                    (previous + 1 if previous is not None else None)
                values[ident.group(0)] = previous = value
        start = text.rfind(";", 0, m.start())
        start = max(start, text.rfind("}", 0, m.start()), text.rfind("{", 0, m.start()))
        prefix = text[start + 1:m.start()]
        typedef = m.group(4) if re.search(r"\btypedef\b", prefix) else None
        result.append(Enum(m.group(2), typedef, enumerators, values, explicit))
    return result


# What an enumerator's initializer may hold to be given a value: integer
# literals, the operators flag enums use, and (substituted first) earlier
# enumerators of the same enum.
VALUE_EXPRESSION_RE = re.compile(r"(?:\s|0[xX][0-9a-fA-F]+|\d+|<<|>>|[-()+|&~*])*")


def enumerator_value(initializer, earlier):
    """The value of `= initializer` (CU_X = 0x10, CUDA_R_8F_UE4M3 = CUDA_R_8F_E4M3,
    1u<<3), or None where it uses anything else."""
    expression = IDENT_RE.sub(
        lambda m: str(earlier[m.group(0)]) if earlier.get(m.group(0)) is not None else m.group(0),
        initializer)
    expression = re.sub(r"\b(0[xX][0-9a-fA-F]+|\d+)[uUlL]+\b", r"\1", expression)
    expression = " ".join(expression.split())
    if not expression or not VALUE_EXPRESSION_RE.fullmatch(expression):
        return None
    try:
        return eval(expression, {"__builtins__": {}})  # Only the literals and operators above.
    except (SyntaxError, ArithmeticError):
        return None


TYPEDEF_RE = re.compile(r"\btypedef\b([^;{]*(?:\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}[^;]*)?);")


def typedef_names(text):
    """Names declared by typedef statements (the last declarator of each)."""
    names = set()
    for m in TYPEDEF_RE.finditer(text):
        decl = m.group(1)
        decl = re.sub(r"\{.*\}", " ", decl, flags=re.S)
        # Function-pointer typedefs: typedef R (CUDART_CB *name)(args);
        fp = re.search(r"\(\s*(?:[A-Za-z_]\w*\s+)*\*\s*([A-Za-z_]\w*)\s*\)\s*\(", decl)
        if fp:
            names.add(fp.group(1))
            continue
        decl = re.sub(r"\[[^\]]*\]", "", decl)
        decl = re.sub(r"\b__\w+__\s*\([^()]*\)", "", decl)
        for part in decl.split(",")[-1:]:
            idents = IDENT_RE.findall(part)
            if idents:
                names.add(idents[-1])
        for part in decl.split(",")[1:]:
            idents = IDENT_RE.findall(part)
            if idents:
                names.add(idents[-1])
    return names


STRUCT_RE = re.compile(r"\b(?:struct|union|class)\s+(?:__\w+__\s*\(\s*\d+\s*\)\s*|__\w+__\s+|CUDA_\w+\s+)*([A-Za-z_]\w*)\s*(?:\{|:[^;{]*\{)")


def struct_names(text):
    return set(STRUCT_RE.findall(text))


ATTRIBUTE_MACRO_RE = re.compile(
    r"\b(?:__[A-Za-z_]+__|__declspec)\s*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)")


def deprecated_functions(text):
    """Functions whose declaration carries __DEPRECATED__ / __CUDA_DEPRECATED / [[deprecated]]."""
    names = set()
    text = re.sub(r"\b__DEF_IF_HOST\b", ";", text)
    for m in re.finditer(r"(?:__DEPRECATED__\s*\((?:[^()]|\([^()]*\))*\)|__CUDA_DEPRECATED\b|"
                         r"\[\[deprecated[^\]]*\]\])([^;{(]*?)([A-Za-z_]\w*)\s*\(", text):
        names.add(m.group(2))
    return names


# C++ keywords are never CUDA names: `operator int()` in cuda_fp16.hpp looks
# like a function named `int` to the scan below. The generator, which rejects
# such rows, owns the list.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from gen_mapping_table import CXX_KEYWORDS  # noqa: E402


def functions(text, markers):
    """Names declared as functions on statements that mention one of markers."""
    names = set()
    # Preprocessor lines (#if defined(...)) are not part of any declaration.
    text = re.sub(r"^[ \t]*#[^\n]*", "", text, flags=re.M)
    # sm_*_intrinsics.h end declarations with __DEF_IF_HOST, not ';'.
    text = re.sub(r"\b__DEF_IF_HOST\b", ";", text)
    # Attribute-like macros with arguments (__DEPRECATED__(msg(x)), __align__(8),
    # __attribute__((...)), __declspec(noreturn)) are not part of the name or
    # its parameters.
    text = ATTRIBUTE_MACRO_RE.sub(" ", text)
    for m in re.finditer(r"([A-Za-z_]\w*)\s*\(", text):
        name = m.group(1)
        start = max(text.rfind(";", 0, m.start()), text.rfind("}", 0, m.start()),
                    text.rfind("{", 0, m.start()), text.rfind("#", 0, m.start()))
        head = text[start + 1:m.start()]
        if ")" in head or "(" in head.replace("__align__(", "").replace("__attribute__((", ""):
            # The identifier is not the first call-like thing in the statement.
            if not re.search(r"\)\s*$", head) and not re.search(r"__\w+__\s*\([^()]*\)", head):
                continue
        if "=" in head or "return" in head:
            continue
        if name in CXX_KEYWORDS:
            continue
        if any(marker in head for marker in markers):
            names.add(name)
    return names


def toplevel(text):
    """The text with only what is declared at global scope: namespace blocks go
    whole, the bodies of functions, structs, unions and initializers become `{}`;
    `extern "C" {` blocks are opened (their declarations are global) and enum
    bodies kept (their enumerators are global). Preprocessor lines go too, and
    with them every #else/#elif branch: headers that open a block differently
    per branch (`#if ... inline T x[] = { #else static T x[] = { #endif`) would
    otherwise unbalance the braces."""
    kept, skipping = [], []
    for line in text.split("\n"):
        directive = re.match(r"[ \t]*#[ \t]*(\w+)", line)
        word = directive.group(1) if directive else ""
        if word in ("if", "ifdef", "ifndef"):
            skipping.append(bool(skipping and skipping[-1]))
        elif word in ("else", "elif") and skipping:
            skipping[-1] = True
        elif word == "endif" and skipping:
            skipping.pop()
        kept.append("" if directive or (skipping and skipping[-1]) else line)
    text = "\n".join(kept)
    out, stack, i, n = [], [], 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "{":
            head = text[max(text.rfind(";", 0, i), text.rfind("}", 0, i),
                            text.rfind("{", 0, i)) + 1:i]
            if re.search(r"\bextern\s*\"\"\s*$", head):
                stack.append("open")
                i += 1
                continue
            if re.search(r"\bnamespace\b[\w\s:]*$", head):
                kind = "namespace"
            elif re.search(r"\benum\b", head) and "(" not in head:
                kind = "enum"
            else:
                kind = "body"
            if all(k == "open" for k in stack):
                if kind == "namespace":
                    # Drop `namespace name`, already copied.
                    joined = "".join(out)
                    out = [joined[:joined.rfind("namespace")]]
                elif kind == "body":
                    out.append("{}")
                else:
                    out.append("{")
            elif all(k in ("open", "enum") for k in stack) and kind != "namespace":
                out.append("{")
            stack.append(kind)
            i += 1
            continue
        if ch == "}":
            kind = stack.pop() if stack else "open"
            if kind == "enum" and all(k == "open" for k in stack):
                out.append("}")
            i += 1
            continue
        if all(k in ("open", "enum") for k in stack):
            out.append(ch)
        i += 1
    return "".join(out)


VARIABLE_RE = re.compile(
    r"(?:^|(?<=;)|(?<=\}))\s*((?:[A-Za-z_]\w*[\s*]+)+)([A-Za-z_]\w*)\s*(?:\[[^\]]*\]\s*)*(?:=[^;{}]*(?:\{\})?)?;")


def variables(text):
    """Variables defined at global scope, from the output of toplevel(); `extern`
    redeclarations (of CUDA's own blockDim, ...) are not the header's names."""
    text = re.sub(r"\benum\b[^{};]*\{[^{}]*\}", "enum {}", text)
    names = set()
    for m in VARIABLE_RE.finditer(text):
        words = IDENT_RE.findall(m.group(1))
        if words[0] in ("typedef", "using", "return", "extern", "struct", "union", "class",
                        "enum", "template", "namespace", "friend") or \
                m.group(2) in CXX_KEYWORDS:
            continue
        names.add(m.group(2))
    return names


PASTE_RE = re.compile(r"\b([A-Za-z_]\w*)\s*##\s*([A-Za-z_0-9]\w*)")


def pasted_identifiers(text):
    """Names made by token pasting in function-like macros: hipRAND's
    DEFINE_HIPRAND_STATE(hiprandState, ...) declares `hiprandState_t` through
    `hiprand_name##_t`, a name no header spells out."""
    names = set()
    for m in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)\(([^)]*)\)([^\n]*)",
                         text, flags=re.M):
        params = [p.strip() for p in m.group(2).split(",")]
        pastes = [(params.index(a), b) for a, b in PASTE_RE.findall(m.group(3)) if a in params]
        if not pastes:
            continue
        for call in re.finditer(r"\b%s\s*\(([^()]*)\)" % re.escape(m.group(1)),
                                text[m.end():]):
            args = [a.strip() for a in call.group(1).split(",")]
            for index, suffix in pastes:
                if index < len(args) and IDENT_RE.fullmatch(args[index]):
                    names.add(args[index] + suffix)
    return names


# The opt-in blocks of HIP's headers (derive_tables.py, derive_device.py).
OPT_IN_RE = re.compile(r"^\s*#\s*(?:ifdef\s+|if\s+defined\s*\(?\s*)HIP_ENABLE_\w+\s*\)?\s*$")
BRANCH_RE = re.compile(r"^\s*#\s*(if|ifdef|ifndef|else|elif|endif)\b")


def guarded_lines(lines, opening_re):
    """For each line, whether it belongs to a branch that a line matching
    opening_re opens: from that line to the #else, #elif or #endif that closes
    the branch (nesting counted), both included."""
    inside, depth = [], 0  # depth > 0: inside such a branch, at that nesting
    for line in lines:
        directive = BRANCH_RE.match(line)
        if depth:
            if directive and directive.group(1).startswith("if"):
                depth += 1
            elif directive and directive.group(1) == "endif":
                depth -= 1
            elif directive and depth == 1 and directive.group(1) in ("else", "elif"):
                depth = 0
            inside.append(True)
            continue
        depth = 1 if opening_re.match(line) else 0
        inside.append(bool(depth))
    return inside


def without_opt_in(text):
    """The header without what it declares only when the user defines an opt-in
    macro: ROCm 6.4 declares the warp *_sync functions and __activemask only
    under `#ifdef HIP_ENABLE_WARP_SYNC_BUILTINS` (HIP 7 declares them unless
    HIP_DISABLE_WARP_SYNC_BUILTINS), so a translation for 6.4 that wrote them
    would not compile. The #else branch of such a block stays."""
    lines = text.split("\n")
    return "\n".join("" if inside else line
                     for line, inside in zip(lines, guarded_lines(lines, OPT_IN_RE)))
