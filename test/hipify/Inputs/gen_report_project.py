"""Writes a project of small CUDA sources into argv[1] for the report tests:
k001.cu ... k<argv[2]>.cu, translated; every 10th has a name HIP lacks
(incomplete; every 20th two), every 7th a warp-size-32 hazard (needs
attention); nocuda.cu has no CUDA (no change); and hostile names and text:
markup in a name, a quote and an ampersand in a name, a source line that
closes a script element.
"""
import os
import sys

root, count = sys.argv[1], int(sys.argv[2])
os.makedirs(root, exist_ok=True)

PLAIN = """#include <cuda_runtime.h>
void copy{i}(float *d, const float *h) {{
  cudaMemcpy(d, h, {i} * sizeof(float), cudaMemcpyHostToDevice);
}}
"""
UNSUPPORTED = """#include <cuda_runtime.h>
void reset{i}() {{
  cudaMalloc(0, {i});
  cudaCtxResetPersistingL2Cache(); cudaDeviceSynchronize();
}}
"""
TWO_UNSUPPORTED = UNSUPPORTED.replace("cudaDeviceSynchronize();",
                                      "cudaCtxResetPersistingL2Cache();")
HAZARD = """#include <cuda_runtime.h>
__global__ void lane{i}(int *out) {{
  int lane = threadIdx.x % 32;
  out[threadIdx.x] = lane;
}}
"""
NO_CUDA = "int plain(int x) { return x + 1; }\n"


def write(name, text):
    with open(os.path.join(root, name), "w") as f:
        f.write(text)


for i in range(1, count + 1):
    if i % 7 == 0:
        body = HAZARD
    elif i % 20 == 0:
        body = TWO_UNSUPPORTED
    elif i % 10 == 0:
        body = UNSUPPORTED
    else:
        body = PLAIN
    write("k%03d.cu" % i, body.format(i=i))
write("nocuda.cu", NO_CUDA)
# Names and lines a browser must show as text, never run or parse as markup
# ('/' cannot be in a name, so the closing tag is in a source line).
write("<img src=x onerror=alert(1)>.cu", UNSUPPORTED.format(i=900).replace(
    "cudaDeviceSynchronize();",
    "/* </script><script>alert(2)</script> */"))
write('q"uote&amp;.cu', HAZARD.format(i=901))
