// Type aliases SYCL 2020 keeps for older code: sycl::byte (§4.14.2,
// deprecated for std::byte) and the OpenCL scalar names sycl::opencl::cl_*
// (OpenCL backend appendix), which kernels and tests still spell.
#pragma once

#include <sycl/half.hpp>
#include <sycl/vec.hpp>

#include <cstdint>

namespace sycl {
inline namespace _V1 {

using byte [[deprecated("sycl::byte is deprecated in SYCL 2020: use std::byte")]] = unsigned char;

namespace opencl {
using cl_bool = bool;
using cl_char = std::int8_t;
using cl_uchar = std::uint8_t;
using cl_short = std::int16_t;
using cl_ushort = std::uint16_t;
using cl_int = std::int32_t;
using cl_uint = std::uint32_t;
using cl_long = std::int64_t;
using cl_ulong = std::uint64_t;
using cl_half = half;
using cl_float = float;
using cl_double = double;
} // namespace opencl

// SYCL 1.2.1's vector spellings sycl::cl_<type><N> (N = 2, 3, 4, 8, 16).
#define USYCL_CL_VECTOR_ALIASES(TYPE)                                                      \
  using cl_##TYPE##2 = vec<opencl::cl_##TYPE, 2>;                                          \
  using cl_##TYPE##3 = vec<opencl::cl_##TYPE, 3>;                                          \
  using cl_##TYPE##4 = vec<opencl::cl_##TYPE, 4>;                                          \
  using cl_##TYPE##8 = vec<opencl::cl_##TYPE, 8>;                                          \
  using cl_##TYPE##16 = vec<opencl::cl_##TYPE, 16>;
USYCL_CL_VECTOR_ALIASES(char)
USYCL_CL_VECTOR_ALIASES(uchar)
USYCL_CL_VECTOR_ALIASES(short)
USYCL_CL_VECTOR_ALIASES(ushort)
USYCL_CL_VECTOR_ALIASES(int)
USYCL_CL_VECTOR_ALIASES(uint)
USYCL_CL_VECTOR_ALIASES(long)
USYCL_CL_VECTOR_ALIASES(ulong)
USYCL_CL_VECTOR_ALIASES(half)
USYCL_CL_VECTOR_ALIASES(float)
USYCL_CL_VECTOR_ALIASES(double)
#undef USYCL_CL_VECTOR_ALIASES

// DPC++ still ships the scalar names in sycl:: too (sycl::cl_int, ...).
using opencl::cl_bool;
using opencl::cl_char;
using opencl::cl_uchar;
using opencl::cl_short;
using opencl::cl_ushort;
using opencl::cl_int;
using opencl::cl_uint;
using opencl::cl_long;
using opencl::cl_ulong;
using opencl::cl_half;
using opencl::cl_float;
using opencl::cl_double;

} // namespace _V1
} // namespace sycl
