// Can a kernel choose its sub-line prefetch at run time by timing trial
// blocks with and without it? (Stop 51: no; performance-history.md.)
//
// Random gathers of rows of `row-bytes` (16 or 2) from a 256 MiB or 64 MiB
// table, in chunks of 128 positions, three ways one after the other:
// always prefetching 128 positions ahead (prefetcht1, as the generated
// kernels do), never, and "adaptive": every epoch of `epoch` chunks starts
// with four trial blocks of `block` chunks (with, without, with, without),
// timed with rdtsc (the first chunk of each block untimed), and copies the
// rest of the epoch the way that took fewer cycles, earlier trials
// weighing half as much each time. Prints GB/s of each and how often the
// trials chose "without".
//
//   clang++-22 -O2 -march=native prefetch_trials.cpp -o /tmp/prefetch_trials
//   /tmp/prefetch_trials 16 64 8192    # rows of 16 B, blocks of 64 chunks
//   /tmp/prefetch_trials 2 64 8192     # 2-byte elements
#include <x86intrin.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/mman.h>

namespace {

constexpr int64_t kChunk = 128, kDistance = 128;

struct Row16 {
  float v[4];
};

double seconds() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

template <typename T> T *hugeBuffer(size_t n) {
  void *p = std::aligned_alloc(1 << 21, n * sizeof(T));
  madvise(p, n * sizeof(T), MADV_HUGEPAGE);
  std::memset(p, 1, n * sizeof(T));
  return static_cast<T *>(p);
}

/// Copies chunk [lo, lo + kChunk), prefetching or not.
template <typename T>
void copyChunk(const T *p, const uint32_t *idx, T *out, int64_t lo, int64_t n,
               bool prefetch) {
  for (int64_t m = lo; m < lo + kChunk; ++m) {
    if (prefetch) {
      int64_t ahead = m + kDistance < n ? m + kDistance : n - 1;
      _mm_prefetch(reinterpret_cast<const char *>(&p[idx[ahead]]),
                   _MM_HINT_T1);
    }
    out[m] = p[idx[m]];
  }
}

/// One pass: mode 0 always prefetches, 1 never, 2 chooses by trials.
template <typename T>
void pass(const T *p, const uint32_t *idx, T *out, int64_t n, int mode,
          int64_t block, int64_t epoch) {
  uint64_t with = 0, without = 0;
  bool chosen = true;
  int decisions = 0, chosenWithout = 0;
  double start = seconds();
  for (int64_t c = 0; c < n / kChunk; ++c) {
    int64_t phase = c % epoch;
    bool trial = phase < 4 * block, trialOn = (phase / block) % 2 == 0;
    bool on = mode == 0 ? true : mode == 1 ? false : trial ? trialOn : chosen;
    bool timed = mode == 2 && trial && phase % block != 0;
    uint64_t t0 = timed ? __rdtsc() : 0;
    copyChunk(p, idx, out, c * kChunk, n, on);
    if (timed)
      (trialOn ? with : without) += __rdtsc() - t0;
    if (mode == 2 && phase == 4 * block - 1) {
      chosen = !(without < with);
      ++decisions;
      chosenWithout += !chosen;
      with >>= 1;
      without >>= 1;
    }
  }
  double gbps = double(n) * sizeof(T) / (seconds() - start) / 1e9;
  const char *names[] = {"prefetch", "none", "adaptive"};
  std::printf("%s %.3f GB/s", names[mode], gbps);
  if (mode == 2)
    std::printf(" (trials chose none %d of %d)", chosenWithout, decisions);
  std::printf(mode == 2 ? "\n" : ", ");
}

template <typename T> void run(int64_t n, int64_t block, int64_t epoch) {
  T *p = hugeBuffer<T>(n), *out = hugeBuffer<T>(n);
  uint32_t *idx = hugeBuffer<uint32_t>(n);
  uint64_t s = 88172645463325252ull;
  for (int64_t i = 0; i < n; ++i) {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    idx[i] = s % n;
  }
  for (int rep = 0; rep < 4; ++rep)
    for (int mode = 0; mode < 3; ++mode)
      pass(p, idx, out, n, mode, block, epoch);
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s <row-bytes 16|2> <block chunks> "
                         "<epoch chunks>\n", argv[0]);
    return 1;
  }
  int64_t block = std::atoll(argv[2]), epoch = std::atoll(argv[3]);
  if (std::atoi(argv[1]) == 16)
    run<Row16>(int64_t(1) << 24, block, epoch);
  else
    run<uint16_t>(int64_t(1) << 25, block, epoch);
}
