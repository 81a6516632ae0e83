#!/usr/bin/python3
"""Element-type matrix of the gather pipelines.

Every element type the builtin tensor type admits, times both ops (a gather
of rows and a gather_nd of elements, each in mode<clamp> and, for
types with a zero, mode<zero>, with one out-of-bounds index), times every
pipeline: the program must either run and
gather the right values (each result element is compared, bit for bit, with
the params element it must be, or with zero, and the comparisons print 1),
or be rejected with a diagnostic that names the type. A crash, an LLVM
ERROR, a success that leaves IR the runner cannot take, or a wrong value is
a failure. The expected outcome of each type is the table in docs/spec.md
("Element types"); EXPECTED below is that table.

Rows known to fail because of code being fixed elsewhere are in XFAIL with
the reason; they count as expected failures. One that passes is reported as
XPASS, without failing the run (some of them crash only now and then:
undefined behaviour); take it out of the list once its fix is in.

Usage: matrix.py [--gather-opt P] [--mlir-runner P] [--llvm-lib-dir D]
                 [--libomp P] [--cuda-path D] [-j N] [--only TYPE] [-v]
Prints one line per row and ends with
"element-type matrix: N rows, N passed, N xfail, N xpass, N failed".
"""

import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

PIPELINES = {
    "cpu-scf": ("--gather-cpu-pipeline", "run"),
    "cpu-scf-threads": ("--gather-cpu-pipeline=num-threads=2", "run"),
    "cpu-linalg": ("--gather-cpu-pipeline=lowering=linalg", "run"),
    "gpu-host": ("--gather-gpu-pipeline=host-only", "run"),
    # Kernels compiled to PTX for sm_90 (needs the CUDA toolkit's libdevice,
    # not a GPU); the host code is checked by translating it to LLVM IR.
    "gpu-sm90": ("--gather-gpu-pipeline=format=isa chip=sm_90 cuda-path={cuda}",
                 "compile"),
}
OPS = ["gather", "gather_nd"]

# name -> (MLIR type, kind). Kinds say how params are built and compared.
TYPES = {
    "i1": ("i1", "int"),
    "i3": ("i3", "int"),
    "i8": ("i8", "int"),
    "i16": ("i16", "int"),
    "i32": ("i32", "int"),
    "i64": ("i64", "int"),
    "i128": ("i128", "int"),
    "ui8": ("ui8", "uint"),
    "si16": ("si16", "sint"),
    "index": ("index", "index"),
    "f16": ("f16", "float"),
    "bf16": ("bf16", "float"),
    "f32": ("f32", "float"),
    "f64": ("f64", "float"),
    "tf32": ("tf32", "float"),
    "f80": ("f80", "float"),
    "f128": ("f128", "float"),
    "f8E4M3FN": ("f8E4M3FN", "float"),
    "f8E5M2": ("f8E5M2", "float"),
    "f4E2M1FN": ("f4E2M1FN", "float"),
    "complex<f32>": ("complex<f32>", "complex"),
    "complex<f64>": ("complex<f64>", "complex"),
    "vector<4xf32>": ("vector<4xf32>", "vector"),
    "vector<2x3xi8>": ("vector<2x3xi8>", "vector"),
    "!llvm.ptr": ("!llvm.ptr", "ptr"),
    "quant": ("!quant.uniform<i8:f32, 5.000000e-01:3>", "quant"),
}

# What users get (docs/spec.md, "Element types"): "ok" (runs, or compiles
# for gpu-sm90) or "reject" (a diagnostic naming the type).
REJECT_EVERYWHERE = {
    # LLVM has no 19-bit float: a tensor of tf32 has no memory layout.
    "tf32",
    # Not a valid memref element type (upstream): no bufferized pipeline
    # can hold it.
    "!llvm.ptr",
    # Not a memref element type either, and "zero" would be ambiguous (the
    # stored 0 or the zero point): gather the storage type (quant.scast).
    "quant",
}
# Device kernels copy scalars of at most 64 bits (and composites of them);
# f80 and f128 have no NVPTX type.
REJECT_ON_DEVICE = {"i128", "f80", "f128"}


def expected(type_name, pipeline):
    if type_name in REJECT_EVERYWHERE:
        return "reject"
    if pipeline == "gpu-sm90" and type_name in REJECT_ON_DEVICE:
        return "reject"
    return "ok"


# (type, op or "*", pipeline or "*") -> why it fails today; a row that
# passes is XPASS. Empty: every row passes (the GPU kernels copy complex and
# vector payloads since stop 12).
XFAIL = {}

#===------------------------------------------------------------------------===#
# Programs
#===------------------------------------------------------------------------===#

FLOATS = ["1.0", "-2.0", "0.5", "3.0", "1.5", "-4.0"]
BITS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64, "tf32": 19, "f80": 80,
        "f128": 128, "f8E4M3FN": 8, "f8E5M2": 8, "f4E2M1FN": 4}


def int_width(t):
    return int(re.sub(r"^[a-z]*i", "", t))


def params_constant(name, t, kind, lines):
    """Appends the ops building the 3x2 params; returns its SSA name."""
    ty = f"tensor<3x2x{t}>"
    if kind in ("int", "index", "uint", "sint"):
        if kind != "index" and int_width(t) == 1:
            vals = ["1", "0", "0", "1", "1", "1"]
        else:
            vals = [str(v) for v in (1, 2, 3, -4, 5, -6)] if kind != "uint" \
                else [str(v) for v in (1, 2, 3, 4, 5, 6)]
            if kind != "index" and int_width(t) == 3:
                vals = ["1", "2", "3", "-4", "-3", "-2"]
        lines.append(f"  %p = arith.constant dense<{nest(vals)}> : {ty}")
    elif kind == "float":
        lines.append(f"  %p = arith.constant dense<{nest(FLOATS)}> : {ty}")
    elif kind == "complex":
        vals = [f"({FLOATS[k]}, {FLOATS[5 - k]})" for k in range(6)]
        lines.append(f"  %p = arith.constant dense<{nest(vals)}> : {ty}")
    elif kind == "vector":
        n = 4 if t == "vector<4xf32>" else 6
        elems = []
        for k in range(6):
            if t == "vector<4xf32>":
                body = ", ".join(f"{k + 0.25 * j}" for j in range(n))
                lines.append(f"  %v{k} = arith.constant dense<[{body}]> : {t}")
            else:
                rows = [", ".join(str(10 * k + 3 * r + c) for c in range(3))
                        for r in range(2)]
                lines.append(f"  %v{k} = arith.constant dense<[[{rows[0]}], "
                             f"[{rows[1]}]]> : {t}")
            elems.append(f"%v{k}")
        # Inserted one by one: upstream (LLVM 22) folds a from_elements of
        # vector constants with DenseElementsAttr::get, which reads out of
        # bounds for vector elements (a crash under AddressSanitizer).
        lines += [f"  %pc{k} = arith.constant {k} : index" for k in range(3)]
        lines.append(f"  %p0 = tensor.empty() : {ty}")
        for k, elem in enumerate(elems):
            lines.append(f"  %p{k + 1} = tensor.insert {elem} into %p{k}"
                         f"[%pc{k // 2}, %pc{k % 2}] : {ty}")
        lines.append(f"  %p = tensor.cast %p{len(elems)} : {ty} to {ty}")
    elif kind == "ptr":
        elems = []
        for k in range(6):
            lines.append(f"  %a{k} = arith.constant {16 * (k + 1)} : i64")
            lines.append(f"  %v{k} = llvm.inttoptr %a{k} : i64 to !llvm.ptr")
            elems.append(f"%v{k}")
        lines.append(f"  %p = tensor.from_elements {', '.join(elems)} : {ty}")
    elif kind == "quant":
        vals = [str(v) for v in (1, 2, 3, -4, 5, -6)]
        lines.append(f"  %s = arith.constant dense<{nest(vals)}> : "
                     "tensor<3x2xi8>")
        lines.append(f"  %p = quant.scast %s : tensor<3x2xi8> to {ty}")
    return "%p"


def nest(vals):
    return "[" + ", ".join(f"[{vals[2 * r]}, {vals[2 * r + 1]}]"
                           for r in range(3)) + "]"


def zero(t, kind, lines, n):
    """Appends the zero of type t; returns its SSA name."""
    z = f"%zero{n}"
    if kind in ("int", "index"):
        lines.append(f"  {z} = arith.constant 0 : {t}")
    elif kind == "float":
        lines.append(f"  {z} = arith.constant 0.0 : {t}")
    elif kind == "complex":
        lines.append(f"  {z} = complex.constant [0.0, 0.0] : {t}")
    elif kind == "vector":
        value = "0.0" if "f32" in t else "0"
        lines.append(f"  {z} = arith.constant dense<{value}> : {t}")
    elif kind == "ptr":
        lines.append(f"  {z} = llvm.mlir.zero : !llvm.ptr")
    elif kind in ("uint", "sint"):
        # arith takes signless integers only.
        lines.append(f"  %zb{n} = arith.constant 0 : i{int_width(t)}")
        lines.append(f"  {z} = builtin.unrealized_conversion_cast %zb{n} : "
                     f"i{int_width(t)} to {t}")
    return z


def compare(t, kind, x, y, lines, n):
    """Appends ops comparing x and y bit for bit; returns the i1."""
    b = f"%eq{n}"
    if kind in ("int", "index"):
        lines.append(f"  {b} = arith.cmpi eq, {x}, {y} : {t}")
    elif kind == "float":
        w = BITS[t]
        lines.append(f"  %xb{n} = arith.bitcast {x} : {t} to i{w}")
        lines.append(f"  %yb{n} = arith.bitcast {y} : {t} to i{w}")
        lines.append(f"  {b} = arith.cmpi eq, %xb{n}, %yb{n} : i{w}")
    elif kind == "complex":
        f = t[len("complex<"):-1]
        w = BITS[f]
        for part in ("re", "im"):
            lines.append(f"  %x{part}{n} = complex.{part} {x} : {t}")
            lines.append(f"  %y{part}{n} = complex.{part} {y} : {t}")
            lines.append(f"  %xb{part}{n} = arith.bitcast %x{part}{n} : "
                         f"{f} to i{w}")
            lines.append(f"  %yb{part}{n} = arith.bitcast %y{part}{n} : "
                         f"{f} to i{w}")
            lines.append(f"  %e{part}{n} = arith.cmpi eq, %xb{part}{n}, "
                         f"%yb{part}{n} : i{w}")
        lines.append(f"  {b} = arith.andi %ere{n}, %eim{n} : i1")
    elif kind == "vector":
        it = t.replace("f32", "i32")
        flat = "vector<4xi1>" if "4xf32" in t else "vector<6xi1>"
        shaped = "vector<4xi1>" if "4xf32" in t else "vector<2x3xi1>"
        if "f32" in t:
            lines.append(f"  %xb{n} = arith.bitcast {x} : {t} to {it}")
            lines.append(f"  %yb{n} = arith.bitcast {y} : {t} to {it}")
            x, y = f"%xb{n}", f"%yb{n}"
        lines.append(f"  %ev{n} = arith.cmpi eq, {x}, {y} : {it}")
        if shaped != flat:
            lines.append(f"  %es{n} = vector.shape_cast %ev{n} : {shaped} "
                         f"to {flat}")
        else:
            lines.append(f"  %es{n} = arith.andi %ev{n}, %ev{n} : {flat}")
        lines.append(f"  {b} = vector.reduction <and>, %es{n} : {flat} into i1")
    elif kind == "quant":
        lines.append(f"  %xb{n} = quant.scast {x} : {t} to i8")
        lines.append(f"  %yb{n} = quant.scast {y} : {t} to i8")
        lines.append(f"  {b} = arith.cmpi eq, %xb{n}, %yb{n} : i8")
    elif kind in ("uint", "sint"):
        w = int_width(t)
        lines.append(f"  %xb{n} = builtin.unrealized_conversion_cast {x} : "
                     f"{t} to i{w}")
        lines.append(f"  %yb{n} = builtin.unrealized_conversion_cast {y} : "
                     f"{t} to i{w}")
        lines.append(f"  {b} = arith.cmpi eq, %xb{n}, %yb{n} : i{w}")
    elif kind == "ptr":
        lines.append(f"  %xb{n} = llvm.ptrtoint {x} : !llvm.ptr to i64")
        lines.append(f"  %yb{n} = llvm.ptrtoint {y} : !llvm.ptr to i64")
        lines.append(f"  {b} = arith.cmpi eq, %xb{n}, %yb{n} : i64")
    return b


def check_gather(t, kind, op, mode, body, tag):
    """Appends a gather of %p[%i] in `mode` and the comparison of every
    result element with the params element (or zero) it must be; returns
    the number of printed comparisons."""
    rty = f"tensor<3x2x{t}>" if op == "gather" else f"tensor<3x{t}>"
    ity = "tensor<3xi32>" if op == "gather" else "tensor<3x2xi32>"
    oob = None if mode == "zero" else (2, 0)  # clamped to the last row
    if op == "gather":
        # Rows 2, 5 (out of bounds), 0.
        want = [(2, 0), (2, 1), oob and (2, 0), oob and (2, 1), (0, 0),
                (0, 1)]
        pos = [(k, j) for k in range(3) for j in range(2)]
    else:
        # Elements (2, 1), (7, 0) (out of bounds), (0, 0).
        want = [(2, 1), oob, (0, 0)]
        pos = [(k,) for k in range(3)]
    r = f"%r{tag}"
    body.append(f"  {r} = gather.{op} %p[%i] mode<{mode}> : "
                f"(tensor<3x2x{t}>, {ity}) -> {rty}")
    cs = ["%c0", "%c1", "%c2"]
    for k, (at, src) in enumerate(zip(pos, want)):
        n = f"{tag}{k}"
        at_s = ", ".join(cs[a] for a in at)
        body.append(f"  %x{n} = tensor.extract {r}[{at_s}] : {rty}")
        if src is None:
            y = zero(t, kind, body, n)
        else:
            y = f"%y{n}"
            body.append(f"  {y} = tensor.extract %p[{cs[src[0]]}, "
                        f"{cs[src[1]]}] : tensor<3x2x{t}>")
        compare(t, kind, f"%x{n}", y, body, n)
        body.append(f"  vector.print %eq{n} : i1")
    return len(pos)


def program(type_name, op):
    """The module for one type and op: a gather in mode<clamp> (a copy of
    ordinary payloads) and, for types with a zero (integers of any
    signedness, index, floats), one in mode<zero>."""
    t, kind = TYPES[type_name]
    ity = "tensor<3xi32>" if op == "gather" else "tensor<3x2xi32>"
    body = [f"  %c{k} = arith.constant {k} : index" for k in range(3)]
    count = check_gather(t, kind, op, "clamp", body, "a")
    if kind in ("int", "index", "float", "uint", "sint"):
        count += check_gather(t, kind, op, "zero", body, "b")
    idx = "dense<[2, 5, 0]>" if op == "gather" else \
        "dense<[[2, 1], [7, 0], [0, 0]]>"
    main = []
    params_constant(type_name, t, kind, main)
    main.append(f"  %i = arith.constant {idx} : {ity}")
    main.append(f"  call @check(%p, %i) : (tensor<3x2x{t}>, {ity}) -> ()")
    return (f"func.func @check(%p: tensor<3x2x{t}>, %i: {ity}) {{\n"
            + "\n".join(body) + "\n  return\n}\n\n"
            "func.func @main() {\n" + "\n".join(main) + "\n  return\n}\n",
            count)


#===------------------------------------------------------------------------===#
# Running
#===------------------------------------------------------------------------===#

CRASH = re.compile(r"LLVM ERROR|Stack dump|PLEASE submit|Assertion|"
                   r"UNREACHABLE|Sanitizer|runtime error")


def run_row(args, type_name, op, pipeline, workdir):
    """Returns (outcome, detail, command)."""
    text, count = program(type_name, op)
    path = os.path.join(workdir, f"{re.sub(r'[^a-zA-Z0-9]', '_', type_name)}"
                                 f"-{op}-{pipeline}.mlir")
    with open(path, "w") as f:
        f.write(text)
    flag, mode = PIPELINES[pipeline]
    flag = flag.format(cuda=args.cuda_path)
    name, _, opts = flag.partition("=")
    argv = [args.gather_opt, path, f"{name}={opts}" if opts else name]
    command = " ".join(argv[:2] + [repr(argv[2])])
    p = subprocess.run(argv, capture_output=True, text=True, timeout=300)
    if p.returncode < 0 or CRASH.search(p.stderr):
        return "crash", last_line(p.stderr, p.returncode), command
    if p.returncode != 0:
        t = TYPES[type_name][0]
        if "error:" in p.stderr and t in p.stderr:
            return "reject", first_error(p.stderr), command
        return "bad-diagnostic", first_error(p.stderr), command
    if mode == "compile":
        q = subprocess.run([args.mlir_translate, "--mlir-to-llvmir"],
                           input=p.stdout, capture_output=True, text=True,
                           timeout=300)
        if q.returncode != 0 or "gpu.binary" not in p.stdout:
            return "leftover", first_error(q.stderr), command
        return "ok", "", command
    runner = [args.mlir_runner, "-e", "main", "-entry-point-result=void"] + \
        [f"-shared-libs={os.path.join(args.llvm_lib_dir, lib)}" for lib in
         ("libmlir_runner_utils.so", "libmlir_c_runner_utils.so")]
    if "threads" in pipeline:
        runner.append(f"-shared-libs={args.libomp}")
    q = subprocess.run(runner, input=p.stdout, capture_output=True, text=True,
                       timeout=300)
    command += " | mlir-runner ..."
    if q.returncode != 0:
        return "leftover" if "could not parse" in q.stderr else "run-failed", \
            first_error(q.stderr) or last_line(q.stderr, q.returncode), command
    got = q.stdout.split()
    if got != ["1"] * count:
        return "wrong", " ".join(got), command
    return "ok", "", command


def first_error(stderr):
    for line in stderr.splitlines():
        if "error" in line:
            return line.strip()[:300]
    return stderr.strip().splitlines()[0][:300] if stderr.strip() else ""


def last_line(stderr, rc):
    lines = [l for l in stderr.splitlines() if l.strip()]
    crash = [l for l in lines if CRASH.search(l)]
    return (crash[0] if crash else lines[-1] if lines else f"rc={rc}")[:300]


def xfail_reason(type_name, op, pipeline):
    for key in ((type_name, op, pipeline), (type_name, "*", pipeline),
                (type_name, op, "*"), (type_name, "*", "*")):
        if key in XFAIL:
            return XFAIL[key]
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gather-opt", default="gather-opt")
    ap.add_argument("--mlir-runner", default="/usr/lib/llvm-22/bin/mlir-runner")
    ap.add_argument("--mlir-translate",
                    default="/usr/lib/llvm-22/bin/mlir-translate")
    ap.add_argument("--llvm-lib-dir", default="/usr/lib/llvm-22/lib")
    ap.add_argument("--libomp", default="/usr/lib/llvm-22/lib/libomp.so")
    ap.add_argument("--cuda-path", default="/usr/local/cuda")
    ap.add_argument("--pipelines", default=",".join(PIPELINES))
    ap.add_argument("--only", action="append", help="type names to run")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("-v", action="store_true", help="print every row")
    args = ap.parse_args()
    args.gather_opt = shutil.which(args.gather_opt) or args.gather_opt
    pipelines = [p for p in args.pipelines.split(",") if p]
    if "gpu-sm90" in pipelines and not os.path.isfile(os.path.join(
            args.cuda_path, "nvvm", "libdevice", "libdevice.10.bc")):
        print("element-type matrix: no CUDA toolkit, gpu-sm90 skipped")
        pipelines.remove("gpu-sm90")
    types = args.only or list(TYPES)
    rows = [(t, o, p) for t in types for o in OPS for p in pipelines]
    counts = {"passed": 0, "xfail": 0, "xpass": 0, "failed": 0}
    with tempfile.TemporaryDirectory() as workdir, \
            concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        futures = [pool.submit(run_row, args, *row, workdir) for row in rows]
        for (t, o, p), future in zip(rows, futures):
            outcome, detail, command = future.result()
            want = expected(t, p)
            reason = xfail_reason(t, o, p)
            good = outcome == want
            if good and reason is None:
                status = "PASS"
                counts["passed"] += 1
            elif not good and reason is not None:
                status = "XFAIL"
                counts["xfail"] += 1
            elif good:
                status = "XPASS"
                counts["xpass"] += 1
            else:
                status = "FAIL"
                counts["failed"] += 1
            if args.v or status not in ("PASS", "XFAIL"):
                print(f"{status}: {t:16} {o:9} {p:15} expected {want}, got "
                      f"{outcome} {detail}".rstrip())
                if status == "FAIL":
                    print(f"  reproduce: {command}")
                if status == "XPASS":
                    print(f"  now passes: remove it from XFAIL ({reason})")
    print(f"element-type matrix: {len(rows)} rows, {counts['passed']} passed, "
          f"{counts['xfail']} xfail, {counts['xpass']} xpass, "
          f"{counts['failed']} failed")
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
