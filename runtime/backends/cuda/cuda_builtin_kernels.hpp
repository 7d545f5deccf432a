// Kernels of the backend itself, shipped as PTX text (ISA 7.0, sm_50: any
// driver since CUDA 11.0 JIT-compiles it for any GPU) and loaded once per
// device on first use. Today: the fills of 8- and 16-byte patterns (double,
// int64, float4, double2...), which memsets cannot do at full bandwidth.
#pragma once

#include "cuda_api.hpp"
#include "cuda_context.hpp"

#include <memory>
#include <mutex>

namespace usycl::rt::cuda {

class builtin_kernels {
public:
  explicit builtin_kernels(std::shared_ptr<context> ctx) : ctx_(std::move(ctx)) {}
  ~builtin_kernels();
  builtin_kernels(const builtin_kernels &) = delete;
  builtin_kernels &operator=(const builtin_kernels &) = delete;

  // usycl_fill_u64(u64 *dst, u64 value, u64 count) and
  // usycl_fill_u128(u64 *dst, u64 lo, u64 hi, u64 count): grid-stride loops.
  // nullptr when the module could not be loaded (callers fall back).
  CUfunction fill_u64() { return load() ? fill_u64_ : nullptr; }
  CUfunction fill_u128() { return load() ? fill_u128_ : nullptr; }

private:
  bool load();

  std::shared_ptr<context> ctx_;
  std::once_flag once_;
  CUmodule module_ = nullptr;
  CUfunction fill_u64_ = nullptr;
  CUfunction fill_u128_ = nullptr;
};

} // namespace usycl::rt::cuda
