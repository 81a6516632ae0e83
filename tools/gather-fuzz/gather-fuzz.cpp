//===- gather-fuzz.cpp - libFuzzer target for the gather tools ------------===//
//
// Part of the gather project.
//
// Two modes, chosen by the first byte of the input:
//   - text (any first byte but 0): the input is parsed as a module and
//     verified; when it verifies and holds a gather op, the pipelines run on
//     copies of it;
//   - structured (first byte 0): the bytes after it choose a gather or
//     gather_nd op (shapes with static, dynamic, empty and huge dimensions,
//     axis, batch_dims, mode, element and index type, constant operands) and
//     pipeline options; the op is built, verified and, when valid, lowered
//     by the pipelines, so that every lowering is reached.
// Diagnostics are expected; a crash, a sanitizer report, an error reported
// by a pipeline that then succeeds, or a successful pipeline whose result
// does not verify are findings (the last two abort).
//
//   build-asan/bin/gather-fuzz -max_total_time=120 CORPUS_DIR SEED_DIR
//
//===----------------------------------------------------------------------===//

#include "gather/Conversion/Passes.h"
#include "gather/Dialect/Gather/IR/GatherDialect.h"
#include "gather/Dialect/Gather/IR/GatherOps.h"
#include "gather/Pipelines/Pipelines.h"
#include "gather/Registration.h"
#include "gather/Transforms/Passes.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace mlir;

namespace {

/// The registry of gather-opt, built once.
DialectRegistry &getRegistry() {
  static DialectRegistry *registry = [] {
    auto *r = new DialectRegistry();
    gather::registerGatherDialect(*r);
    registerAllDialects(*r);
    registerAllExtensions(*r);
    gather::registerGatherExtensions(*r);
    registerAllToLLVMIRTranslations(*r);
    return r;
  }();
  return *registry;
}

/// Reads the input a byte at a time; 0 once exhausted.
struct ByteReader {
  const uint8_t *data;
  size_t size;
  size_t pos = 0;

  uint8_t next() { return pos < size ? data[pos++] : 0; }
  /// A value in [0, n).
  unsigned pick(unsigned n) { return n ? next() % n : 0; }
  template <typename T, size_t N> const T &pick(const T (&table)[N]) {
    return table[pick(N)];
  }
};

//===----------------------------------------------------------------------===//
// Running pipelines
//===----------------------------------------------------------------------===//

/// Runs `pipeline` (textual, anchored on builtin.module) on a copy of
/// `module`. A pipeline that reports an error must fail, and one that
/// succeeds must leave a module that verifies.
void runPipeline(ModuleOp module, StringRef pipeline) {
  MLIRContext *context = module.getContext();
  bool sawError = false;
  ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      sawError = true;
    return success();
  });
  PassManager pm(context);
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  if (failed(parsePassPipeline(pipeline, pm, errorStream))) {
    fprintf(stderr, "gather-fuzz: bad pipeline %s: %s\n",
            pipeline.str().c_str(), errors.c_str());
    abort();
  }
  OwningOpRef<ModuleOp> copy = module.clone();
  if (failed(pm.run(*copy)))
    return;
  if (sawError) {
    fprintf(stderr, "gather-fuzz: %s reported an error and succeeded\n",
            pipeline.str().c_str());
    abort();
  }
  if (failed(verify(*copy))) {
    fprintf(stderr, "gather-fuzz: %s left a module that does not verify\n",
            pipeline.str().c_str());
    abort();
  }
}

/// Runs the pipelines `selector` picks (all of them for the text mode).
void runPipelines(ModuleOp module, ByteReader &options, unsigned selector) {
  static const char *const prefetch[] = {"-1", "0", "1", "3", "64"};
  static const char *const blockSize[] = {"256", "1", "32", "1024", "0"};
  static const char *const maxBlocks[] = {"8192", "1", "3", "0"};
  static const char *const slicesPerThread[] = {"0", "1", "3", "16"};
  // The tuned plans (flagged slices, offset vectors, branching checks).
  static const char *const targetCpu[] = {"", " target-cpu=znver5",
                                          " target-cpu=znver4"};
  // One pick per statement: the operands of `+` are evaluated in no fixed
  // order, and an input must pick the same options with every compiler.
  std::string cpu = "builtin.module(gather-cpu-pipeline{prefetch-distance=";
  cpu += options.pick(prefetch);
  cpu += options.pick(targetCpu);
  std::string gpu = "builtin.module(gather-gpu-pipeline{host-only block-size=";
  gpu += options.pick(blockSize);
  gpu += std::string(" max-blocks=") + options.pick(maxBlocks);
  gpu += std::string(" slices-per-thread=") + options.pick(slicesPerThread);
  gpu += options.pick(2) ? " vectorize=false})" : "})";
  const std::string pipelines[] = {
      "builtin.module(canonicalize,cse)",
      cpu + "})",
      cpu + " lowering=linalg})",
      cpu + " num-threads=2 nontemporal-min-bytes=64})",
      gpu,
      // The device form up to the kernels in NVVM, without serialization
      // (which needs a CUDA toolkit).
      "builtin.module(convert-gather-to-gpu,canonicalize,gpu-kernel-outlining,"
      "gpu.module(convert-gpu-to-nvvm))",
  };
  for (auto [i, pipeline] : llvm::enumerate(pipelines))
    if (selector & (1u << i))
      runPipeline(module, pipeline);
}

//===----------------------------------------------------------------------===//
// Structured mode
//===----------------------------------------------------------------------===//

/// Element types of params: every kind the builtin tensor admits.
const char *const kElementTypes[] = {
    "f32",
    "i1",
    "i8",
    "i16",
    "i32",
    "i64",
    "index",
    "f16",
    "bf16",
    "f64",
    "tf32",
    "f80",
    "f128",
    "f8E4M3FN",
    "f8E5M2",
    "complex<f32>",
    "complex<f64>",
    "vector<4xf32>",
    "vector<2x3xi8>",
    "!llvm.ptr",
    "i3",
    "ui8",
    "si16",
    "i128",
    "!quant.uniform<i8:f32, 0.5:3>",
    "f4E2M1FN",
    "none",
};
const char *const kIndexTypes[] = {"i32", "i64", "index"};
/// Dimensions: small, empty, dynamic and huge (2^31 + 1, 2^32 + 1, 2^62).
const int64_t kDims[] = {1,
                         2,
                         3,
                         4,
                         0,
                         5,
                         8,
                         16,
                         64,
                         ShapedType::kDynamic,
                         2147483649LL,
                         4294967297LL,
                         4611686018427387904LL};

/// Returns a shape of `rank` dimensions; huge ones only now and then.
SmallVector<int64_t> pickShape(ByteReader &in, unsigned rank) {
  SmallVector<int64_t> shape;
  for (unsigned d = 0; d < rank; ++d) {
    uint8_t b = in.next();
    shape.push_back(b < 240 ? kDims[b % 10] : kDims[b % 13]);
  }
  return shape;
}

/// Prints `type`.
std::string str(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << type;
  return s;
}

/// Appends the values of dimensions `dims` nested as a dense literal, each
/// value from `in` in [-4, 12).
void appendNested(ByteReader &in, ArrayRef<int64_t> dims, std::string &out) {
  if (dims.empty()) {
    out += std::to_string(int(in.pick(16)) - 4);
    return;
  }
  out += "[";
  for (int64_t i = 0; i < dims.front(); ++i) {
    if (i)
      out += ", ";
    appendNested(in, dims.drop_front(), out);
  }
  out += "]";
}

/// Returns `arith.constant dense<...> : type` for a static int tensor type
/// with few elements, or "" when not one.
std::string constantIndices(ByteReader &in, RankedTensorType type) {
  if (!type.hasStaticShape() || type.getNumElements() > 64)
    return "";
  std::string values;
  if (type.getNumElements() > 0)
    appendNested(in, type.getShape(), values);
  return "arith.constant dense<" + values + "> : " + str(type);
}

/// The op the bytes describe.
struct GeneratedOp {
  bool nd;
  RankedTensorType params, indices;
  std::optional<int64_t> axis;
  int64_t batchDims;
  const char *mode;
};

/// Picks the operand types and attributes of a gather or gather_nd op that
/// mostly verifies: batch dimensions agree (or one side is dynamic), axis
/// and index depth in range, either written as a negative value now and
/// then.
GeneratedOp pickOp(ByteReader &in, MLIRContext *context) {
  GeneratedOp op;
  op.nd = in.pick(2);
  Type element = parseType(in.pick(kElementTypes), context);
  if (!element)
    element = Float32Type::get(context);
  Type index = parseType(in.pick(kIndexTypes), context);
  int64_t paramsRank = 1 + in.pick(4);
  int64_t batch = in.pick(std::min<int64_t>(paramsRank, 3));
  SmallVector<int64_t> paramsShape = pickShape(in, paramsRank);
  int64_t indicesRank = batch + (op.nd ? 1 : 0) + in.pick(3);
  SmallVector<int64_t> indicesShape = pickShape(in, indicesRank);
  for (int64_t d = 0; d < batch; ++d)
    indicesShape[d] = in.pick(4) ? paramsShape[d] : ShapedType::kDynamic;
  // gather_nd's index depth: static, 1 to rank(params) - batch_dims.
  if (op.nd)
    indicesShape.back() = 1 + in.pick(paramsRank - batch);
  op.params = RankedTensorType::get(paramsShape, element);
  op.indices = RankedTensorType::get(indicesShape, index);
  op.batchDims = in.pick(4) ? batch : batch - indicesRank;
  if (!op.nd && in.pick(2)) {
    op.axis = batch + in.pick(paramsRank - batch);
    if (in.pick(4) == 0)
      *op.axis -= paramsRank;
  }
  static const char *const modes[] = {"error", "zero", "clamp", "wrap"};
  op.mode = in.pick(modes);
  return op;
}

/// Returns the module text of `op` in a function, with constant indices
/// when `in` says so; "" when its result type cannot be inferred (an
/// invalid op: the verifier tests cover those).
std::string printModule(ByteReader &in, const GeneratedOp &op) {
  FailureOr<RankedTensorType> result =
      op.nd ? gather::GatherNdOp::inferResultType(op.params, op.indices,
                                                  op.batchDims)
            : gather::GatherOp::inferResultType(op.params, op.indices, op.axis,
                                                op.batchDims);
  if (failed(result))
    return "";
  std::string p = str(op.params), i = str(op.indices), r = str(*result);
  std::string text =
      "func.func @f(%p: " + p + ", %i0: " + i + ") -> " + r + " {\n";
  std::string constant = in.pick(4) == 0 ? constantIndices(in, op.indices) : "";
  text += constant.empty() ? "  %i = tensor.cast %i0 : " + i + " to " + i + "\n"
                           : "  %i = " + constant + "\n";
  text += std::string("  %r = gather.") + (op.nd ? "gather_nd" : "gather") +
          " %p[%i]";
  if (op.axis)
    text += " axis = " + std::to_string(*op.axis);
  text += " batch_dims = " + std::to_string(op.batchDims) + " mode<" + op.mode +
          "> : (" + p + ", " + i + ") -> " + r + "\n";
  text += "  return %r : " + r + "\n}\n";
  return text;
}

void runStructured(ByteReader &in, MLIRContext *context) {
  GeneratedOp op = pickOp(in, context);
  std::string text = printModule(in, op);
  bool print = getenv("GATHER_FUZZ_PRINT");
  if (text.empty()) {
    if (print)
      fprintf(stderr, "gather-fuzz: no valid op: %s[%s]\n",
              str(op.params).c_str(), str(op.indices).c_str());
    return;
  }
  if (print)
    fprintf(stderr, "%s", text.c_str());
  ScopedDiagnosticHandler quiet(context, [&](Diagnostic &diag) {
    if (print)
      fprintf(stderr, "gather-fuzz: %s\n", diag.str().c_str());
    return success();
  });
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, context);
  if (!module || failed(verify(*module)))
    return;
  // Most inputs run one or two pipelines: more inputs per second.
  unsigned selector = in.next();
  selector |= 1u << in.pick(6);
  runPipelines(*module, in, selector);
}

//===----------------------------------------------------------------------===//
// Text mode
//===----------------------------------------------------------------------===//

/// Whether every `<keyword> = [` of `text` continues as a well-formed list
/// of integers. Upstream's parsers of linalg.reduce (and the other ops with
/// a `dimensions` or `permutation` array) set a null attribute on a
/// malformed list and crash (`dimensions = [1ECK`, `dimensions =copy`:
/// mlir-opt 22.1.8 crashes too); such text is not ours to fuzz. A keyword
/// and `=` must open a list of integers.
bool hasWellFormedArrays(StringRef text, StringRef keyword) {
  for (size_t at = text.find(keyword); at != StringRef::npos;
       at = text.find(keyword, at + 1)) {
    StringRef rest = text.drop_front(at + keyword.size()).ltrim();
    if (!rest.consume_front("="))
      continue;
    rest = rest.ltrim();
    if (!rest.consume_front("["))
      return false;
    StringRef list = rest.take_until([](char c) { return c == ']'; });
    if (list.size() == rest.size())
      return false;
    for (StringRef item : llvm::split(list, ',')) {
      item = item.trim();
      item.consume_front("-");
      if (!item.empty() && !llvm::all_of(item, llvm::isDigit))
        return false;
    }
  }
  return true;
}

void runText(const uint8_t *data, size_t size, MLIRContext *context) {
  ScopedDiagnosticHandler quiet(context,
                                [](Diagnostic &) { return success(); });
  std::string text(reinterpret_cast<const char *>(data), size);
  if (!hasWellFormedArrays(text, "dimensions") ||
      !hasWellFormedArrays(text, "permutation"))
    return;
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, context);
  if (!module || failed(verify(*module)))
    return;
  bool hasGather = false;
  module->walk([&](Operation *op) {
    hasGather |= isa<gather::GatherDialect>(op->getDialect());
  });
  if (!hasGather)
    return;
  // Options from the input's length: no byte of the text is spent on them.
  uint8_t bytes[4] = {uint8_t(size), uint8_t(size >> 3), uint8_t(size >> 5),
                      uint8_t(size >> 7)};
  ByteReader options{bytes, sizeof(bytes)};
  runPipelines(*module, options, ~0u);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv) {
  registerAllPasses();
  gather::registerGatherConversionPasses();
  gather::registerGatherTransformsPasses();
  gather::registerGatherPipelines();
  (void)getRegistry();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MLIRContext context(getRegistry(), MLIRContext::Threading::DISABLED);
  if (size > 0 && data[0] == 0) {
    ByteReader in{data + 1, size - 1};
    runStructured(in, &context);
  } else {
    runText(data, size, &context);
  }
  return 0;
}
