#!/usr/bin/env python3
"""List HIP counterparts spelled differently for CUDA names the tables leave unsupported.

    find_counterparts.py --cuda /usr/local/cuda/include --hip <build>/rocm-6.4/include \\
        --tables hipify-clang/tables [--min-score 0.8]

The transforms of derive_tables.py pair a CUDA name with the HIP name of the
matching spelling. This script looks for counterparts by shape instead, reading
both header sets with libclang (cxxdecls.py's ctypes binding):

  enum      the HIP enum whose enumerators carry the CUDA enum's values under
            similar words (CUsharedconfig ~ hipSharedMemConfig: 0, 1, 2);
  struct    the HIP struct or union whose member names and types agree;
  function  the HIP function whose parameter types agree (CUDA types mapped
            through the tables) and whose name shares words;
  typedef   a CUDA typedef of the same underlying type as a supported CUDA
            name (CUsurfObject and cudaSurfaceObject_t are unsigned long long):
            its HIP name.

An enum, struct or function is also compared with its CUDA twin (a supported
CUDA name of the same shape: the driver's CUsharedconfig and the runtime's
cudaSharedMemConfig), whose HIP name it then shares. Each candidate is printed
as `score<TAB>cuda_name<TAB>hip_name<TAB>evidence`, best first. Nothing is
written: a pair becomes a row only when confirmed, with its reason, in
counterparts.tsv, which derive_tables.py applies and checks against the HIP
headers.
"""

import argparse
import ctypes
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cxxdecls  # noqa: E402
import tsv  # noqa: E402
from libraryrows import COLUMNS  # noqa: E402
from cxxdecls import _Cursor, _String, _VISITOR  # noqa: E402


class _Type(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int), ("data", ctypes.c_void_p * 2)]


_STRUCT, _UNION, _ENUM, _FIELD, _ENUM_CONSTANT, _FUNCTION, _TYPEDEF = 2, 3, 5, 6, 7, 8, 20
_LINKAGE_SPEC = 23


class Decls:
    """Enums, records, functions and typedefs a header set declares at file scope."""

    def __init__(self, source, args, keep_path):
        lib = ctypes.CDLL(cxxdecls.DEFAULT_LIBCLANG)
        self._lib = lib
        for name, restype, argtypes in [
                ("clang_createIndex", ctypes.c_void_p, [ctypes.c_int, ctypes.c_int]),
                ("clang_parseTranslationUnit", ctypes.c_void_p,
                 [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_char_p), ctypes.c_int,
                  ctypes.c_void_p, ctypes.c_uint, ctypes.c_uint]),
                ("clang_getTranslationUnitCursor", _Cursor, [ctypes.c_void_p]),
                ("clang_getCursorSpelling", _String, [_Cursor]),
                ("clang_getCString", ctypes.c_char_p, [_String]),
                ("clang_disposeString", None, [_String]),
                ("clang_visitChildren", ctypes.c_uint, [_Cursor, _VISITOR, ctypes.c_void_p]),
                ("clang_getCursorType", _Type, [_Cursor]),
                ("clang_getCanonicalType", _Type, [_Type]),
                ("clang_getTypeSpelling", _String, [_Type]),
                ("clang_getTypedefDeclUnderlyingType", _Type, [_Cursor]),
                ("clang_getEnumConstantDeclValue", ctypes.c_longlong, [_Cursor]),
                ("clang_Cursor_getNumArguments", ctypes.c_int, [_Cursor]),
                ("clang_Cursor_getArgument", _Cursor, [_Cursor, ctypes.c_uint]),
                ("clang_getCursorResultType", _Type, [_Cursor]),
                ("clang_getTypeDeclaration", _Cursor, [_Type]),
                ("clang_getCursorUSR", _String, [_Cursor]),
                ("clang_getCursorLocation", cxxdecls._Location, [_Cursor]),
                ("clang_getSpellingLocation", None,
                 [cxxdecls._Location, ctypes.POINTER(ctypes.c_void_p),
                  ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint),
                  ctypes.POINTER(ctypes.c_uint)]),
                ("clang_getFileName", _String, [ctypes.c_void_p])]:
            getattr(lib, name).restype = restype
            getattr(lib, name).argtypes = argtypes
        index = lib.clang_createIndex(0, 0)
        argv = (ctypes.c_char_p * len(args))(*[a.encode() for a in args])
        tu = lib.clang_parseTranslationUnit(index, source.encode(), argv, len(args), None, 0, 0)
        if not tu:
            raise RuntimeError("libclang could not parse %s" % source)
        self.keep_path = keep_path
        self.enums = {}      # usr -> {"names": [...], "values": {enumerator: value}}
        self.records = {}    # usr -> {"names": [...], "fields": [(name, type)]}
        self.functions = {}  # name -> [result type, parameter types...]
        self.typedefs = {}   # name -> canonical underlying type
        self.type_usr = {}   # typedef or tag name -> usr of the enum/record
        self._read(lib.clang_getTranslationUnitCursor(tu))

    def _str(self, s):
        return cxxdecls.take_string(self._lib, s)

    def _children(self, cursor):
        return cxxdecls.children(self._lib, cursor)

    def _path(self, cursor):
        f = ctypes.c_void_p()
        self._lib.clang_getSpellingLocation(self._lib.clang_getCursorLocation(cursor),
                                            ctypes.byref(f), None, None, None)
        return os.path.realpath(self._str(self._lib.clang_getFileName(f))) if f.value else ""

    def _type(self, t):
        return self._str(self._lib.clang_getTypeSpelling(t))

    def _read(self, cursor):
        lib = self._lib
        for child in self._children(cursor):
            if child.kind == _LINKAGE_SPEC:
                self._read(child)
                continue
            if child.kind not in (_STRUCT, _UNION, _ENUM, _FUNCTION, _TYPEDEF):
                continue
            if not self.keep_path(self._path(child)):
                continue
            name = self._str(lib.clang_getCursorSpelling(child))
            anonymous = not name or "(" in name
            usr = self._str(lib.clang_getCursorUSR(child))
            if child.kind == _ENUM:
                entry = self.enums.setdefault(usr, {"names": [], "values": {}})
                for constant in self._children(child):
                    if constant.kind == _ENUM_CONSTANT:
                        entry["values"][self._str(lib.clang_getCursorSpelling(constant))] = \
                            lib.clang_getEnumConstantDeclValue(constant)
                if not anonymous:
                    entry["names"].append(name)
                    entry["tag"] = name
                    self.type_usr[name] = usr
            elif child.kind in (_STRUCT, _UNION):
                fields = [(self._str(lib.clang_getCursorSpelling(f)),
                           self._type(lib.clang_getCursorType(f)))
                          for f in self._children(child) if f.kind == _FIELD]
                entry = self.records.setdefault(usr, {"names": [], "fields": []})
                if fields:
                    entry["fields"] = fields
                if not anonymous:
                    entry["names"].append(name)
                    entry["tag"] = name
                    self.type_usr[name] = usr
            elif child.kind == _FUNCTION:
                count = lib.clang_Cursor_getNumArguments(child)
                self.functions.setdefault(name, [self._type(lib.clang_getCursorResultType(child))] + [
                    self._type(lib.clang_getCursorType(lib.clang_Cursor_getArgument(child, i)))
                    for i in range(max(count, 0))])
            elif child.kind == _TYPEDEF:
                underlying = lib.clang_getTypedefDeclUnderlyingType(child)
                self.typedefs[name] = self._type(lib.clang_getCanonicalType(underlying))
                target = lib.clang_getTypeDeclaration(lib.clang_getCanonicalType(underlying))
                target_usr = self._str(lib.clang_getCursorUSR(target))
                if target.kind == _ENUM and target_usr:
                    self.enums.setdefault(target_usr, {"names": [], "values": {}})["names"].append(name)
                    self.type_usr[name] = target_usr
                elif target.kind in (_STRUCT, _UNION) and target_usr:
                    self.records.setdefault(target_usr, {"names": [], "fields": []})["names"].append(name)
                    self.type_usr[name] = target_usr


def parse(includes, root, defines):
    with tempfile.NamedTemporaryFile("w", suffix=".cpp", delete=False) as f:
        f.write("".join("#include <%s>\n" % i for i in includes))
    try:
        args = ["-x", "c++", "-std=c++17", "-I" + root, "-w"] + ["-D" + d for d in defines]
        return Decls(f.name, args, lambda p: os.path.realpath(root) in p)
    finally:
        os.unlink(f.name)


WORD_RE = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")
NOISE = {"cu", "cuda", "hip", "t", "enum", "st", "v", "2", "3", "flags", "flag"}


def words(name):
    name = re.sub(r"^(cuda|cu|CU|hip|HIP)_?", "", name)
    return {w.lower() for w in WORD_RE.findall(name)} - NOISE


def overlap(wa, wb):
    """How many words of the shorter set the other has (a prefix of 4+ letters counts)."""
    if not wa or not wb:
        return 0.0
    close = sum(1 for x in wa if any(x == y or (len(x) >= 4 and len(y) >= 4 and
                                                  (x.startswith(y) or y.startswith(x)))
                                     for y in wb))
    return close / min(len(wa), len(wb))


def similarity(a, b):
    wa, wb = words(a), words(b)
    if not wa or not wb:
        return 0.0
    close = sum(1 for x in wa if any(x == y or (len(x) >= 4 and len(y) >= 4 and
                                                  (x.startswith(y) or y.startswith(x)))
                                     for y in wb))
    return close / max(len(wa), len(wb))


def read_tables(directory):
    """{cuda_name: the row's fields, in libraryrows.COLUMNS order} of the runtime's tables."""
    rows = {}
    for f in ("runtime.tsv", "driver.tsv", "library_types.tsv"):
        for row in tsv.read(os.path.join(directory, f), COLUMNS, exact=False):
            rows[row["cuda_name"]] = [row[c] for c in COLUMNS]
    return rows


class Finder:
    def __init__(self, cuda, hip, rows):
        self.cuda, self.hip, self.rows = cuda, hip, rows
        self.supported = {n: r[3] for n, r in rows.items() if r[5] == "supported"}
        self.unsupported = {n for n, r in rows.items() if r[5] == "unsupported"}
        self.found = []  # (score, cuda, hip, evidence)

    def map_type(self, spelling):
        """A CUDA type spelling with its names replaced by their HIP names."""
        return re.sub(r"\b\w+\b", lambda m: self.supported.get(m.group(0), m.group(0)), spelling)

    def add(self, score, cuda_name, hip_name, evidence):
        self.found.append((round(score, 2), cuda_name, hip_name, evidence))

    def enums(self):
        for usr, cuda_enum in self.cuda.enums.items():
            names = [n for n in cuda_enum["names"] if n in self.unsupported]
            values = cuda_enum["values"]
            if not names or not values:
                continue
            best = []
            for hip_usr, hip_enum in self.hip.enums.items():
                if not hip_enum["names"] or not any(n.lower().startswith("hip") for n in hip_enum["names"]):
                    continue
                pairs = enumerator_pairs(values, hip_enum["values"])
                if not pairs:
                    continue
                coverage = len(pairs) / max(len(values), len(hip_enum["values"]))
                naming = max(similarity(a, b) for a in cuda_enum["names"] for b in hip_enum["names"])
                best.append((coverage * 0.8 + naming * 0.2, hip_enum, pairs))
            best.sort(key=lambda b: -b[0])
            for score, hip_enum, pairs in best[:2]:
                for name in names:
                    hip_name = pick_name(hip_enum, name, cuda_enum)
                    self.add(score, name, hip_name, "enum: %d of %d enumerators share value and "
                             "words with %s's" % (len(pairs), len(values), hip_name))
                for cuda_enumerator, hip_enumerator in pairs:
                    if cuda_enumerator in self.unsupported:
                        self.add(score, cuda_enumerator, hip_enumerator,
                                 "enumerator: value %d in both %s and %s"
                                 % (values[cuda_enumerator], names[0], pick_name(hip_enum, "", {})))

    def records(self):
        for usr, record in self.cuda.records.items():
            names = [n for n in record["names"] if n in self.unsupported]
            if not names or not record["fields"]:
                continue
            fields = [(f, self.map_type(t)) for f, t in record["fields"]]
            for hip_record in self.hip.records.values():
                if len(hip_record["fields"]) != len(fields) or not hip_record["names"]:
                    continue
                same_names = sum(1 for a, b in zip(fields, hip_record["fields"]) if a[0] == b[0])
                same_types = sum(1 for a, b in zip(fields, hip_record["fields"]) if a[1] == b[1])
                shape = (same_names + same_types) / (2 * len(fields))
                naming = max(similarity(a, b) for a in record["names"] for b in hip_record["names"])
                score = shape * 0.7 + naming * 0.3
                if shape >= 0.75:
                    for name in names:
                        hip_name = pick_name(hip_record, name, record)
                        self.add(score, name, hip_name, "struct: %d of %d member names, %d types agree"
                                 % (same_names, len(fields), same_types))

    def functions(self):
        hip_by_arity = {}
        for name, signature in self.hip.functions.items():
            if name.startswith("hip"):
                hip_by_arity.setdefault(len(signature), []).append((name, signature))
        for name, signature in self.cuda.functions.items():
            if name not in self.unsupported:
                continue
            mapped = [self.map_type(t) for t in signature]
            for hip_name, hip_signature in hip_by_arity.get(len(signature), []):
                same = sum(1 for a, b in zip(mapped, hip_signature) if a == b)
                naming = similarity(name, hip_name)
                if same == len(signature) and naming >= 0.5:
                    self.add(0.5 + naming / 2, name, hip_name,
                             "function: all %d parameter types and the result agree; name words %.2f"
                             % (len(signature) - 1, naming))

    def typedefs(self):
        by_type = {}
        for name, underlying in self.cuda.typedefs.items():
            if name in self.supported and underlying not in ("int", "unsigned int", "void"):
                by_type.setdefault(underlying, []).append(name)
        for name, underlying in self.cuda.typedefs.items():
            if name not in self.unsupported or name in self.cuda.type_usr:
                continue
            for twin in by_type.get(underlying, []):
                naming = similarity(name, twin)
                if naming >= 0.5:
                    self.add(0.5 + naming / 2, name, self.supported[twin],
                             "typedef: %s, like %s" % (underlying, twin))

    def twins(self):
        """Enums and records of the same shape as a supported CUDA name."""
        for kind, table in (("enum", self.cuda.enums), ("struct", self.cuda.records)):
            for usr, entry in table.items():
                names = [n for n in entry["names"] if n in self.unsupported]
                if not names:
                    continue
                for other_usr, other in table.items():
                    twins = [n for n in other["names"] if n in self.supported]
                    if other_usr == usr or not twins:
                        continue
                    if kind == "enum":
                        pairs = enumerator_pairs(entry["values"], other["values"])
                        if not entry["values"] or len(pairs) != len(entry["values"]) or \
                                len(entry["values"]) != len(other["values"]):
                            continue
                    elif [t for _, t in entry["fields"]] != [t for _, t in other["fields"]] or \
                            not entry["fields"]:
                        continue
                    naming = max(similarity(a, b) for a in entry["names"] for b in twins)
                    for name in names:
                        # A tag takes the twin's tag row (its HIP name is a HIP tag),
                        # a typedef the twin's typedef row.
                        tags = [t for t in twins if t == other.get("tag")]
                        typedefs = [t for t in twins if t != other.get("tag")]
                        twin = (tags if name == entry.get("tag") else typedefs or tags or twins)[0] \
                            if (tags if name == entry.get("tag") else twins) else twins[0]
                        self.add(0.6 + naming * 0.4, name, self.supported[twin],
                                 "%s of the same shape as %s" % (kind, twin))


def distinctive_words(enumerators):
    """{enumerator: its words without those every enumerator of the enum has}."""
    split = {e: [w.lower() for w in WORD_RE.findall(e)] for e in enumerators}
    common = set.intersection(*(set(w) for w in split.values())) if len(split) > 1 else set()
    return {e: set(w) - common - NOISE for e, w in split.items()}


def enumerator_pairs(cuda_values, hip_values):
    """(cuda, hip) enumerators of equal value whose distinctive words agree (half of
    the shorter list at least), one per CUDA enumerator."""
    cuda_words, hip_words = distinctive_words(cuda_values), distinctive_words(hip_values)
    by_value = {}
    for name, value in hip_values.items():
        by_value.setdefault(value, []).append(name)
    pairs = []
    for name, value in cuda_values.items():
        scored = sorted(((overlap(cuda_words[name], hip_words[h]), h)
                         for h in by_value.get(value, [])), reverse=True)
        if scored and scored[0][0] >= 0.5:
            pairs.append((name, scored[0][1]))
    return pairs


def pick_name(hip_entry, cuda_name, cuda_entry):
    """The HIP tag for a CUDA tag (`struct CUuuid_st` -> `struct hipUUID_t`), else a
    typedef name (hipUUID), else the tag."""
    if cuda_name == cuda_entry.get("tag") and hip_entry.get("tag"):
        return hip_entry["tag"]
    typedefs = [n for n in hip_entry["names"] if n != hip_entry.get("tag")]
    return typedefs[0] if typedefs else hip_entry["names"][0]


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cuda", required=True, help="CUDA include directory")
    parser.add_argument("--hip", required=True, help="include directory holding hip/ (ROCm 6.4)")
    parser.add_argument("--tables", required=True, help="directory of runtime.tsv, driver.tsv")
    parser.add_argument("--min-score", type=float, default=0.7)
    args = parser.parse_args(argv)
    cuda = parse(["cuda.h", "cuda_runtime_api.h", "library_types.h"], args.cuda, [])
    hip = parse(["hip/hip_runtime_api.h", "hip/library_types.h"], args.hip, ["__HIP_PLATFORM_AMD__"])
    finder = Finder(cuda, hip, read_tables(args.tables))
    finder.enums()
    finder.records()
    finder.functions()
    finder.typedefs()
    finder.twins()
    seen = set()
    for score, cuda_name, hip_name, evidence in sorted(finder.found, key=lambda f: (-f[0], f[1])):
        if score < args.min_score or (cuda_name, hip_name) in seen:
            continue
        seen.add((cuda_name, hip_name))
        print("%.2f\t%s\t%s\t%s" % (score, cuda_name, hip_name, evidence))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
