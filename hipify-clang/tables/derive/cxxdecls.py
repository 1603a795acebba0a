"""What a C++ library's headers declare at namespace scope, as clang parses them.

CUB, hipCUB, Thrust and rocThrust are C++ templates: names live in namespaces
(with ABI-versioned inline namespaces in between), declared through macros. A
regular-expression reader (cheaders.py) cannot tell a declaration there from a
use, so these derivations ask clang: libclang 19 (the C API, through ctypes;
python's standard library only) parses one translation unit and lists the
declarations directly inside a namespace and the macros the library's files
define.
"""

import ctypes
import os

DEFAULT_LIBCLANG = "/usr/lib/llvm-19/lib/libclang-19.so.1"

# CXCursorKind values (clang-c/Index.h) and the table kind each becomes.
_KINDS = {
    2: "type",       # StructDecl
    3: "type",       # UnionDecl
    4: "type",       # ClassDecl
    5: "enum",       # EnumDecl
    8: "function",   # FunctionDecl
    9: "variable",   # VarDecl
    20: "type",      # TypedefDecl
    30: "function",  # FunctionTemplate
    31: "type",      # ClassTemplate
    36: "type",      # TypeAliasDecl
    601: "type",     # TypeAliasTemplateDecl
}
_NAMESPACE = 22
_NAMESPACE_ALIAS = 33
_USING_DECLARATION = 35
_USING_DIRECTIVE = 34
_NAMESPACE_REF = 46
_ENUM_CONSTANT = 7
_OVERLOADED_DECL_REF = 49
_MACRO_DEFINITION = 501


class _Cursor(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int), ("xdata", ctypes.c_int),
                ("data", ctypes.c_void_p * 3)]


class _String(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("flags", ctypes.c_uint)]


class _Location(ctypes.Structure):
    _fields_ = [("ptr_data", ctypes.c_void_p * 2), ("int_data", ctypes.c_uint)]


_VISITOR = ctypes.CFUNCTYPE(ctypes.c_int, _Cursor, _Cursor, ctypes.c_void_p)


def take_string(lib, s):
    """A CXString's text; the CXString is disposed of."""
    raw = lib.clang_getCString(s)
    value = raw.decode() if raw else ""
    lib.clang_disposeString(s)
    return value


def children(lib, cursor):
    """The cursor's direct children, in order."""
    found = []

    def visit(child, parent, data):
        found.append(child)
        return 1  # CXChildVisit_Continue

    lib.clang_visitChildren(cursor, _VISITOR(visit), None)
    return found


class Declaration:
    def __init__(self, name, kind, path):
        self.name, self.kind, self.path = name, kind, path


class Namespace:
    """The declarations directly inside one namespace (inline namespaces looked through)."""

    def __init__(self):
        self.decls = {}        # name -> Declaration (first seen)
        self.enumerators = {}  # unscoped enumerators, visible as namespace members
        self.namespaces = {}   # name -> Namespace
        self.aliases = {}      # namespace alias name -> target's spelling
        self.using_directives = []  # the qualified names of the namespaces it nominates


class TranslationUnit:
    """One parse: every namespace's declarations, and the macros defined in it."""

    def __init__(self, source, args, libclang=DEFAULT_LIBCLANG):
        lib = ctypes.CDLL(libclang)
        self._lib = lib
        lib.clang_createIndex.restype = ctypes.c_void_p
        lib.clang_parseTranslationUnit.restype = ctypes.c_void_p
        lib.clang_parseTranslationUnit.argtypes = [
            ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_char_p), ctypes.c_int,
            ctypes.c_void_p, ctypes.c_uint, ctypes.c_uint]
        lib.clang_getTranslationUnitCursor.restype = _Cursor
        lib.clang_getTranslationUnitCursor.argtypes = [ctypes.c_void_p]
        lib.clang_getCursorSpelling.restype = _String
        lib.clang_getCursorSpelling.argtypes = [_Cursor]
        lib.clang_getCString.restype = ctypes.c_char_p
        lib.clang_getCString.argtypes = [_String]
        lib.clang_disposeString.argtypes = [_String]
        lib.clang_visitChildren.argtypes = [_Cursor, _VISITOR, ctypes.c_void_p]
        lib.clang_Cursor_isInlineNamespace.argtypes = [_Cursor]
        lib.clang_EnumDecl_isScoped.argtypes = [_Cursor]
        lib.clang_getCursorLocation.restype = _Location
        lib.clang_getCursorLocation.argtypes = [_Cursor]
        lib.clang_getSpellingLocation.argtypes = [
            _Location, ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_uint),
            ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)]
        lib.clang_getFileName.restype = _String
        lib.clang_getFileName.argtypes = [ctypes.c_void_p]
        lib.clang_getNumDiagnostics.argtypes = [ctypes.c_void_p]
        lib.clang_getDiagnostic.restype = ctypes.c_void_p
        lib.clang_getDiagnostic.argtypes = [ctypes.c_void_p, ctypes.c_uint]
        lib.clang_getDiagnosticSeverity.argtypes = [ctypes.c_void_p]
        lib.clang_formatDiagnostic.restype = _String
        lib.clang_formatDiagnostic.argtypes = [ctypes.c_void_p, ctypes.c_uint]
        lib.clang_getCursorReferenced.restype = _Cursor
        lib.clang_getCursorReferenced.argtypes = [_Cursor]
        lib.clang_getOverloadedDecl.restype = _Cursor
        lib.clang_getOverloadedDecl.argtypes = [_Cursor, ctypes.c_uint]
        lib.clang_getCursorSemanticParent.restype = _Cursor
        lib.clang_getCursorSemanticParent.argtypes = [_Cursor]
        lib.clang_Cursor_isNull.argtypes = [_Cursor]
        index = lib.clang_createIndex(0, 0)
        argv = (ctypes.c_char_p * len(args))(*[a.encode() for a in args])
        # CXTranslationUnit_DetailedPreprocessingRecord: macro definitions are cursors.
        self._tu = lib.clang_parseTranslationUnit(index, source.encode(), argv, len(args),
                                                  None, 0, 0x1)
        if not self._tu:
            raise RuntimeError("libclang could not parse %s" % source)
        self.errors = []
        for i in range(lib.clang_getNumDiagnostics(self._tu)):
            diag = lib.clang_getDiagnostic(self._tu, i)
            if lib.clang_getDiagnosticSeverity(diag) >= 3:
                self.errors.append(self._str(lib.clang_formatDiagnostic(diag, 1)))
        self.root = Namespace()
        self.macros = {}  # name -> path of the file defining it
        self._read(lib.clang_getTranslationUnitCursor(self._tu), self.root, top=True)

    def _str(self, s):
        return take_string(self._lib, s)

    def _children(self, cursor):
        return children(self._lib, cursor)

    def _path(self, cursor):
        f = ctypes.c_void_p()
        self._lib.clang_getSpellingLocation(self._lib.clang_getCursorLocation(cursor),
                                            ctypes.byref(f), None, None, None)
        return os.path.realpath(self._str(self._lib.clang_getFileName(f))) if f.value else ""

    def _read(self, cursor, namespace, top=False):
        lib = self._lib
        for child in self._children(cursor):
            name = self._str(lib.clang_getCursorSpelling(child))
            if child.kind == _MACRO_DEFINITION and top:
                self.macros.setdefault(name, self._path(child))
            elif child.kind == _NAMESPACE:
                if lib.clang_Cursor_isInlineNamespace(child):
                    self._read(child, namespace)
                elif name:
                    self._read(child, namespace.namespaces.setdefault(name, Namespace()))
            elif child.kind == _NAMESPACE_ALIAS:
                namespace.aliases.setdefault(name, self._path(child))
            elif child.kind in _KINDS and name and not name.startswith(("<", "(")):
                namespace.decls.setdefault(name, Declaration(name, _KINDS[child.kind],
                                                             self._path(child)))
                if child.kind == 5 and not lib.clang_EnumDecl_isScoped(child):
                    for constant in self._children(child):
                        if constant.kind == _ENUM_CONSTANT:
                            constant_name = self._str(lib.clang_getCursorSpelling(constant))
                            namespace.enumerators.setdefault(
                                constant_name, Declaration(constant_name, "enumerator",
                                                           self._path(constant)))
            elif child.kind == _USING_DIRECTIVE:
                # `namespace at::cuda { using namespace c10::cuda; }`: c10::cuda's names
                # are at::cuda's too.
                # The directive's last NamespaceRef child names the namespace.
                refs = [c for c in self._children(child) if c.kind == _NAMESPACE_REF]
                target = lib.clang_getCursorReferenced(refs[-1]) if refs else child
                parts = []
                while not lib.clang_Cursor_isNull(target) and target.kind == _NAMESPACE:
                    parts.append(self._str(lib.clang_getCursorSpelling(target)))
                    target = lib.clang_getCursorSemanticParent(target)
                if parts:
                    namespace.using_directives.append("::".join(reversed(parts)))
            elif child.kind == _USING_DECLARATION and name:
                # `namespace cuda { using thrust::cuda_cub::par; }`: par is a member.
                target = lib.clang_getCursorReferenced(child)
                if target.kind == _OVERLOADED_DECL_REF:
                    target = lib.clang_getOverloadedDecl(target, 0)
                kind = _KINDS.get(target.kind)
                if kind:
                    namespace.decls.setdefault(name, Declaration(name, kind, self._path(child)))

    def namespace(self, qualified):
        """The Namespace `a::b`, or an empty one."""
        current = self.root
        for part in qualified.split("::"):
            current = current.namespaces.get(part)
            if current is None:
                return Namespace()
        return current
