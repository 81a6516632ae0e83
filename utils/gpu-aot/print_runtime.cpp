//===- print_runtime.cpp - the runner utilities the GPU tests print with --===//
//
// Part of the gather project.
//
// The printMemref* entry points of MLIR's runner utilities, built from
// their header-only printers (RunnerUtils.h) into a library without LLVM or
// MLIR dependencies: a GPU machine without LLVM can then run the tests'
// programs compiled ahead of time (utils/gpu-aot/build.sh), and print what
// mlir-runner with libmlir_runner_utils would. The scalar printers
// (vector.print's lowering) print as libmlir_c_runner_utils' do, and
// memrefCopy (memref.copy of non-contiguous views) copies element by
// element.
//
//===----------------------------------------------------------------------===//

#include "mlir/ExecutionEngine/RunnerUtils.h"

#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

template <typename T> static void printUnranked(int64_t rank, void *ptr) {
  UnrankedMemRefType<T> descriptor = {rank, ptr};
  impl::printMemRef(descriptor);
}

template <typename T> static void printShape(UnrankedMemRefType<T> *m) {
  std::cout << "Unranked Memref ";
  printMemRefMetaData(std::cout, DynamicMemRefType<T>(*m));
  std::cout << "\n";
}

// The 16-bit floats print as the floats they widen to, as in
// libmlir_float16_utils.
std::ostream &operator<<(std::ostream &os, const f16 &value) {
  _Float16 half;
  std::memcpy(&half, &value.bits, sizeof(half));
  return os << static_cast<float>(half);
}
std::ostream &operator<<(std::ostream &os, const bf16 &value) {
  uint32_t bits = uint32_t(value.bits) << 16;
  float widened;
  std::memcpy(&widened, &bits, sizeof(widened));
  return os << widened;
}

// Each element type's printers: the plain entry point (an unranked memref
// passed as rank and descriptor pointer), the C-interface one (functions
// with llvm.emit_c_interface), and the shape-only one.
#define GATHER_PRINTERS(SUFFIX, T)                                             \
  extern "C" void printMemref##SUFFIX(int64_t rank, void *ptr) {               \
    printUnranked<T>(rank, ptr);                                               \
  }                                                                            \
  extern "C" void _mlir_ciface_printMemref##SUFFIX(UnrankedMemRefType<T> *m) { \
    impl::printMemRef(*m);                                                     \
  }                                                                            \
  extern "C" void _mlir_ciface_printMemrefShape##SUFFIX(                       \
      UnrankedMemRefType<T> *m) {                                              \
    printShape(m);                                                             \
  }
GATHER_PRINTERS(I8, int8_t)
GATHER_PRINTERS(I16, int16_t)
GATHER_PRINTERS(I32, int32_t)
GATHER_PRINTERS(I64, int64_t)
GATHER_PRINTERS(F16, f16)
GATHER_PRINTERS(BF16, bf16)
GATHER_PRINTERS(F32, float)
GATHER_PRINTERS(F64, double)
#undef GATHER_PRINTERS

/// Prints a float as libmlir_c_runner_utils does (a negative NaN as -nan).
template <typename T> static void printFloat(T value) {
  if (std::isnan(value) && std::signbit(value))
    fputs("-nan", stdout);
  else
    fprintf(stdout, "%g", double(value));
}

extern "C" {
void printI64(int64_t i) { fprintf(stdout, "%" PRId64, i); }
void printU64(uint64_t u) { fprintf(stdout, "%" PRIu64, u); }
void printF32(float f) { printFloat(f); }
void printF64(double d) { printFloat(d); }
void printString(char const *s) { fputs(s, stdout); }
void printOpen() { fputs("( ", stdout); }
void printClose() { fputs(" )", stdout); }
void printComma() { fputs(", ", stdout); }
void printNewline() { fputc('\n', stdout); }
void memrefCopy(int64_t elementBytes, UnrankedMemRefType<char> *source,
                UnrankedMemRefType<char> *target) {
  DynamicMemRefType<char> from(*source), to(*target);
  int64_t count = 1;
  for (int64_t d = 0; d < from.rank; ++d)
    count *= from.sizes[d];
  std::vector<int64_t> index(from.rank, 0);
  for (int64_t n = 0; n < count; ++n) {
    int64_t fromOffset = from.offset, toOffset = to.offset;
    for (int64_t d = 0; d < from.rank; ++d) {
      fromOffset += index[d] * from.strides[d];
      toOffset += index[d] * to.strides[d];
    }
    std::memcpy(to.data + toOffset * elementBytes,
                from.data + fromOffset * elementBytes, elementBytes);
    for (int64_t d = from.rank - 1; d >= 0; --d) {
      if (++index[d] < from.sizes[d])
        break;
      index[d] = 0;
    }
  }
}
}
