// Type aliases SYCL 2020 keeps for older code: sycl::byte (§4.14.2,
// deprecated for std::byte) and the OpenCL scalar names sycl::opencl::cl_*
// (OpenCL backend appendix), which kernels and tests still spell.
#pragma once

#include <sycl/half.hpp>

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

} // namespace _V1
} // namespace sycl
