// A generic SPMD driver for gather-mpi-pipeline output (llvm.emit_c_interface
// functions taking and returning memrefs), used with mpi_cases.py.
//
//   mpi_driver <dir> <case> <entry> <inputs> <result rank> [repeat]
//
// Each process reads its local block of input k from
// <dir>/<case>.in<k>.<rank>.bin, calls _mlir_ciface_<entry>(&result, &in0,
// ...) (found with dlsym: link with -rdynamic) `repeat` times (default 1)
// and writes the result of the last call to <dir>/<case>.out.<rank>.bin.
// A block file holds int64 element size, int64 rank, int64 sizes[rank], then
// the elements, row-major.
#include <dlfcn.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kMaxRank = 8, kMaxInputs = 4 };

// A memref descriptor of any rank up to kMaxRank: sizes in shape[0, rank),
// strides in shape[rank, 2 * rank), which is where the rank-specific struct
// MLIR passes has them.
typedef struct {
  void *allocated, *aligned;
  int64_t offset;
  int64_t shape[2 * kMaxRank];
} Descriptor;

typedef struct {
  int64_t elementBytes, rank;
} BlockInfo;

static void fail(const char *what, const char *path) {
  fprintf(stderr, "mpi_driver: %s %s\n", what, path);
  exit(2);
}

static BlockInfo readBlock(const char *path, Descriptor *d) {
  FILE *f = fopen(path, "rb");
  if (!f)
    fail("cannot open", path);
  BlockInfo info;
  if (fread(&info, sizeof info, 1, f) != 1 || info.rank > kMaxRank)
    fail("bad header in", path);
  int64_t count = 1;
  memset(d, 0, sizeof *d);
  if (info.rank &&
      fread(d->shape, sizeof(int64_t), info.rank, f) != (size_t)info.rank)
    fail("bad sizes in", path);
  for (int64_t i = info.rank - 1; i >= 0; --i) {
    d->shape[info.rank + i] = count;
    count *= d->shape[i];
  }
  d->allocated = d->aligned = malloc(count * info.elementBytes + 1);
  if (fread(d->aligned, info.elementBytes, count, f) != (size_t)count)
    fail("short data in", path);
  fclose(f);
  return info;
}

/// Writes the elements of `d` (any strides) row-major.
static void writeBlock(const char *path, const Descriptor *d, int64_t rank,
                       int64_t elementBytes) {
  FILE *f = fopen(path, "wb");
  if (!f)
    fail("cannot create", path);
  fwrite(&elementBytes, sizeof(int64_t), 1, f);
  fwrite(&rank, sizeof(int64_t), 1, f);
  fwrite(d->shape, sizeof(int64_t), rank, f);
  int64_t count = 1, index[kMaxRank] = {0};
  for (int64_t i = 0; i < rank; ++i)
    count *= d->shape[i];
  for (int64_t n = 0; n < count; ++n) {
    int64_t offset = d->offset;
    for (int64_t i = 0; i < rank; ++i)
      offset += index[i] * d->shape[rank + i];
    fwrite((char *)d->aligned + offset * elementBytes, elementBytes, 1, f);
    for (int64_t i = rank - 1; i >= 0 && ++index[i] == d->shape[i]; --i)
      index[i] = 0;
  }
  fclose(f);
}

typedef void (*Fn1)(Descriptor *, Descriptor *);
typedef void (*Fn2)(Descriptor *, Descriptor *, Descriptor *);
typedef void (*Fn3)(Descriptor *, Descriptor *, Descriptor *, Descriptor *);
typedef void (*Fn4)(Descriptor *, Descriptor *, Descriptor *, Descriptor *,
                    Descriptor *);

int main(int argc, char **argv) {
  if (argc < 6) {
    fprintf(stderr, "usage: %s dir case entry inputs result-rank [repeat]\n",
            argv[0]);
    return 2;
  }
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const char *dir = argv[1], *name = argv[2];
  int inputs = atoi(argv[4]), resultRank = atoi(argv[5]);
  long repeat = argc > 6 ? atol(argv[6]) : 1;
  if (inputs < 1 || inputs > kMaxInputs || resultRank > kMaxRank)
    fail("bad arguments for", name);

  char path[4096];
  Descriptor in[kMaxInputs];
  BlockInfo info[kMaxInputs];
  for (int k = 0; k < inputs; ++k) {
    snprintf(path, sizeof path, "%s/%s.in%d.%d.bin", dir, name, k, rank);
    info[k] = readBlock(path, &in[k]);
  }
  snprintf(path, sizeof path, "_mlir_ciface_%s", argv[3]);
  void *fn = dlsym(RTLD_DEFAULT, path);
  if (!fn)
    fail("no function", path);

  Descriptor result;
  for (long i = 0; i < repeat; ++i) {
    if (i)
      free(result.allocated);
    memset(&result, 0, sizeof result);
    switch (inputs) {
    case 1:
      ((Fn1)fn)(&result, &in[0]);
      break;
    case 2:
      ((Fn2)fn)(&result, &in[0], &in[1]);
      break;
    case 3:
      ((Fn3)fn)(&result, &in[0], &in[1], &in[2]);
      break;
    default:
      ((Fn4)fn)(&result, &in[0], &in[1], &in[2], &in[3]);
      break;
    }
  }
  // The result has the element type of the first input (params).
  snprintf(path, sizeof path, "%s/%s.out.%d.bin", dir, name, rank);
  writeBlock(path, &result, resultRank, info[0].elementBytes);
  MPI_Finalize();
  return 0;
}
