#!/usr/bin/python3
"""Bandwidth of the gather kernels of gather-gpu-pipeline on a GPU.

For each case (a gather or gather_nd shape) this script writes an MLIR
program that builds the operands on the host, calls the gather `--iters`
times and copies a device buffer of the result's size `--iters` times with
gpu.memcpy (device to device). It lowers the program with
`gather-opt --gather-gpu-pipeline` and runs it with mlir-runner and the
gather_cuda_runtime library with GATHER_CUDA_TIMING=1: the runtime then
times every kernel launch and every memcpy with CUDA events and reports them
on stderr. Host-device copies of the operands (the pipeline copies host
tensors in and out) are timed separately and are not part of the kernel
numbers.

Reported per case (median over the iterations after the first):
  gather    bytes the kernel must move / kernel time
  copy      the same for cuMemcpyDtoD of the result's bytes
  vs copy   gather bandwidth as a fraction of the copy's
  torch     torch.index_select / torch.gather / advanced indexing on the GPU,
            timed with torch.cuda events (when torch has CUDA)
Bytes moved: a gather reads and writes every result element once and reads
each index once (2 * result bytes + index bytes); a copy reads and writes
its bytes (2 * result bytes). 1 GB/s = 1e9 bytes/s.

Usage (on a machine with an NVIDIA GPU, from the repository root, after
`ninja -C build gather-opt gather_cuda_runtime`):
  /usr/bin/python3 bench/gpu/bench.py                 # all cases
  /usr/bin/python3 bench/gpu/bench.py --cases rows128 --iters 20 --csv out.csv
  /usr/bin/python3 bench/gpu/bench.py --compile-only  # no GPU needed
  /usr/bin/python3 bench/gpu/bench.py --scale 16      # 16x the indices
On a GPU machine without LLVM: link the programs here, run them there
(python3 with torch there adds torch's numbers):
  /usr/bin/python3 bench/gpu/bench.py --build-aot DIR --chip sm_90
  python3 bench/gpu/bench.py --prebuilt DIR --csv gpu.csv      # there
"""

import argparse
import csv
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

ELEMENT_BYTES = {"f32": 4, "f16": 2, "i32": 4, "i64": 8}


class Case:
    """One benchmark shape. `op` is gather or gather_nd."""

    def __init__(self, name, op, params, indices, etype="f32", itype="i32",
                 axis=0, note=""):
        self.name, self.op, self.params, self.indices = name, op, params, indices
        self.etype, self.itype, self.axis, self.note = etype, itype, axis, note

    def result_shape(self):
        p, i = self.params, self.indices
        if self.op == "gather":
            return p[:self.axis] + i + p[self.axis + 1:]
        depth = i[-1]
        return i[:-1] + p[depth:]

    def result_elements(self):
        n = 1
        for d in self.result_shape():
            n *= d
        return n

    def index_elements(self):
        n = 1
        for d in self.indices:
            n *= d
        return n

    def kernel_bytes(self):
        """Bytes a gather kernel must move: result read + written, indices
        read once per slice (each index component)."""
        return (2 * self.result_elements() * ELEMENT_BYTES[self.etype] +
                self.index_elements() * ELEMENT_BYTES[self.itype])

    def copy_bytes(self):
        return 2 * self.result_elements() * ELEMENT_BYTES[self.etype]


CASES = [
    Case("rows128", "gather", [262144, 128], [65536],
         note="embedding rows, 512 B slices, 128-bit accesses"),
    Case("rows64f16", "gather", [262144, 64], [131072], etype="f16",
         note="f16 rows, 128 B slices (vector<8xf16>)"),
    Case("rows7", "gather", [1048576, 7], [262144],
         note="28 B slices: scalar fallback"),
    Case("scalars", "gather", [16777216], [4194304], itype="i64",
         note="one element per index"),
    Case("columns", "gather", [4096, 4096], [1024], axis=1,
         note="axis 1: 4096 outer rows x 1024 indices, 1-element slices"),
    Case("nd2", "gather_nd", [512, 512, 64], [65536, 2],
         note="gather_nd with index pairs, 256 B slices"),
]


def tensor(shape, etype):
    return "tensor<%sx%s>" % ("x".join(map(str, shape)), etype)


def generator_body(shape, etype, modulus):
    """A tensor.generate body giving element (i0, i1, ...) a value that
    depends on all coordinates (pseudo-random indices in [0, modulus))."""
    args = ", ".join("%%d%d: index" % k for k in range(len(shape)))
    lines = ["^bb0(%s):" % args, "  %lin0 = arith.constant 0 : index"]
    prev = "%lin0"
    for k, dim in enumerate(shape):
        lines.append("  %%c%d_%d = arith.constant %d : index" % (k, dim, dim))
        lines.append("  %%m%d = arith.muli %s, %%c%d_%d : index" % (k, prev, k, dim))
        lines.append("  %%lin%d = arith.addi %%m%d, %%d%d : index" % (k + 1, k, k))
        prev = "%%lin%d" % (k + 1)
    if modulus:
        lines += ["  %mul = arith.constant 2654435761 : index",
                  "  %%h = arith.muli %s, %%mul : index" % prev,
                  "  %%mod = arith.constant %d : index" % modulus,
                  "  %v = arith.remui %h, %mod : index"]
        prev = "%v"
    ity = {"f32": "i32", "f16": "i16", "i32": "i32", "i64": "i64"}[etype]
    lines.append("  %%iv = arith.index_cast %s : index to %s" % (prev, ity))
    if etype.startswith("f"):
        lines.append("  %%e = arith.uitofp %%iv : %s to %s" % (ity, etype))
        prev = "%e"
    else:
        prev = "%iv"
    lines.append("  tensor.yield %s : %s" % (prev, etype))
    return "\n".join("    " + l for l in lines)


def program(case, iters):
    """The MLIR benchmark program of `case`."""
    pt = tensor(case.params, case.etype)
    it = tensor(case.indices, case.itype)
    rt = tensor(case.result_shape(), case.etype)
    if case.op == "gather":
        op = "gather.gather %%p[%%i] axis = %d : (%s, %s) -> %s" % (
            case.axis, pt, it, rt)
        # Indices cover the gathered dimension.
        modulus = case.params[case.axis]
    else:
        op = "gather.gather_nd %%p[%%i] : (%s, %s) -> %s" % (pt, it, rt)
        modulus = min(case.params[:case.indices[-1]])
    flat = case.result_elements()
    mt = "memref<%dx%s>" % (flat, case.etype)
    return """// Benchmark program of case %(name)s (bench/gpu/bench.py).
func.func @gather(%%p: %(pt)s, %%i: %(it)s) -> %(rt)s {
  %%r = %(op)s
  return %%r : %(rt)s
}

// One device-to-device copy of the result's bytes.
func.func @copy(%%dst: %(mt)s, %%src: %(mt)s) {
  gpu.memcpy %%dst, %%src : %(mt)s, %(mt)s
  return
}

func.func @main() {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%iters = arith.constant %(iters)d : index
  %%p = tensor.generate {
%(pgen)s
  } : %(pt)s
  %%i = tensor.generate {
%(igen)s
  } : %(it)s
  scf.for %%k = %%c0 to %%iters step %%c1 {
    %%r = func.call @gather(%%p, %%i) : (%(pt)s, %(it)s) -> %(rt)s
  }
  // Freed by hand: buffer deallocation must leave these alone.
  %%a = gpu.alloc () {bufferization.manual_deallocation} : %(mt)s
  %%b = gpu.alloc () {bufferization.manual_deallocation} : %(mt)s
  scf.for %%k = %%c0 to %%iters step %%c1 {
    func.call @copy(%%b, %%a) : (%(mt)s, %(mt)s) -> ()
  }
  gpu.dealloc %%a {bufferization.manual_deallocation} : %(mt)s
  gpu.dealloc %%b {bufferization.manual_deallocation} : %(mt)s
  return
}
""" % dict(name=case.name, pt=pt, it=it, rt=rt, op=op, mt=mt, iters=iters,
           pgen=generator_body(case.params, case.etype, 0),
           igen=generator_body(case.indices, case.itype, modulus))


TIME_KERNEL = re.compile(r"gather_cuda_runtime: time kernel (\S+) .* ms ([0-9.]+)")
TIME_COPY = re.compile(r"gather_cuda_runtime: time memcpy DtoD bytes (\d+) ms ([0-9.]+)")


def median_after_warmup(times):
    times = times[1:] if len(times) > 1 else times
    return statistics.median(times) if times else None


def gbps(nbytes, ms):
    return nbytes / (ms * 1e-3) / 1e9 if ms else None


def detect_chip():
    try:
        out = subprocess.run(
            ["nvidia-smi", "--query-gpu=compute_cap", "--format=csv,noheader"],
            capture_output=True, text=True, timeout=30).stdout.split()
        if out:
            return "sm_" + out[0].replace(".", "")
    except (OSError, subprocess.SubprocessError):
        pass
    return "sm_90"


def lower_case(case, args, workdir):
    """Writes the case's program and lowers it; returns the lowered file."""
    src = os.path.join(workdir, case.name + ".mlir")
    lowered = os.path.join(workdir, case.name + ".ll.mlir")
    with open(src, "w") as f:
        f.write(program(case, args.iters))
    pipeline = "--gather-gpu-pipeline=chip=%s format=bin cuda-path=%s %s" % (
        args.chip, args.cuda_path, args.pipeline_options)
    subprocess.run([args.gather_opt, src, pipeline, "-o", lowered], check=True)
    return lowered


def run_case(case, args, workdir):
    env = dict(os.environ, GATHER_CUDA_TIMING="1")
    if args.prebuilt:
        # An executable of --build-aot: no LLVM needed here.
        command = [os.path.join(args.prebuilt, case.name)]
    else:
        lowered = lower_case(case, args, workdir)
        if args.compile_only:
            return {"case": case.name, "note": "compiled: " + lowered}
        if args.build_aot:
            subprocess.run([os.path.join(ROOT, "utils/gpu-aot/link.sh"),
                            lowered, "main",
                            os.path.join(args.build_aot, case.name)],
                           check=True)
            return {"case": case.name, "note": "linked"}
        lib = args.llvm_lib_dir
        command = [args.mlir_runner, lowered, "-e", "main",
                   "-entry-point-result=void",
                   "-shared-libs=" + os.path.join(lib, "libmlir_runner_utils.so"),
                   "-shared-libs=" + os.path.join(lib, "libmlir_c_runner_utils.so"),
                   "-shared-libs=" + args.runtime_lib]
    run = subprocess.run(command, capture_output=True, text=True, env=env)
    if run.returncode != 0:
        sys.exit("bench: %s failed:\n%s" % (case.name, run.stderr[-4000:]))
    kernel = [float(m.group(2)) for m in TIME_KERNEL.finditer(run.stderr)
              if m.group(1).startswith("gather_kernel")]
    copy = [float(m.group(2)) for m in TIME_COPY.finditer(run.stderr)]
    if len(kernel) < args.iters or len(copy) < args.iters:
        sys.exit("bench: %s: expected %d kernel and copy timings, got %d and "
                 "%d (is GATHER_CUDA_TIMING honoured?)" % (
                     case.name, args.iters, len(kernel), len(copy)))
    k_ms, c_ms = median_after_warmup(kernel), median_after_warmup(copy)
    row = {"case": case.name, "note": case.note,
           "kernel_ms": k_ms, "copy_ms": c_ms,
           "gather_GBps": gbps(case.kernel_bytes(), k_ms),
           "copy_GBps": gbps(case.copy_bytes(), c_ms)}
    row["vs_copy"] = row["gather_GBps"] / row["copy_GBps"]
    if not args.no_torch:
        row.update(torch_times(case, args))
    return row


def torch_times(case, args):
    """Median times of torch's equivalents, or a note why there are none."""
    try:
        import torch
    except ImportError:
        return {"torch": "torch not installed"}
    if not torch.cuda.is_available():
        return {"torch": "torch %s has no CUDA device (built without CUDA, "
                         "or no GPU visible)" % torch.__version__}
    dev = torch.device("cuda")
    dtype = {"f32": torch.float32, "f16": torch.float16, "i32": torch.int32,
             "i64": torch.int64}[case.etype]
    params = torch.rand(case.params, device=dev).to(dtype)
    gen = torch.Generator(device=dev).manual_seed(0)
    if case.op == "gather":
        idx = torch.randint(0, case.params[case.axis], case.indices,
                            device=dev, generator=gen)
        flat = idx.reshape(-1)
        ops = {"torch_index_select": lambda: torch.index_select(
            params, case.axis, flat)}
        if case.axis == 0 and len(case.indices) == 1:
            expanded = flat.view(-1, *([1] * (len(case.params) - 1))).expand(
                -1, *case.params[1:])
            ops["torch_gather"] = lambda: torch.gather(params, 0, expanded)
    else:
        depth = case.indices[-1]
        idx = [torch.randint(0, case.params[k], case.indices[:-1], device=dev,
                             generator=gen) for k in range(depth)]
        ops = {"torch_advanced_indexing": lambda: params[tuple(idx)]}
    out = {}
    for name, fn in ops.items():
        times = []
        for _ in range(args.iters):
            start = torch.cuda.Event(enable_timing=True)
            stop = torch.cuda.Event(enable_timing=True)
            start.record()
            fn()
            stop.record()
            torch.cuda.synchronize()
            times.append(start.elapsed_time(stop))
        out[name + "_GBps"] = gbps(case.kernel_bytes(), median_after_warmup(times))
    return out


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__[__doc__.index("Reported"):])
    ap.add_argument("--cases", help="comma-separated case names (default: all: %s)"
                    % ",".join(c.name for c in CASES))
    ap.add_argument("--iters", type=int, default=10)
    ap.add_argument("--pipeline-options", default="",
                    help="more gather-gpu-pipeline options, e.g. "
                    "'block-size=512 max-blocks=65536'")
    ap.add_argument("--no-torch", action="store_true",
                    help="time the generated kernels and copies only (runs "
                    "that sweep launch configurations)")
    ap.add_argument("--scale", type=int, default=1,
                    help="multiply each case's number of indices (its first "
                    "indices dimension) by this")
    ap.add_argument("--chip", help="default: from nvidia-smi, else sm_90")
    ap.add_argument("--cuda-path", default="/usr/local/cuda")
    ap.add_argument("--gather-opt", default=os.path.join(ROOT, "build/bin/gather-opt"))
    ap.add_argument("--mlir-runner", default=shutil.which("mlir-runner")
                    or "/usr/lib/llvm-22/bin/mlir-runner")
    ap.add_argument("--llvm-lib-dir", default="/usr/lib/llvm-22/lib")
    ap.add_argument("--runtime-lib", default=os.path.join(
        ROOT, "build/lib/libgather_cuda_runtime.so"))
    ap.add_argument("--compile-only", action="store_true",
                    help="write and lower the programs, run nothing (no GPU needed)")
    ap.add_argument("--build-aot", metavar="DIR",
                    help="link each case's program into an executable in DIR "
                    "(utils/gpu-aot), for a GPU machine without LLVM; runs "
                    "nothing")
    ap.add_argument("--prebuilt", metavar="DIR",
                    help="run the executables of --build-aot in DIR instead "
                    "of lowering and running with mlir-runner")
    ap.add_argument("--keep", help="keep the programs in this directory")
    ap.add_argument("--csv", help="also write the table to this CSV file")
    args = ap.parse_args()
    if args.iters < 2:
        ap.error("--iters must be at least 2 (the first run is a warm-up)")
    args.chip = args.chip or detect_chip()
    cases = CASES
    if args.cases:
        wanted = args.cases.split(",")
        unknown = set(wanted) - {c.name for c in CASES}
        if unknown:
            ap.error("unknown cases: " + ", ".join(sorted(unknown)))
        cases = [c for c in CASES if c.name in wanted]
    if args.scale != 1:
        # More indices, the same params: kernels long enough that launch
        # overhead does not weigh on them.
        cases = [Case(c.name, c.op, c.params,
                      [c.indices[0] * args.scale] + c.indices[1:],
                      c.etype, c.itype, c.axis, c.note) for c in cases]
    workdir = args.keep or tempfile.mkdtemp(prefix="gather-gpu-bench.")
    os.makedirs(workdir, exist_ok=True)
    if args.build_aot:
        args.build_aot = os.path.abspath(args.build_aot)
        subprocess.run([os.path.join(ROOT, "utils/gpu-aot/build.sh"),
                        args.build_aot, args.chip, "libraries-only"],
                       check=True)

    rows = [run_case(c, args, workdir) for c in cases]
    columns = ["case", "kernel_ms", "gather_GBps", "copy_GBps", "vs_copy"]
    extra = sorted({k for r in rows for k in r} - set(columns) - {"note", "copy_ms"})
    columns += extra + ["note"]
    print("chip %s, %d iterations, medians after a warm-up; GB/s = 1e9 B/s"
          % (args.chip, args.iters))
    print(" | ".join(columns))
    for r in rows:
        cells = []
        for col in columns:
            v = r.get(col, "")
            cells.append("%.3f" % v if isinstance(v, float) else str(v))
        print(" | ".join(cells))
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=columns + ["copy_ms"])
            w.writeheader()
            w.writerows(rows)
    if not args.keep:
        shutil.rmtree(workdir)


if __name__ == "__main__":
    main()
