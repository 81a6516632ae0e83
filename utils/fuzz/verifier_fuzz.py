#!/usr/bin/env python3
"""Random malformed and well-formed gather ops through gather-opt.

Generates ops in the generic form with random operand types (ranked,
unranked, 0-d, memref, odd element types, huge and dynamic dimensions),
random attributes (missing, negative, huge, wrongly typed) and random result
types, and runs gather-opt on them with canonicalization. Every run must end
with exit status 0 or 1 (a diagnostic): never a signal, an assertion or a
hang. Usage: verifier_fuzz.py --gather-opt PATH [--seed N] [--count K]
"""

import argparse
import random
import subprocess
import sys

ELEMENT_TYPES = ["f32", "f16", "bf16", "i1", "i8", "i64", "index", "complex<f32>"]
INDEX_TYPES = ["i32", "i64", "index", "i16", "i1", "f32", "ui32"]
DIMS = [0, 1, 2, 3, 5, "?", 4611686018427387904]


def shape(rng, rank):
    return [rng.choice(DIMS) for _ in range(rank)]


def tensor_type(rng, elem, rank=None):
    kind = rng.random()
    if rank is None:
        rank = rng.randint(0, 4)
    dims = shape(rng, rank)
    body = "x".join([str(d) for d in dims] + [elem])
    if kind < 0.05:
        return f"tensor<*x{elem}>"
    if kind < 0.1:
        return f"memref<{body}>"
    return f"tensor<{body}>"


def attribute(rng, name):
    r = rng.random()
    if r < 0.3:
        return None
    if r < 0.85:
        return f"{name} = {rng.randint(-6, 6)} : i64"
    return rng.choice([
        f"{name} = 9223372036854775807 : i64",
        f"{name} = -9223372036854775808 : i64",
        f"{name} = 1 : i32",
        f"{name} = 1.0 : f32",
        f'{name} = "x"',
        f"{name} = unit",
    ])


def ttype(dims, elem):
    return "tensor<" + "x".join([str(d) for d in dims] + [elem]) + ">"


def valid_signature(rng, op):
    """A well-formed op: types and attributes by the shape rules."""
    elem = rng.choice(ELEMENT_TYPES)
    ielem = rng.choice(INDEX_TYPES[:3])
    p = shape(rng, rng.randint(1, 4))
    if op == "gather.gather":
        q = rng.randint(0, 3)
        b = rng.randint(0, min(q, len(p) - 1))
        a = rng.randint(b, len(p) - 1)
        i = p[:b] + shape(rng, q - b)
        r = p[:a] + i[b:] + p[a + 1:]
        attrs = [f"batch_dims = {b - q if rng.random() < 0.3 else b} : i64",
                 f"axis = {a - len(p) if rng.random() < 0.3 else a} : i64"]
    else:
        b = rng.randint(0, len(p) - 1)
        n = rng.randint(0, len(p) - b)
        i = p[:b] + shape(rng, rng.randint(0, 2)) + [n]
        r = p[:b] + i[b:-1] + p[b + n:]
        attrs = [f"batch_dims = {b} : i64"]
    return ttype(p, elem), ttype(i, ielem), ttype(r, elem), attrs


def make_case(rng):
    op = rng.choice(["gather.gather", "gather.gather_nd"])
    if rng.random() < 0.6:
        params, indices, result, attrs = valid_signature(rng, op)
        # Break one thing now and then.
        if rng.random() < 0.3:
            which = rng.randrange(4)
            if which == 0:
                params = tensor_type(rng, rng.choice(ELEMENT_TYPES))
            elif which == 1:
                indices = tensor_type(rng, rng.choice(INDEX_TYPES))
            elif which == 2:
                result = tensor_type(rng, rng.choice(ELEMENT_TYPES[:3]))
            else:
                attrs = [attribute(rng, "batch_dims"), attribute(rng, "axis")]
    else:
        params = tensor_type(rng, rng.choice(ELEMENT_TYPES))
        indices = tensor_type(rng, rng.choice(INDEX_TYPES))
        result = tensor_type(rng, rng.choice(ELEMENT_TYPES[:3]))
        attrs = [attribute(rng, "batch_dims")]
        if op == "gather.gather":
            attrs.append(attribute(rng, "axis"))
    if op == "gather.gather_nd":
        attrs = [a for a in attrs if a and not a.startswith("axis")]
    if rng.random() < 0.5:
        attrs.append(rng.choice(["mode = #gather.mode<zero>",
                                 "mode = #gather.mode<clamp>",
                                 "mode = #gather.mode<error>", "mode = 2 : i32"]))
    attrs = [a for a in attrs if a]
    props = f" <{{{', '.join(attrs)}}}>" if attrs else ""
    # Constant operands exercise the folders too.
    if rng.random() < 0.4 and params.startswith("tensor<") and "?" not in params \
            and "*" not in params and "complex" not in params:
        pdef = f"%p = arith.constant dense<1> : {params}" if params.split("x")[-1][:1] in "i" \
            else f"%p = arith.constant dense<1.0> : {params}"
        pargs = ""
    else:
        pdef, pargs = "", f"%p: {params}"
    if rng.random() < 0.4 and indices.startswith("tensor<") and "?" not in indices \
            and "*" not in indices and indices.endswith(("i32>", "i64>", "index>")):
        idef = f"%i = arith.constant dense<{rng.randint(-2, 3)}> : {indices}"
        iargs = ""
    else:
        idef, iargs = "", f"%i: {indices}"
    args = ", ".join(a for a in (pargs, iargs) if a)
    return (f"func.func @f({args}) {{\n  {pdef}\n  {idef}\n"
            f"  %0 = \"{op}\"(%p, %i){props} : ({params}, {indices}) -> {result}\n"
            f"  return\n}}\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gather-opt", required=True)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--per-file", type=int, default=50)
    args = ap.parse_args()
    seed = random.randrange(1 << 30) if args.seed == "random" else int(args.seed)
    rng = random.Random(seed)
    cases = [make_case(rng) for _ in range(args.count)]
    for start in range(0, len(cases), args.per_file):
        chunk = cases[start:start + args.per_file]
        text = "\n// -----\n".join(chunk)
        try:
            proc = subprocess.run(
                [args.gather_opt, "-split-input-file", "-canonicalize", "-"],
                input=text, capture_output=True, text=True, timeout=60)
        except subprocess.TimeoutExpired:
            print(f"HANG (seed {seed}) on:\n{text}")
            return 1
        if proc.returncode not in (0, 1):
            # Find the culprit case by running each alone.
            for case in chunk:
                p = subprocess.run([args.gather_opt, "-canonicalize", "-"],
                                   input=case, capture_output=True, text=True, timeout=60)
                if p.returncode not in (0, 1):
                    print(f"CRASH (exit {p.returncode}, seed {seed}):\n{case}\n{p.stderr[-3000:]}")
                    return 1
            print(f"CRASH (exit {proc.returncode}) only in a batch, seed {seed}")
            return 1
    print(f"verifier fuzz: {len(cases)} cases, seed {seed}, no crash or hang")
    return 0


if __name__ == "__main__":
    sys.exit(main())
