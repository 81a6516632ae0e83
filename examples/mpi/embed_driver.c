// Calls the partitioned @embed of embed.mlir on each MPI process with the
// process's block of the table (rows [rank * 8000, rank * 8000 + 8000)) and
// the whole id tensor, then checks every element of the embedding it gets
// back against the table it would have read on one machine.
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { VOCAB = 32000, HIDDEN = 64, BATCH = 8, SEQ = 128, GRID = 4 };

// MLIR's memref descriptors (llvm.emit_c_interface): allocated and aligned
// pointers, offset, sizes, strides (in elements).
typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} Memref2F32;
typedef struct {
  int64_t *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} Memref2I64;
typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[3], strides[3];
} Memref3F32;

void _mlir_ciface_embed(Memref3F32 *result, Memref2F32 *table, Memref2I64 *ids);

// The global table: element (row, col).
static float tableValue(int64_t row, int64_t col) {
  return (float)row + (float)col / 128.0f;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != GRID) {
    if (rank == 0)
      fprintf(stderr, "run with mpiexec -n %d\n", GRID);
    MPI_Finalize();
    return 1;
  }

  // This process's rows of the table: global size / grid size along the
  // split dimension, starting at rank * that.
  const int64_t localRows = VOCAB / GRID, firstRow = rank * localRows;
  float *rows = malloc(sizeof(float) * localRows * HIDDEN);
  for (int64_t r = 0; r < localRows; ++r)
    for (int64_t c = 0; c < HIDDEN; ++c)
      rows[r * HIDDEN + c] = tableValue(firstRow + r, c);
  Memref2F32 table = {rows, rows, 0, {localRows, HIDDEN}, {HIDDEN, 1}};

  // The ids are replicated: every process passes all of them. Some are out
  // of range on purpose: mode<clamp> clamps them into [0, VOCAB).
  int64_t *idData = malloc(sizeof(int64_t) * BATCH * SEQ);
  for (int64_t i = 0; i < BATCH * SEQ; ++i)
    idData[i] = (i * 7919) % (VOCAB + 100) - 50;
  Memref2I64 ids = {idData, idData, 0, {BATCH, SEQ}, {SEQ, 1}};

  Memref3F32 result;
  _mlir_ciface_embed(&result, &table, &ids);

  int64_t wrong = 0;
  for (int64_t i = 0; i < BATCH * SEQ; ++i) {
    int64_t id = idData[i] < 0 ? 0 : idData[i] >= VOCAB ? VOCAB - 1 : idData[i];
    for (int64_t c = 0; c < HIDDEN; ++c) {
      float got = result.aligned[result.offset + i * HIDDEN + c];
      wrong += got != tableValue(id, c);
    }
  }
  printf("rank %d: embedding %lldx%lldx%lld, %lld wrong elements\n", rank,
         (long long)result.sizes[0], (long long)result.sizes[1],
         (long long)result.sizes[2], (long long)wrong);
  free(result.allocated);
  free(idData);
  free(rows);
  MPI_Finalize();
  return wrong != 0;
}
