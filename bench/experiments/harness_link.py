"""Shared by the experiments: links a hand-written kernel (LLVM dialect
MLIR) into the benchmark harness of a case, and runs the harness."""
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LLVM = "/usr/lib/llvm-22"


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, text=True, **kw)


def link_harness(lowered, case_dir, base):
    """Translates `lowered` (LLVM dialect text) to `base`.ll, compiles it and
    links it with bench/harness/harness.cpp for the case in `case_dir`
    (its case.h) into the executable `base`."""
    run([f"{LLVM}/bin/mlir-translate", "--mlir-to-llvmir", "-o",
         base + ".ll"], input=lowered)
    run(["clang-22", "-O3", "-march=native", "-c", base + ".ll", "-o",
         base + ".o", "-Wno-override-module"])
    run(["clang++-22", "-std=c++17", "-O3", "-march=native", "-fopenmp",
         "-I", case_dir, os.path.join(ROOT, "bench", "harness", "harness.cpp"),
         base + ".o", "-o", base, f"-L{LLVM}/lib",
         f"-Wl,-rpath,{LLVM}/lib", "-lmlir_c_runner_utils", "-lm"])
    return base


def run_harness(exe):
    """One single-threaded harness run (CPU clock): its RESULT line."""
    return run([exe, "1", "5", "0.05", "0", "cpu"],
               capture_output=True).stdout.strip()
