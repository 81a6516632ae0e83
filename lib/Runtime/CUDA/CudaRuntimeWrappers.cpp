//===- CudaRuntimeWrappers.cpp - mgpu* entry points on the CUDA driver ----===//
//
// Part of the gather project.
//
// The C entry points that MLIR's GPU lowering calls from host code
// (gpu-to-llvm and the gpu.binary translation of LLVM 22): module loading,
// kernel lookup and launch, streams, events, device memory, host
// registration. They run on the CUDA driver API in the primary context of
// the default device (0, or the one set with mgpuSetDefaultDevice).
//
// Errors: every failing driver call is reported on stderr with the call and
// the error's name and description, and the process exits with status 1.
// The generated code cannot observe errors (the entry points return void or
// a handle), and carrying on after, e.g., a failed launch or a device-side
// assertion (CUDA_ERROR_ASSERT) would hand back garbage.
//
// Timing: with GATHER_CUDA_TIMING=1 in the environment, each kernel launch
// and memcpy is timed with events and reported on stderr as
//   gather_cuda_runtime: time kernel <name> grid <x>x<y>x<z> block <x>x<y>x<z>
//   ms <t> gather_cuda_runtime: time memcpy <HtoD|DtoH|DtoD|HtoH> bytes <n> ms
//   <t>
// (bench/gpu uses this; it serializes the stream).
//
//===----------------------------------------------------------------------===//

#include "cuda.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>

#define GATHER_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

/// Reports a failed driver call and ends the process.
[[noreturn]] void reportAndExit(const char *call, CUresult result) {
  const char *name = nullptr, *description = nullptr;
  // The toolkit's stub libcuda (no driver installed) cannot name errors.
  if (cuGetErrorName(result, &name) != CUDA_SUCCESS)
    name = result == CUDA_ERROR_STUB_LIBRARY ? "CUDA_ERROR_STUB_LIBRARY"
                                             : "<unknown CUresult>";
  if (cuGetErrorString(result, &description) != CUDA_SUCCESS)
    description = "";
  std::fprintf(stderr, "gather_cuda_runtime: %s failed: %s (%d): %s\n", call,
               name, static_cast<int>(result), description);
  std::fflush(stderr);
  std::exit(1);
}

/// Checks the result of a driver call.
#define CUDA_CHECK(expr)                                                       \
  do {                                                                         \
    CUresult result_ = (expr);                                                 \
    if (result_ != CUDA_SUCCESS)                                               \
      reportAndExit(#expr, result_);                                           \
  } while (false)

int defaultDevice = 0;

/// Returns the primary context of the default device, retained once per
/// device for the life of the process.
CUcontext getContext() {
  // Never destroyed: module destructors call in here at process exit,
  // possibly after the destructors of function-local statics ran.
  static auto *mutex = new std::mutex;
  static auto *contexts = new std::map<int, CUcontext>;
  std::lock_guard<std::mutex> lock(*mutex);
  static bool initialized = false;
  if (!initialized) {
    CUDA_CHECK(cuInit(0));
    initialized = true;
  }
  auto it = contexts->find(defaultDevice);
  if (it != contexts->end())
    return it->second;
  CUdevice device;
  CUDA_CHECK(cuDeviceGet(&device, defaultDevice));
  CUcontext context;
  CUDA_CHECK(cuDevicePrimaryCtxRetain(&context, device));
  (*contexts)[defaultDevice] = context;
  return context;
}

/// Makes the default device's context current for one entry point.
class ScopedContext {
public:
  ScopedContext() { CUDA_CHECK(cuCtxPushCurrent(getContext())); }
  ~ScopedContext() {
    CUcontext popped;
    CUDA_CHECK(cuCtxPopCurrent(&popped));
  }
};

bool isTimingEnabled() {
  static const bool enabled = [] {
    const char *value = std::getenv("GATHER_CUDA_TIMING");
    return value && std::strcmp(value, "0") != 0;
  }();
  return enabled;
}

/// Kernel names by function handle, for timing reports.
std::map<CUfunction, std::string> &kernelNames() {
  static std::map<CUfunction, std::string> names;
  return names;
}

/// Times what `enqueue` puts on `stream` and returns milliseconds.
template <typename Fn> float timeOnStream(CUstream stream, Fn enqueue) {
  CUevent start, stop;
  CUDA_CHECK(cuEventCreate(&start, CU_EVENT_DEFAULT));
  CUDA_CHECK(cuEventCreate(&stop, CU_EVENT_DEFAULT));
  CUDA_CHECK(cuEventRecord(start, stream));
  enqueue();
  CUDA_CHECK(cuEventRecord(stop, stream));
  CUDA_CHECK(cuEventSynchronize(stop));
  float ms = 0;
  CUDA_CHECK(cuEventElapsedTime(&ms, start, stop));
  CUDA_CHECK(cuEventDestroy(start));
  CUDA_CHECK(cuEventDestroy(stop));
  return ms;
}

/// True when `ptr` is device (or managed) memory, false for host memory.
bool isDevicePointer(const void *ptr) {
  CUmemorytype type = static_cast<CUmemorytype>(0);
  CUresult result =
      cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                            reinterpret_cast<CUdeviceptr>(ptr));
  // Unregistered host memory is unknown to the driver.
  if (result == CUDA_ERROR_INVALID_VALUE)
    return false;
  if (result != CUDA_SUCCESS)
    reportAndExit("cuPointerGetAttribute", result);
  return type == CU_MEMORYTYPE_DEVICE || type == CU_MEMORYTYPE_UNIFIED;
}

/// The memref descriptor the lowering passes to host registration.
struct MemRefDescriptor {
  void *allocated;
  char *aligned;
  int64_t offset;
  int64_t sizesAndStrides[1]; // sizes[rank] then strides[rank].
};

/// Returns the bytes spanned by a contiguous memref of `rank`.
void getMemRefRange(int64_t rank, const MemRefDescriptor *desc,
                    int64_t elementSizeBytes, char *&begin,
                    uint64_t &sizeBytes) {
  int64_t elements = 1;
  for (int64_t i = 0; i < rank; ++i)
    elements *= desc->sizesAndStrides[i];
  begin = desc->aligned + desc->offset * elementSizeBytes;
  sizeBytes = static_cast<uint64_t>(elements * elementSizeBytes);
}

} // namespace

//===----------------------------------------------------------------------===//
// Modules and kernels
//===----------------------------------------------------------------------===//

GATHER_EXPORT CUmodule mgpuModuleLoad(void *data, size_t /*size*/) {
  ScopedContext scoped;
  CUmodule module = nullptr;
  CUDA_CHECK(cuModuleLoadData(&module, data));
  return module;
}

GATHER_EXPORT CUmodule mgpuModuleLoadJIT(void *data, int optLevel) {
  ScopedContext scoped;
  constexpr unsigned kLogSize = 8192;
  static char errorLog[kLogSize];
  CUjit_option options[] = {CU_JIT_OPTIMIZATION_LEVEL, CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {reinterpret_cast<void *>(static_cast<intptr_t>(optLevel)),
                    errorLog,
                    reinterpret_cast<void *>(static_cast<uintptr_t>(kLogSize))};
  CUmodule module = nullptr;
  CUresult result = cuModuleLoadDataEx(&module, data, 3, options, values);
  if (result != CUDA_SUCCESS) {
    std::fprintf(stderr, "gather_cuda_runtime: JIT log:\n%s\n", errorLog);
    reportAndExit("cuModuleLoadDataEx", result);
  }
  return module;
}

GATHER_EXPORT void mgpuModuleUnload(CUmodule module) {
  // The gpu.binary lowering unloads its module in a global destructor. In
  // a program compiled ahead of time, that runs at exit, after the driver's
  // own teardown (CUDA_ERROR_DEINITIALIZED), which released the module
  // already; only mlir-runner unloads before. Nothing is left to do then.
  CUresult pushed = cuCtxPushCurrent(getContext());
  if (pushed == CUDA_ERROR_DEINITIALIZED)
    return;
  CUDA_CHECK(pushed);
  CUDA_CHECK(cuModuleUnload(module));
  CUcontext popped;
  CUDA_CHECK(cuCtxPopCurrent(&popped));
}

GATHER_EXPORT CUfunction mgpuModuleGetFunction(CUmodule module,
                                               const char *name) {
  ScopedContext scoped;
  CUfunction function = nullptr;
  CUDA_CHECK(cuModuleGetFunction(&function, module, name));
  if (isTimingEnabled())
    kernelNames()[function] = name;
  return function;
}

GATHER_EXPORT void mgpuLaunchKernel(CUfunction function, intptr_t gridX,
                                    intptr_t gridY, intptr_t gridZ,
                                    intptr_t blockX, intptr_t blockY,
                                    intptr_t blockZ, int32_t smem,
                                    CUstream stream, void **params,
                                    void **extra, size_t /*paramsCount*/) {
  ScopedContext scoped;
  if (smem > 0) {
    // Kernels may ask for more than the default 48 KiB of shared memory.
    CUDA_CHECK(cuFuncSetAttribute(
        function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smem));
  }
  auto launch = [&] {
    CUDA_CHECK(cuLaunchKernel(function, gridX, gridY, gridZ, blockX, blockY,
                              blockZ, smem, stream, params, extra));
  };
  if (!isTimingEnabled()) {
    launch();
    return;
  }
  float ms = timeOnStream(stream, launch);
  std::fprintf(stderr,
               "gather_cuda_runtime: time kernel %s grid %ldx%ldx%ld block "
               "%ldx%ldx%ld ms %.6f\n",
               kernelNames()[function].c_str(), long(gridX), long(gridY),
               long(gridZ), long(blockX), long(blockY), long(blockZ), ms);
}

GATHER_EXPORT void mgpuLaunchClusterKernel(
    CUfunction function, intptr_t clusterX, intptr_t clusterY,
    intptr_t clusterZ, intptr_t gridX, intptr_t gridY, intptr_t gridZ,
    intptr_t blockX, intptr_t blockY, intptr_t blockZ, int32_t smem,
    CUstream stream, void **params, void **extra, size_t /*paramsCount*/) {
  ScopedContext scoped;
  if (smem > 0)
    CUDA_CHECK(cuFuncSetAttribute(
        function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smem));
  CUlaunchAttribute attribute;
  std::memset(&attribute, 0, sizeof(attribute));
  attribute.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  attribute.value.clusterDim.x = clusterX;
  attribute.value.clusterDim.y = clusterY;
  attribute.value.clusterDim.z = clusterZ;
  CUlaunchConfig config;
  std::memset(&config, 0, sizeof(config));
  config.gridDimX = gridX * clusterX;
  config.gridDimY = gridY * clusterY;
  config.gridDimZ = gridZ * clusterZ;
  config.blockDimX = blockX;
  config.blockDimY = blockY;
  config.blockDimZ = blockZ;
  config.sharedMemBytes = smem;
  config.hStream = stream;
  config.attrs = &attribute;
  config.numAttrs = 1;
  CUDA_CHECK(cuLaunchKernelEx(&config, function, params, extra));
}

//===----------------------------------------------------------------------===//
// Streams and events
//===----------------------------------------------------------------------===//

GATHER_EXPORT CUstream mgpuStreamCreate() {
  ScopedContext scoped;
  CUstream stream = nullptr;
  CUDA_CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  return stream;
}

GATHER_EXPORT void mgpuStreamDestroy(CUstream stream) {
  ScopedContext scoped;
  CUDA_CHECK(cuStreamDestroy(stream));
}

GATHER_EXPORT void mgpuStreamSynchronize(CUstream stream) {
  ScopedContext scoped;
  CUDA_CHECK(cuStreamSynchronize(stream));
}

GATHER_EXPORT void mgpuStreamWaitEvent(CUstream stream, CUevent event) {
  ScopedContext scoped;
  CUDA_CHECK(cuStreamWaitEvent(stream, event, /*flags=*/0));
}

GATHER_EXPORT CUevent mgpuEventCreate() {
  ScopedContext scoped;
  CUevent event = nullptr;
  CUDA_CHECK(cuEventCreate(&event, CU_EVENT_DISABLE_TIMING));
  return event;
}

GATHER_EXPORT void mgpuEventDestroy(CUevent event) {
  ScopedContext scoped;
  CUDA_CHECK(cuEventDestroy(event));
}

GATHER_EXPORT void mgpuEventSynchronize(CUevent event) {
  ScopedContext scoped;
  CUDA_CHECK(cuEventSynchronize(event));
}

GATHER_EXPORT void mgpuEventRecord(CUevent event, CUstream stream) {
  ScopedContext scoped;
  CUDA_CHECK(cuEventRecord(event, stream));
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

GATHER_EXPORT void *mgpuMemAlloc(uint64_t sizeBytes, CUstream /*stream*/,
                                 bool isHostShared) {
  // The driver rejects empty allocations; an empty buffer is never read.
  if (sizeBytes == 0)
    return nullptr;
  ScopedContext scoped;
  CUdeviceptr ptr = 0;
  if (isHostShared)
    CUDA_CHECK(cuMemAllocManaged(&ptr, sizeBytes, CU_MEM_ATTACH_GLOBAL));
  else
    CUDA_CHECK(cuMemAlloc(&ptr, sizeBytes));
  return reinterpret_cast<void *>(ptr);
}

GATHER_EXPORT void mgpuMemFree(void *ptr, CUstream stream) {
  if (!ptr)
    return;
  ScopedContext scoped;
  // Work queued on the stream may still use the buffer.
  if (stream)
    CUDA_CHECK(cuStreamSynchronize(stream));
  CUDA_CHECK(cuMemFree(reinterpret_cast<CUdeviceptr>(ptr)));
}

GATHER_EXPORT void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                              CUstream stream) {
  if (sizeBytes == 0)
    return;
  ScopedContext scoped;
  auto copy = [&] {
    CUDA_CHECK(cuMemcpyAsync(reinterpret_cast<CUdeviceptr>(dst),
                             reinterpret_cast<CUdeviceptr>(src), sizeBytes,
                             stream));
  };
  if (!isTimingEnabled()) {
    copy();
    return;
  }
  bool fromDevice = isDevicePointer(src), toDevice = isDevicePointer(dst);
  float ms = timeOnStream(stream, copy);
  std::fprintf(stderr,
               "gather_cuda_runtime: time memcpy %sto%s bytes %zu ms %.6f\n",
               fromDevice ? "D" : "H", toDevice ? "D" : "H", sizeBytes, ms);
}

GATHER_EXPORT void mgpuMemset32(void *dst, unsigned int value, size_t count,
                                CUstream stream) {
  if (count == 0)
    return;
  ScopedContext scoped;
  CUDA_CHECK(cuMemsetD32Async(reinterpret_cast<CUdeviceptr>(dst), value, count,
                              stream));
}

GATHER_EXPORT void mgpuMemset16(void *dst, unsigned short value, size_t count,
                                CUstream stream) {
  if (count == 0)
    return;
  ScopedContext scoped;
  CUDA_CHECK(cuMemsetD16Async(reinterpret_cast<CUdeviceptr>(dst), value, count,
                              stream));
}

GATHER_EXPORT void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes) {
  if (sizeBytes == 0)
    return;
  ScopedContext scoped;
  CUDA_CHECK(cuMemHostRegister(ptr, sizeBytes, CU_MEMHOSTREGISTER_PORTABLE));
}

GATHER_EXPORT void mgpuMemHostUnregister(void *ptr) {
  if (!ptr)
    return;
  ScopedContext scoped;
  CUDA_CHECK(cuMemHostUnregister(ptr));
}

GATHER_EXPORT void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                                             int64_t elementSizeBytes) {
  char *begin;
  uint64_t sizeBytes;
  getMemRefRange(rank, static_cast<MemRefDescriptor *>(descriptor),
                 elementSizeBytes, begin, sizeBytes);
  mgpuMemHostRegister(begin, sizeBytes);
}

GATHER_EXPORT void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                               int64_t elementSizeBytes) {
  char *begin;
  uint64_t sizeBytes;
  getMemRefRange(rank, static_cast<MemRefDescriptor *>(descriptor),
                 elementSizeBytes, begin, sizeBytes);
  if (sizeBytes != 0)
    mgpuMemHostUnregister(begin);
}

//===----------------------------------------------------------------------===//
// Devices
//===----------------------------------------------------------------------===//

GATHER_EXPORT void mgpuSetDefaultDevice(int32_t device) {
  defaultDevice = device;
}
