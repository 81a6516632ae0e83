#!/usr/bin/python3
"""What error mode's index check costs a scalar gather (bench/ANALYSIS.md).

Builds three hand-written versions of the kernel of `elements_f32_i32_l2`
(params 4 x 16384 f32, 16384 i32 indices, axis -1; L2-resident), links each
into the benchmark harness and prints the harness's line for each, the C++
loop measured in the same process:

  checked    what gather-cpu-pipeline emits: per chunk of 1024 positions an
             or-reduction of the bound checks, then the unchecked copy loop
  unchecked  the copy loop alone (no check: what the C++ loop does)
  fused      check and copy in one loop, reading at min(index, N - 1)

Needs `bench/run.py --cases elements_f32_i32_l2` to have run once (for
build/bench/elements_f32_i32_l2_t1/case.h).
"""
import os
import sys

from harness_link import LLVM, ROOT, link_harness, run, run_harness

CASE = os.path.join(ROOT, "build", "bench", "elements_f32_i32_l2_t1")

HEAD = """func.func private @exit(i32)
func.func @kernel(%p: memref<4x16384xf32>, %i: memref<16384xi32>,
                  %out: memref<4x16384xf32>) attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c1024 = arith.constant 1024 : index
  %n = arith.constant 16384 : index
  %nm1 = arith.constant 16383 : index
  %false = arith.constant false
  %c1i = arith.constant 1 : i32
  scf.for %o = %c0 to %c4 step %c1 {
    scf.for %lo = %c0 to %n step %c1024 {
      %hi0 = arith.addi %lo, %c1024 : index
      %hi = arith.minui %hi0, %n : index
"""
CHECK = """      %bad = scf.for %m = %lo to %hi step %c1 iter_args(%acc = %false) -> (i1) {
        %x = memref.load %i[%m] : memref<16384xi32>
        %xi = arith.index_cast %x : i32 to index
        %b = arith.cmpi uge, %xi, %n : index
        %a = arith.ori %acc, %b : i1
        scf.yield %a : i1
      }
      scf.if %bad { func.call @exit(%c1i) : (i32) -> () }
"""
COPY = """      scf.for %m = %lo to %hi step %c1 {
        %x = memref.load %i[%m] : memref<16384xi32>
        %xi = arith.index_cast %x : i32 to index
        %v = memref.load %p[%o, %xi] : memref<4x16384xf32>
        memref.store %v, %out[%o, %m] : memref<4x16384xf32>
      }
"""
FUSED = """      %bad = scf.for %m = %lo to %hi step %c1 iter_args(%acc = %false) -> (i1) {
        %x = memref.load %i[%m] : memref<16384xi32>
        %xi = arith.index_cast %x : i32 to index
        %b = arith.cmpi uge, %xi, %n : index
        %a = arith.ori %acc, %b : i1
        %xc = arith.minui %xi, %nm1 : index
        %v = memref.load %p[%o, %xc] : memref<4x16384xf32>
        memref.store %v, %out[%o, %m] : memref<4x16384xf32>
        scf.yield %a : i1
      }
      scf.if %bad { func.call @exit(%c1i) : (i32) -> () }
"""
TAIL = "    }\n  }\n  return\n}\n"
VARIANTS = {"checked": CHECK + COPY, "unchecked": COPY, "fused": FUSED}


def main():
    if not os.path.exists(os.path.join(CASE, "case.h")):
        sys.exit("run bench/run.py --cases elements_f32_i32_l2 first")
    work = os.path.join(ROOT, "build", "bench", "check_cost")
    os.makedirs(work, exist_ok=True)
    exes = {}
    for name, body in VARIANTS.items():
        base = os.path.join(work, name)
        with open(base + ".mlir", "w") as f:
            f.write(HEAD + body + TAIL)
        lowered = run([f"{LLVM}/bin/mlir-opt", base + ".mlir",
                       "--convert-scf-to-cf", "--finalize-memref-to-llvm",
                       "--convert-arith-to-llvm", "--convert-cf-to-llvm",
                       "--convert-func-to-llvm",
                       "--reconcile-unrealized-casts"],
                      capture_output=True).stdout
        link_harness(lowered, CASE, base)
        exes[name] = base
    for _ in range(3):
        for name, exe in exes.items():
            print(f"{name:10s} {run_harness(exe)}")


if __name__ == "__main__":
    main()
