// The sub-group widths of the CPU device (docs/runtime.md, "CPU backend").
//
// Work-items of a CPU sub-group run one after the other (as loops the
// compiler vectorises, or as fibers), so any width works; the device offers
// the powers of two 4..64 and, for kernels without reqd_sub_group_size,
// defaults to one lane per 32-bit element of the widest vector register the
// host has: a sub-group's loop then fills one vector of floats or ints.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace usycl::rt::cpu {

// info::device::sub_group_sizes of the CPU device, ascending.
inline constexpr std::array<uint32_t, 5> sub_group_sizes{4, 8, 16, 32, 64};

// Replaces the default width (not a kernel's required one), for tests.
inline constexpr const char *sub_group_size_env = "USYCL_CPU_SUB_GROUP_SIZE";

bool is_sub_group_size(uint64_t width);

// 16 with AVX-512F, 8 with AVX, else 4 (one lane per 32-bit element of the
// widest vector register; __builtin_cpu_supports also checks that the OS
// saves those registers).
uint32_t native_sub_group_width();

// The width USYCL_CPU_SUB_GROUP_SIZE=`value` asks for: nullopt when `value`
// is null or empty (unset), or, with `error` set, when it is not one of
// sub_group_sizes. `native` is named in the message as the default.
std::optional<uint32_t> parse_sub_group_size(const char *value, uint32_t native,
                                             std::string &error);

// The default width from the environment and the host. When
// USYCL_CPU_SUB_GROUP_SIZE cannot be honoured, `error` says why (the runtime
// reports it like a malformed ONEAPI_DEVICE_SELECTOR) and the native width
// is returned.
uint32_t default_sub_group_width(std::string &error);

} // namespace usycl::rt::cpu
