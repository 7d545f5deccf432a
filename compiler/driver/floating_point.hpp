//===- floating_point.hpp - Floating-point options for device code -*- C++ -*-===//
//
// What the user's floating-point flags mean for NVPTX device code, where
// clang alone would not honour them as nvcc does:
//
//  * approximate functions (-ffast-math, -fapprox-func,
//    -funsafe-math-optimizations, -ffp-model=fast|aggressive and DPC++'s
//    -fp-model=fast): the SYCL headers map float sin, cos, tan, exp, exp10,
//    log, log2, log10, pow and sqrt to libdevice's fast forms (sin.approx,
//    ex2.approx, sqrt.approx), as nvcc -use_fast_math does with sinf, expf
//    and sqrtf; -fsycl-fp32-prec-sqrt keeps sqrt correctly rounded. clang's
//    own __FAST_MATH__ cannot carry this: the device pass keeps -fmath-errno
//    after the user's flags, so that C math stays calls the headers define
//    on libdevice (the NVPTX backend cannot select llvm.exp, llvm.log or
//    llvm.pow: -ffast-math with std::exp in a kernel used to crash llc);
//  * flush-to-zero (-ffast-math, as nvcc -use_fast_math implies -ftz=true;
//    -fdenormal-fp-math[-f32]=preserve-sign|positive-zero,
//    -fgpu-flush-denormals-to-zero): the device pass gets
//    -fdenormal-fp-math=preserve-sign (the backend's .ftz instructions) and
//    the device link tells NVVMReflect (__CUDA_FTZ) and libdevice's
//    functions (device_link.cpp).
//
// Last flag wins, as in clang. Default (no flag): IEEE, unchanged. The CPU
// device's kernels are host code and get the user's flags as they are.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace usycl::driver {

struct FloatingPointModel {
  bool ApproxFunc = false;
  bool FlushDenormals = false;
  bool Fp32PrecSqrt = false; // -fsycl-fp32-prec-sqrt

  // Flags of an NVPTX device pass, after the user's.
  std::vector<std::string> nvptxPassArgs() const;
  // "approximate functions, flush-to-zero, ..." for -v; empty: IEEE.
  std::string describe() const;
};

FloatingPointModel floatingPointModel(llvm::ArrayRef<std::string> CompileArgs,
                                      bool Fp32PrecSqrt);

} // namespace usycl::driver
