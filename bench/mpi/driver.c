// Times one function of a gather-mpi-pipeline module on every MPI process
// (bench/mpi/run.py builds it).
//
//   driver <entry> <vocab> <hidden> <tokens> <rows-split: 0|1> <iterations>
//
// Each process passes the table (its block of rows when rows-split is 1:
// vocab / processes rows starting at rank * that, else the whole table) and
// all the token ids, calls _mlir_ciface_<entry>(&result, &table, &ids) once
// to warm up and check, then `iterations` times, each after an MPI_Barrier.
// The time of a call is the slowest process's. The entries MPI_Allreduce and
// MPI_Allgather instead time the library call alone on buffers allocated
// once: an in-place sum of the T x H result, a gather of the table blocks
// (the floors of vocab_parallel's and all_gather_table's communication).
// Rank 0 prints one line:
//   <entry> processes=<n> median_ms=<m> min_ms=<m> checked=<ok|WRONG>
#include <dlfcn.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} Memref2F32;
typedef struct {
  int64_t *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
} Memref1I64;
typedef void (*Entry)(Memref2F32 *, Memref2F32 *, Memref1I64 *);

static float tableValue(int64_t row, int64_t col) {
  return (float)(row % 1024) + (float)(col % 64) / 64.0f;
}

static int compareDoubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc != 7) {
    if (!rank)
      fprintf(stderr, "usage: %s entry vocab hidden tokens rows-split iters\n",
              argv[0]);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  const char *entry = argv[1];
  int64_t vocab = atoll(argv[2]), hidden = atoll(argv[3]),
          tokens = atoll(argv[4]);
  int split = atoi(argv[5]), iterations = atoi(argv[6]);

  int reference = !strncmp(entry, "MPI_", 4);
  char symbol[256];
  snprintf(symbol, sizeof symbol, "_mlir_ciface_%s", entry);
  Entry fn = reference ? NULL : (Entry)dlsym(RTLD_DEFAULT, symbol);
  if (!fn && !reference) {
    fprintf(stderr, "no %s\n", symbol);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }

  int64_t rows = split ? vocab / size : vocab, first = split ? rank * rows : 0;
  float *table = malloc(sizeof(float) * rows * hidden);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < hidden; ++c)
      table[r * hidden + c] = tableValue(first + r, c);
  int64_t *ids = malloc(sizeof(int64_t) * tokens);
  uint64_t state = 88172645463325252ull;
  for (int64_t i = 0; i < tokens; ++i) {
    state ^= state << 13, state ^= state >> 7, state ^= state << 17;
    ids[i] = (int64_t)(state % (uint64_t)vocab);
  }
  Memref2F32 tableRef = {table, table, 0, {rows, hidden}, {hidden, 1}};
  Memref1I64 idsRef = {ids, ids, 0, {tokens}, {1}};

  if (reference) {
    int gather = !strcmp(entry, "MPI_Allgather");
    int64_t count = gather ? rows * hidden : tokens * hidden;
    float *out = calloc(gather ? count * size : count, sizeof(float));
    double *times = malloc(sizeof(double) * (iterations + 1));
    for (int it = 0; it <= iterations; ++it) {
      MPI_Barrier(MPI_COMM_WORLD);
      double start = MPI_Wtime(), slowest;
      if (gather)
        MPI_Allgather(table, count, MPI_FLOAT, out, count, MPI_FLOAT,
                      MPI_COMM_WORLD);
      else
        MPI_Allreduce(MPI_IN_PLACE, out, count, MPI_FLOAT, MPI_SUM,
                      MPI_COMM_WORLD);
      double local = MPI_Wtime() - start;
      MPI_Allreduce(&local, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
      times[it] = slowest; // times[0]: warm-up, dropped below
    }
    qsort(times + 1, iterations, sizeof(double), compareDoubles);
    if (!rank)
      printf("%s processes=%d median_ms=%.4f min_ms=%.4f checked=ok\n", entry,
             size, 1e3 * times[1 + iterations / 2], 1e3 * times[1]);
    MPI_Finalize();
    return 0;
  }

  // Warm-up call, checked against the global table.
  Memref2F32 result;
  fn(&result, &tableRef, &idsRef);
  int wrong = result.sizes[0] != tokens || result.sizes[1] != hidden;
  for (int64_t i = 0; !wrong && i < tokens; ++i)
    for (int64_t c = 0; c < hidden; ++c)
      wrong |= result.aligned[result.offset + i * hidden + c] !=
               tableValue(ids[i], c);
  free(result.allocated);
  int anyWrong;
  MPI_Allreduce(&wrong, &anyWrong, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);

  double *times = malloc(sizeof(double) * iterations);
  for (int it = 0; it < iterations; ++it) {
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    fn(&result, &tableRef, &idsRef);
    double local = MPI_Wtime() - start, slowest;
    free(result.allocated);
    MPI_Allreduce(&local, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    times[it] = slowest;
  }
  qsort(times, iterations, sizeof(double), compareDoubles);
  if (!rank)
    printf("%s processes=%d median_ms=%.4f min_ms=%.4f checked=%s\n", entry,
           size, 1e3 * times[iterations / 2], 1e3 * times[0],
           anyWrong ? "WRONG" : "ok");
  free(times);
  free(ids);
  free(table);
  MPI_Finalize();
  return anyWrong;
}
