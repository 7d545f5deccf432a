//===- floating_point.cpp - Floating-point options for device code --------===//
//
// See floating_point.hpp.
//
//===----------------------------------------------------------------------===//
#include "floating_point.hpp"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace usycl::driver {

FloatingPointModel floatingPointModel(ArrayRef<std::string> CompileArgs, bool Fp32PrecSqrt) {
  FloatingPointModel M;
  M.Fp32PrecSqrt = Fp32PrecSqrt;
  for (StringRef Arg : CompileArgs) {
    if (Arg == "-ffast-math" || Arg == "-Ofast") {
      M.ApproxFunc = M.FlushDenormals = true;
    } else if (Arg == "-fno-fast-math") {
      M.ApproxFunc = M.FlushDenormals = false;
    } else if (Arg == "-fapprox-func" || Arg == "-funsafe-math-optimizations") {
      M.ApproxFunc = true;
    } else if (Arg == "-fno-approx-func" || Arg == "-fno-unsafe-math-optimizations") {
      M.ApproxFunc = false;
    } else if (Arg.consume_front("-ffp-model=")) {
      // fast and aggressive imply -ffast-math's function approximations in
      // clang; precise and strict turn them off. Denormals follow only
      // -ffast-math and the explicit flags (clang's fast model keeps them).
      M.ApproxFunc = Arg == "fast" || Arg == "aggressive";
    } else if (Arg.consume_front("-fdenormal-fp-math=") ||
               Arg.consume_front("-fdenormal-fp-math-f32=")) {
      StringRef Output = Arg.split(',').first;
      M.FlushDenormals = Output == "preserve-sign" || Output == "positive-zero";
    } else if (Arg == "-fgpu-flush-denormals-to-zero" ||
               Arg == "-fcuda-flush-denormals-to-zero") {
      M.FlushDenormals = true;
    } else if (Arg == "-fno-gpu-flush-denormals-to-zero" ||
               Arg == "-fno-cuda-flush-denormals-to-zero") {
      M.FlushDenormals = false;
    }
  }
  return M;
}

std::vector<std::string> FloatingPointModel::nvptxPassArgs() const {
  std::vector<std::string> Args = {"-fmath-errno"};
  if (ApproxFunc)
    Args.push_back("-D__USYCL_FP_APPROX_FUNC__");
  if (Fp32PrecSqrt)
    Args.push_back("-D__USYCL_FP32_PREC_SQRT__");
  if (FlushDenormals)
    Args.push_back("-fdenormal-fp-math=preserve-sign");
  return Args;
}

std::string FloatingPointModel::describe() const {
  std::string Text;
  auto Add = [&](StringRef What) {
    if (!Text.empty())
      Text += ", ";
    Text += What.str();
  };
  if (ApproxFunc)
    Add(Fp32PrecSqrt ? "approximate functions (sqrt correctly rounded)"
                     : "approximate functions and sqrt");
  if (FlushDenormals)
    Add("float denormals flushed to zero");
  return Text;
}

} // namespace usycl::driver
