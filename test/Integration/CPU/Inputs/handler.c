/* An embedder's out-of-bounds handler: a strong definition that replaces the
 * weak default of the generated code at link time. It reports and returns,
 * so the gather goes on with zero slices for the bad indices. */
#include <stdint.h>
#include <stdio.h>

void gather_out_of_bounds(const char *op, const char *location, int64_t index,
                          int64_t dim, int64_t dim_size) {
  printf("handled: %s at %s: index %lld, params dimension %lld of size %lld\n",
         op, location, (long long)index, (long long)dim, (long long)dim_size);
}
