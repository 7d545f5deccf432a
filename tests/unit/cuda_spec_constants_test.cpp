// runtime/backends/cuda/cuda_spec_constants: folding specialization constant
// values into PTX text (the marked moves of sycl/detail/spec_constant_marker.hpp).
// ptxas on the result and the GPU runs: tests/lit/spec-constants, e2e
// kernel_bundle.
#include "backends/cuda/cuda_spec_constants.hpp"

#include <sycl/exception.hpp>
#include <sycl/specialization_id.hpp>

#include <gtest/gtest.h>

#include <cstring>

using namespace usycl::rt::cuda;

namespace {
// What llc prints for two reads: an int (key 5) and a double (key -2, two words).
const std::string ptx = "\tmov.b32 \t%r2, 0;\n"
                        "\t// begin inline asm\n"
                        "\tmov.b32 %r1, %r2; // usycl.spec_constant 5 0\n"
                        "\t// end inline asm\n"
                        "\tmov.b32 %r4, %r2; // usycl.spec_constant -2 0\n"
                        "\tmov.b32 %r5, %r7; // usycl.spec_constant -2 1\n"
                        "\tmov.b32 %r6, %r2; // usycl.spec_constant 5 0\n";

std::vector<unsigned char> bytes_of(const auto &v) {
  std::vector<unsigned char> b(sizeof v);
  std::memcpy(b.data(), &v, sizeof v);
  return b;
}
} // namespace

TEST(CudaSpecConstants, FindsEveryMarkedMove) {
  auto moves = find_spec_constant_moves(ptx);
  ASSERT_EQ(moves.size(), 4u);
  EXPECT_EQ(moves[0].key, 5u);
  EXPECT_EQ(moves[1].key, static_cast<uint64_t>(-2));
  EXPECT_EQ(moves[2].word, 1u);
  EXPECT_EQ(ptx.substr(moves[2].operand_begin, moves[2].operand_end - moves[2].operand_begin),
            "%r7");
}

TEST(CudaSpecConstants, FoldsValuesAsImmediates) {
  auto five = bytes_of(int32_t(10));
  auto dbl = bytes_of(2.5); // 0x4004000000000000
  spec_constant_value values[] = {{5, five}, {static_cast<uint64_t>(-2), dbl}};
  std::optional<std::string> out = specialize_ptx(ptx, values);
  ASSERT_TRUE(out);
  EXPECT_NE(out->find("mov.b32 %r1, 0x0000000a; // usycl.spec_constant 5 0"), std::string::npos);
  EXPECT_NE(out->find("mov.b32 %r6, 0x0000000a; // usycl.spec_constant 5 0"), std::string::npos);
  EXPECT_NE(out->find("mov.b32 %r4, 0x00000000; // usycl.spec_constant -2 0"), std::string::npos);
  EXPECT_NE(out->find("mov.b32 %r5, 0x40040000; // usycl.spec_constant -2 1"), std::string::npos);
  EXPECT_NE(out->find("\tmov.b32 \t%r2, 0;\n"), std::string::npos) << "unmarked lines stay";
}

TEST(CudaSpecConstants, OnlyTheConstantsWithValues) {
  auto one = bytes_of(int32_t(1));
  spec_constant_value values[] = {{5, one}};
  std::optional<std::string> out = specialize_ptx(ptx, values);
  ASSERT_TRUE(out);
  EXPECT_NE(out->find("mov.b32 %r5, %r7; // usycl.spec_constant -2 1"), std::string::npos)
      << "a constant without a value keeps its default";
}

TEST(CudaSpecConstants, NothingToFold) {
  auto one = bytes_of(int32_t(1));
  spec_constant_value other[] = {{77, one}};
  EXPECT_FALSE(specialize_ptx(ptx, other)) << "the PTX reads no constant with a value";
  EXPECT_FALSE(specialize_ptx(ptx, {}));
  EXPECT_FALSE(specialize_ptx(".entry k() { ret; }", other));
}

TEST(CudaSpecConstants, ShortValuesArePadded) {
  // A 3-byte value: its one word has a padding byte; a word past the value
  // (a size mismatch) keeps the default.
  const std::string two_words = "mov.b32 %r1, %r2; // usycl.spec_constant 9 0\n"
                                "mov.b32 %r3, %r4; // usycl.spec_constant 9 1\n";
  std::vector<unsigned char> three = {0x01, 0x02, 0x03};
  spec_constant_value values[] = {{9, three}};
  std::optional<std::string> out = specialize_ptx(two_words, values);
  ASSERT_TRUE(out);
  EXPECT_NE(out->find("mov.b32 %r1, 0x00030201;"), std::string::npos);
  EXPECT_NE(out->find("mov.b32 %r3, %r4;"), std::string::npos);
}

TEST(CudaSpecConstants, MalformedMarkersAreErrors) {
  for (const char *bad : {"add.s32 %r1, %r2, 1; // usycl.spec_constant 5 0\n",
                          "mov.b32 %r1, %r2; // usycl.spec_constant five 0\n",
                          "mov.b32 %r1, %r2; // usycl.spec_constant 5\n",
                          "mov.b32 %r1; // usycl.spec_constant 5 0\n"}) {
    try {
      find_spec_constant_moves(bad);
      ADD_FAILURE() << "accepted: " << bad;
    } catch (const sycl::exception &e) {
      EXPECT_EQ(e.code(), sycl::errc::build) << bad;
      EXPECT_NE(std::string(e.what()).find("usycl.spec_constant"), std::string::npos) << e.what();
    }
  }
}

TEST(CudaSpecConstants, ReadsTheRuntimesValueBlock) {
  using sycl::detail::spec_constant_block;
  using sycl::detail::spec_constant_entry;
  // The layout prepare_kernel_launch builds: header, entries, 8-aligned values.
  std::vector<unsigned char> block(sizeof(spec_constant_block) + 2 * sizeof(spec_constant_entry) + 16);
  spec_constant_block head{2, static_cast<uint32_t>(block.size())};
  std::memcpy(block.data(), &head, sizeof head);
  const uint32_t values_at = sizeof head + 2 * sizeof(spec_constant_entry);
  spec_constant_entry e0{5, values_at, 4}, e1{6, values_at + 8, 2};
  std::memcpy(block.data() + sizeof head, &e0, sizeof e0);
  std::memcpy(block.data() + sizeof head + sizeof e0, &e1, sizeof e1);
  int32_t v0 = 42;
  int16_t v1 = 7;
  std::memcpy(block.data() + values_at, &v0, 4);
  std::memcpy(block.data() + values_at + 8, &v1, 2);
  auto values = spec_constant_block_values(block.data());
  ASSERT_EQ(values.size(), 2u);
  EXPECT_EQ(values[0].key, 5u);
  EXPECT_EQ(values[0].bytes.size(), 4u);
  EXPECT_EQ(values[0].bytes[0], 42);
  EXPECT_EQ(values[1].bytes.size(), 2u);
  EXPECT_TRUE(spec_constant_block_values(nullptr).empty());
  // An entry leaving the block is refused, not read.
  e1.offset = static_cast<uint32_t>(block.size());
  std::memcpy(block.data() + sizeof head + sizeof e0, &e1, sizeof e1);
  EXPECT_THROW(spec_constant_block_values(block.data()), sycl::exception);
}
