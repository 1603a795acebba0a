#!/usr/bin/env python3
"""Runs PyTorch's own hipify over an extension's tree as a ROCm PyTorch's
torch.utils.cpp_extension does before it builds (CUDAExtension: the sources in
place, is_pytorch_extension, only the named sources and what they include),
and prints each source's fate: "<source>: <status> -> <path compiled>".

  PYTHONPATH=<torch>/hipify-2.14 torch_hipify_tree.py TREE SOURCE...
"""
import os
import sys

from torch.utils.hipify import hipify_python


def main():
    tree = os.path.abspath(sys.argv[1])
    sources = [os.path.join(tree, s) for s in sys.argv[2:]]
    result = hipify_python.hipify(
        project_directory=tree,
        output_directory=tree,
        header_include_dirs=[],
        includes=[os.path.join(tree, "*")],
        extra_files=sources,
        show_detailed=False,
        show_progress=False,
        is_pytorch_extension=True,
        hipify_extra_files_only=True,
    )
    for source in sources:
        r = result.get(source)
        # cpp_extension compiles the hipified file, or the source itself when
        # hipify gives none.
        compiled = r.hipified_path if r is not None and r.hipified_path else source
        print("%s: %s -> %s" % (os.path.relpath(source, tree), r.status if r else "none",
                                os.path.relpath(compiled, tree)))


if __name__ == "__main__":
    main()
