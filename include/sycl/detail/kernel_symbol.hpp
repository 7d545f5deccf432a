// kernel_symbol.hpp - the symbol of a kernel whose name is local to its
// translation unit.
//
// A kernel's symbol is the unique stable name of its kernel name type
// (_ZTS<type>), identical in the host and the device compilations of a unit.
// When that type is local to the unit (an anonymous namespace, a lambda in a
// static function or at namespace scope), two units of one program can give
// different kernels the same symbol. usycl++ then appends a marker and a hash
// of the unit (its source path and compile flags) to the symbol in every
// compilation of the unit (compiler/passes/tu_local_kernel_names.hpp), so the
// device link, the images and the runtime keep them apart. Whatever shows a
// kernel name to a user strips the marker first.
//
// Self-contained (only <string_view>): libusycl.so, the compiler tools and the
// clang plugin include it.
#pragma once

#include <string_view>

namespace sycl {
inline namespace _V1 {
namespace detail {

// '$' is valid in PTX and ELF identifiers and never occurs in an Itanium
// mangled name, so the marker cannot be confused with the name itself.
inline constexpr std::string_view translation_unit_marker = "$tu";

// The kernel symbol without its translation-unit marker (if any): what the
// demangler understands.
constexpr std::string_view without_translation_unit_marker(std::string_view symbol) {
  const size_t at = symbol.find(translation_unit_marker);
  return at == std::string_view::npos ? symbol : symbol.substr(0, at);
}

} // namespace detail
} // namespace _V1
} // namespace sycl
