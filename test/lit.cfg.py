# -*- Python -*-
# lit configuration of the gather project's tests.

import os
import shutil
import subprocess

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "GATHER"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "lit.local.cfg", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.gather_obj_root, "test")

config.environment["FILECHECK_OPTS"] = "-enable-var-scope --allow-unused-prefixes=false"
llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()
# LLVM 22's tools (not, FileCheck, clang, ...) come first, before any older
# LLVM on PATH, wherever a RUN line names them.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.gather_tools_dir, append_path=True)
config.substitutions.append(("%clang", os.path.join(config.llvm_tools_dir, "clang")))

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%shlibext", ".so"))
config.substitutions.append(("%gather_src_root", config.gather_src_root))
config.substitutions.append(("%gather_lib_dir", config.gather_lib_dir))
config.substitutions.append(("%gather_obj_root", config.gather_obj_root))
config.substitutions.append(("%llvm_tools_dir", config.llvm_tools_dir))
config.substitutions.append(("%llvm_lib_dir", config.llvm_lib_dir))
# The interpreter CMake chose (GATHER_TEST_PYTHON in test/CMakeLists.txt: one
# that imports numpy, which is not always the first python3 on PATH), in
# place of lit's default (the interpreter lit runs under).
config.substitutions = [s for s in config.substitutions if s[0] != "%python"]
config.substitutions.append(("%python", '"%s"' % config.python_executable))
# The TensorFlow reference pages of the seed examples (GATHER_SEEDS_DIR),
# where configured.
if config.gather_seeds_dir and os.path.isdir(config.gather_seeds_dir):
    config.available_features.add("seed-pages")
    config.substitutions.append(("%gather_seeds_dir", config.gather_seeds_dir))
config.substitutions.append(
    ("%mlir_runner_utils", os.path.join(config.llvm_lib_dir, "libmlir_runner_utils.so")))
config.substitutions.append(
    ("%mlir_c_runner_utils", os.path.join(config.llvm_lib_dir, "libmlir_c_runner_utils.so")))

tool_dirs = [config.gather_tools_dir, config.llvm_tools_dir]
tools = [
    "gather-opt",
    "gather-lsp-server",
    "mlir-opt",
    "mlir-runner",
    "mlir-translate",
    ToolSubst("%cuda_runtime_lib", os.path.join(
        config.gather_lib_dir, "libgather_cuda_runtime.so"), unresolved="ignore"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# The sanitizer lane (scripts/test.sh --sanitize): the project's code is
# built with AddressSanitizer and UndefinedBehaviorSanitizer, Debian's
# libMLIR is not. Its allocator poisoning, inlined into the project's code,
# reads as use-after-poison there: allow_user_poisoning=0 turns that off.
# Any report fails the test (UBSan is built without recovery).
sanitized = bool(getattr(config, "gather_sanitizer", ""))
if sanitized:
    config.available_features.add("asan")
    config.environment["ASAN_OPTIONS"] = "allow_user_poisoning=0:detect_leaks=0"
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
# The libFuzzer target, built in the sanitizer lane (tools/gather-fuzz).
fuzzer = os.path.join(config.gather_tools_dir, "gather-fuzz")
if os.path.exists(fuzzer):
    config.available_features.add("fuzzer")
    config.substitutions.append(("%gather_fuzz", fuzzer))
    config.substitutions.append(
        ("%fuzz_seconds", lit_config.params.get("fuzz_seconds", "60")))

# Optional parts: ptxas (serialize GPU modules), a GPU to run them on.
# The toolkit is the one CMake found (GATHER_CUDA_TOOLKIT_ROOT).
cuda_root = config.cuda_toolkit_root
if cuda_root and os.path.exists(os.path.join(cuda_root, "bin", "ptxas")):
    config.available_features.add("ptxas")
    config.substitutions.append(("%cuda_toolkit", cuda_root))
# An instrumented runtime library cannot be loaded into mlir-runner, which
# is not: the sanitizer lane leaves GPU runs to the normal one.
if config.enable_cuda_runtime and not sanitized:
    config.available_features.add("cuda-runtime")
if shutil.which("nvidia-smi"):
    try:
        if subprocess.run(["nvidia-smi", "-L"], capture_output=True,
                          timeout=30).returncode == 0:
            config.available_features.add("gpu")
    except Exception:
        pass
# Installing and building a user's project takes a while; on by default.
# (Not in the sanitizer lane: a user's project would need the sanitizer
# runtimes to link the instrumented libraries, and valgrind cannot run an
# instrumented gather-opt.)
if shutil.which("cmake") and shutil.which("ninja") and not sanitized:
    config.available_features.add("install-test")
if shutil.which("valgrind") and not sanitized:
    config.available_features.add("valgrind")
# gather-opt linked with jemalloc (GATHER_ENABLE_JEMALLOC).
if config.enable_jemalloc:
    config.available_features.add("jemalloc")
# LLVM's OpenMP runtime, for gather-cpu-pipeline{num-threads=N}.
libomp = os.path.join(config.llvm_lib_dir, "libomp.so")
if os.path.exists(libomp):
    config.available_features.add("libomp")
    config.substitutions.append(("%libomp", libomp))
# MPI (MPICH) for gather-mpi-pipeline's execution tests: mpiexec to run,
# mpicc -show for the header and library flags the tests pass to clang.
mpiexec, mpicc = shutil.which("mpiexec"), shutil.which("mpicc")
if mpiexec and mpicc:
    try:
        words = subprocess.run([mpicc, "-show"], capture_output=True, text=True,
                               timeout=30).stdout.split()
        cflags = [w for w in words if w.startswith("-I")]
        libs = [w for w in words if w.startswith(("-L", "-l"))]
        if any(w == "-lmpich" for w in libs):
            config.available_features.add("mpi")
            config.substitutions.append(("%mpiexec", mpiexec))
            config.substitutions.append(("%mpi_cflags", " ".join(cflags)))
            config.substitutions.append(("%mpi_libs", " ".join(libs)))
    except Exception:
        pass
