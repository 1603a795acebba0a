"""What run_gpu.py runs on each extension of test/torch/Inputs: the cases (operation,
dtype, shape, options), their inputs (made on the CPU from a seeded generator, so every
process makes the same), how each is called on a built extension module, and a reference
in plain PyTorch (float64) that checks the CUDA original itself.

Each extension is one `Extension` value: `cases(quick)`, `inputs(case, generator)`,
`run(module, case, inputs)` -> {output name: tensor}, `reference(case, inputs)` -> the same
names in float64 (complex128), and `reductions`: the outputs that are sums over many
elements in an order the code does not fix (atomics) or that a reduction computes, which
are compared with a tolerance; every other output must be bitwise equal.
"""
import dataclasses
import math

import torch
import torch.nn.functional as F

DTYPES = {"f64": torch.float64, "f32": torch.float32, "f16": torch.float16,
          "bf16": torch.bfloat16}


@dataclasses.dataclass(frozen=True)
class Case:
    extension: str
    op: str
    dtype: str
    shape: tuple
    options: tuple = ()  # (name, value) pairs

    @property
    def id(self):
        options = ",".join(f"{k}={v}" for k, v in self.options)
        shape = "x".join(str(s) for s in self.shape)
        return f"{self.extension}/{self.op}/{self.dtype}/{shape}" + (f"/{options}" if options else "")

    def option(self, name, default=None):
        return dict(self.options).get(name, default)


@dataclasses.dataclass(frozen=True)
class Extension:
    name: str  # the folder under test/torch/Inputs
    cases: object
    inputs: object
    run: object
    reference: object
    reductions: frozenset  # (op, output name)


def _randn(gen, *shape, dtype=torch.float32):
    return torch.randn(*shape, generator=gen, dtype=torch.float64).to(dtype)


def _rand(gen, *shape, dtype=torch.float32):
    return torch.rand(*shape, generator=gen, dtype=torch.float64).to(dtype)


def _cuda(inputs):
    return {k: (v.cuda() if isinstance(v, torch.Tensor) else v) for k, v in inputs.items()}


def _f64(inputs):
    def up(v):
        if not isinstance(v, torch.Tensor):
            return v
        v = v.cuda()
        return v.to(torch.complex128) if v.is_complex() else v.to(torch.float64)
    return {k: up(v) for k, v in inputs.items()}


# --- tutorial: the LLTM cell of PyTorch's C++/CUDA extension tutorial -------------------
LLTM_FORWARD = ["new_h", "new_cell", "input_gate", "output_gate", "candidate_cell", "X", "gates"]
LLTM_BACKWARD = ["d_old_h", "d_input", "d_weights", "d_bias", "d_old_cell", "d_gates"]


def lltm_cases(quick):
    shapes = [(4, 16, 32), (16, 32, 128), (64, 40, 1500)]  # batch, features, state
    if quick:
        shapes = shapes[:2]
    return [Case("tutorial", op, dtype, shape)
            for op in ("forward", "backward") for dtype in ("f32", "f64") for shape in shapes]


def lltm_inputs(case, gen):
    batch, features, state = case.shape
    dt = DTYPES[case.dtype]
    bound = 1.0 / math.sqrt(state)
    return {
        "input": _randn(gen, batch, features, dtype=dt),
        "weights": ((_rand(gen, 3 * state, features + state, dtype=torch.float64) * 2 - 1) * bound).to(dt),
        "bias": ((_rand(gen, 3 * state, dtype=torch.float64) * 2 - 1) * bound).to(dt),
        "old_h": _randn(gen, batch, state, dtype=dt),
        "old_cell": _randn(gen, batch, state, dtype=dt),
        "grad_h": _randn(gen, batch, state, dtype=dt),
        "grad_cell": _randn(gen, batch, state, dtype=dt),
    }


def lltm_run(module, case, inputs):
    t = _cuda(inputs)
    forward = module.forward(t["input"], t["weights"], t["bias"], t["old_h"], t["old_cell"])
    if case.op == "forward":
        return dict(zip(LLTM_FORWARD, forward))
    new_h, new_cell, input_gate, output_gate, candidate_cell, X, gates = forward
    backward = module.backward(t["grad_h"], t["grad_cell"], new_cell, input_gate, output_gate,
                               candidate_cell, X, gates, t["weights"])
    return dict(zip(LLTM_BACKWARD, backward))


def lltm_reference(case, inputs):
    t = _f64(inputs)
    leaves = {k: t[k].clone().requires_grad_(case.op == "backward")
              for k in ("input", "weights", "bias", "old_h", "old_cell")}
    batch, _, state = case.shape
    X = torch.cat([leaves["old_h"], leaves["input"]], dim=1)
    gates = torch.addmm(leaves["bias"], X, leaves["weights"].t()).reshape(batch, 3, state)
    input_gate = torch.sigmoid(gates[:, 0])
    output_gate = torch.sigmoid(gates[:, 1])
    candidate_cell = F.elu(gates[:, 2])
    new_cell = leaves["old_cell"] + candidate_cell * input_gate
    new_h = torch.tanh(new_cell) * output_gate
    if case.op == "forward":
        return dict(zip(LLTM_FORWARD, [new_h, new_cell, input_gate, output_gate, candidate_cell,
                                       X, gates]))
    d_old_h, d_input, d_weights, d_bias, d_old_cell, d_gates = torch.autograd.grad(
        (new_h, new_cell),
        (leaves["old_h"], leaves["input"], leaves["weights"], leaves["bias"], leaves["old_cell"],
         gates),
        (t["grad_h"], t["grad_cell"]))
    return dict(zip(LLTM_BACKWARD, [d_old_h, d_input, d_weights, d_bias.reshape(1, -1),
                                    d_old_cell, d_gates]))


# --- kernels: CUB block scans and reductions, RMS norm, silu-and-mul ---------------------
def kernels_cases(quick):
    dtypes = ("f32", "f16", "bf16", "f64")
    rows = [(3, 100), (8, 512), (4, 5000), (2, 3, 2048)]
    norms = [(7, 64), (16, 4096), (3, 5, 1000)]
    acts = [(5, 200), (32, 4096), (2, 3, 50)]
    if quick:
        rows, norms, acts = rows[:2], norms[:1], acts[:1]
    cases = []
    for dtype in dtypes:
        for shape in rows:
            cases.append(Case("kernels", "cumsum", dtype, shape, (("exclusive", False),)))
            cases.append(Case("kernels", "cumsum", dtype, shape, (("exclusive", True),)))
            cases.append(Case("kernels", "row_sum", dtype, shape))
        cases += [Case("kernels", "rms_norm", dtype, shape) for shape in norms]
        cases += [Case("kernels", "silu_and_mul", dtype, shape) for shape in acts]
    return cases


def kernels_inputs(case, gen):
    dt = DTYPES[case.dtype]
    inputs = {"x": _randn(gen, *case.shape, dtype=dt)}
    if case.op == "rms_norm":
        inputs["weight"] = _randn(gen, case.shape[-1], dtype=dt)
    return inputs


RMS_EPSILON = 1e-6


def kernels_run(module, case, inputs):
    t = _cuda(inputs)
    if case.op == "cumsum":
        return {"out": module.cumsum(t["x"], case.option("exclusive"))}
    if case.op == "row_sum":
        return {"out": module.row_sum(t["x"])}
    if case.op == "rms_norm":
        return {"out": module.rms_norm(t["x"], t["weight"], RMS_EPSILON)}
    return {"out": module.silu_and_mul(t["x"])}


def kernels_reference(case, inputs):
    t = _f64(inputs)
    x = t["x"]
    if case.op == "cumsum":
        out = x.cumsum(-1)
        return {"out": out - x if case.option("exclusive") else out}
    if case.op == "row_sum":
        return {"out": x.sum(-1)}
    if case.op == "rms_norm":
        return {"out": x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + RMS_EPSILON) * t["weight"]}
    d = x.shape[-1] // 2
    return {"out": F.silu(x[..., :d]) * x[..., d:]}


# --- selective_scan: mamba's selective scan, forward and backward ------------------------
SCAN_OPTIONS = [  # per shape: D, z, delta_bias, delta_softplus
    (("D", True), ("z", False), ("delta_bias", False), ("softplus", False)),
    (("D", False), ("z", True), ("delta_bias", True), ("softplus", True)),
    (("D", True), ("z", True), ("delta_bias", True), ("softplus", True)),
]


def scan_cases(quick):
    # batch, dim, dstate, seqlen: the short-sequence kernel (seqlen <= 128, uneven), one
    # even chunk of 512, and three chunks with an uneven tail.
    shapes = [(2, 4, 8, 100), (2, 8, 16, 512), (1, 4, 4, 1300)]
    if quick:
        shapes = shapes[:2]
    return [Case("selective_scan", op, f"{itype}/{wtype}", shape, SCAN_OPTIONS[i])
            for op in ("fwd", "bwd") for itype in ("f32", "f16", "bf16")
            for wtype in ("real", "complex") for i, shape in enumerate(shapes)]


def scan_inputs(case, gen):
    itype, wtype = case.dtype.split("/")
    dt = DTYPES[itype]
    batch, dim, dstate, seqlen = case.shape
    if wtype == "real":
        A = -0.5 * _rand(gen, dim, dstate)
    else:
        A = torch.complex(-0.5 * _rand(gen, dim, dstate), math.pi * _rand(gen, dim, dstate))
    inputs = {
        "u": _randn(gen, batch, dim, seqlen, dtype=dt),
        "delta": (0.5 * _rand(gen, batch, dim, seqlen)).to(dt),
        "A": A,
        "B": _randn(gen, batch, dstate, seqlen, dtype=dt),
        "C": _randn(gen, batch, dstate, seqlen, dtype=dt),
        "D": _randn(gen, dim) if case.option("D") else None,
        "z": _randn(gen, batch, dim, seqlen, dtype=dt) if case.option("z") else None,
        "delta_bias": 0.5 * _rand(gen, dim) if case.option("delta_bias") else None,
        "dout": _randn(gen, batch, dim, seqlen, dtype=dt),
    }
    return inputs


SCAN_BACKWARD = ["du", "ddelta", "dA", "dB", "dC", "dD", "ddelta_bias", "dz"]


def scan_run(module, case, inputs):
    t = _cuda(inputs)
    softplus = case.option("softplus")
    forward = module.fwd(t["u"], t["delta"], t["A"], t["B"], t["C"], t["D"], t["z"],
                         t["delta_bias"], softplus)
    out, x = forward[0], forward[1]
    outputs = {"out": out, "x": x}
    if t["z"] is not None:
        outputs["out_z"] = forward[2]
    if case.op == "fwd":
        return outputs
    backward = module.bwd(t["u"], t["delta"], t["A"], t["B"], t["C"], t["D"], t["z"],
                          t["delta_bias"], t["dout"], x, out if t["z"] is not None else None,
                          softplus)
    grads = dict(zip(SCAN_BACKWARD, backward))
    if t["D"] is None:
        grads.pop("dD")
    return {k: v for k, v in grads.items() if v is not None}


def scan_reference(case, inputs):
    """mamba's selective_scan_ref, in float64 (complex128), with autograd for bwd."""
    t = _f64(inputs)
    names = [k for k in ("u", "delta", "A", "B", "C", "D", "z", "delta_bias") if t[k] is not None]
    leaves = {k: t[k].clone().requires_grad_(case.op == "bwd") for k in names}
    u, delta, A, B, C = (leaves[k] for k in ("u", "delta", "A", "B", "C"))
    if "delta_bias" in leaves:
        delta = delta + leaves["delta_bias"][:, None]
    if case.option("softplus"):
        delta = F.softplus(delta)
    batch, dim, dstate, seqlen = case.shape
    state = torch.zeros(batch, dim, dstate, dtype=A.dtype, device=u.device)
    delta_A = torch.exp(torch.einsum("bdl,dn->bdln", delta.to(A.dtype), A))
    delta_B_u = torch.einsum("bdl,bnl,bdl->bdln", delta, B, u).to(A.dtype)
    ys = []
    for i in range(seqlen):
        state = delta_A[:, :, i] * state + delta_B_u[:, :, i]
        ys.append(torch.einsum("bdn,bn->bd", state.real if state.is_complex() else state, C[:, :, i]))
    y = torch.stack(ys, dim=2)
    if "D" in leaves:
        y = y + u * leaves["D"][:, None]
    outputs = {"out": y}
    final = y
    if "z" in leaves:
        final = y * F.silu(leaves["z"])
        outputs["out_z"] = final
    if case.op == "fwd":
        return outputs
    grad_names = {"u": "du", "delta": "ddelta", "A": "dA", "B": "dB", "C": "dC", "D": "dD",
                  "z": "dz", "delta_bias": "ddelta_bias"}
    grads = torch.autograd.grad(final, [leaves[k] for k in names], t["dout"])
    return {grad_names[k]: g for k, g in zip(names, grads)}


EXTENSIONS = {
    "tutorial": Extension("tutorial", lltm_cases, lltm_inputs, lltm_run, lltm_reference,
                          frozenset()),
    "kernels": Extension("kernels", kernels_cases, kernels_inputs, kernels_run,
                         kernels_reference,
                         frozenset({("cumsum", "out"), ("row_sum", "out"),
                                    ("rms_norm", "out")})),
    "selective_scan": Extension("selective_scan", scan_cases, scan_inputs, scan_run,
                                scan_reference,
                                frozenset(("bwd", o) for o in
                                          ("dA", "dB", "dC", "dD", "ddelta_bias"))),
}


def tolerance(case):
    """(tolerance against the original, tolerance against the float64 reference), both
    relative to the largest magnitude of the value compared with, by the input dtype."""
    itype = case.dtype.split("/")[0]
    return {"f64": (1e-12, 1e-8), "f32": (1e-5, 2e-3), "f16": (2e-3, 2e-2),
            "bf16": (1e-2, 5e-2)}[itype]
