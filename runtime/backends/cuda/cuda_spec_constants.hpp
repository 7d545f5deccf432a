// Specialization constants folded into PTX (docs/spec-constants.md).
//
// NVPTX device code reads each 32-bit word of a specialization constant
// through a marked move (sycl/detail/spec_constant_marker.hpp):
//
//   mov.b32 %r7, %r6; // usycl.spec_constant <key> <word>
//
// specialize_ptx rewrites the source operand of every marked move whose
// constant has a value in a launch's value block to that word of the value,
// as an immediate, so that ptxas folds it (and the branches it decides) when
// the driver JIT-compiles the module. Pure text processing: no CUDA needed
// (unit tests and usycl-specialize-ptx use it as is).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace usycl::rt::cuda {

// One marked move found in PTX text.
struct spec_constant_move {
  uint64_t key;
  uint32_t word;
  size_t operand_begin, operand_end; // the source operand's bytes in the text
};

// Every marked move, in text order. Throws sycl::exception (errc::build)
// when a marked line is not the header's form (the marker written by hand
// or a PTX printer that changed), as substituting it would be a guess.
std::vector<spec_constant_move> find_spec_constant_moves(std::string_view ptx);

// Looks up the value bytes for a key; an empty span: no value (default).
struct spec_constant_value {
  uint64_t key;
  std::span<const unsigned char> bytes;
};

// The values of a spec_constant_block (sycl/specialization_id.hpp).
// Throws errc::runtime on a block whose entries leave it.
std::vector<spec_constant_value> spec_constant_block_values(const void *block);

// The PTX with the marked moves of every constant in `values` made
// immediates; std::nullopt when the PTX reads none of them (the module with
// default values is the same program).
std::optional<std::string> specialize_ptx(std::string_view ptx,
                                          std::span<const spec_constant_value> values);

} // namespace usycl::rt::cuda
