#include "cuda_spec_constants.hpp"

#include <sycl/detail/spec_constant_marker.hpp>
#include <sycl/exception.hpp>
#include <sycl/specialization_id.hpp>

#include <charconv>
#include <cstdio>
#include <cstring>

namespace usycl::rt::cuda {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t'; }

[[noreturn]] void malformed(std::string_view line, const char *why) {
  throw sycl::exception(sycl::make_error_code(sycl::errc::build),
                        std::string("CUDA backend: cannot specialize the PTX: the marked "
                                    "specialization constant read '") +
                            std::string(line) + "' " + why +
                            " (expected 'mov.b32 %rN, <operand>; // " +
                            sycl::detail::spec_constant_marker + " <key> <word>')");
}

// Parses the marked line [line_begin, line_end) whose marker starts at
// `marker`.
spec_constant_move parse_move(std::string_view ptx, size_t line_begin, size_t marker,
                              size_t line_end) {
  std::string_view line = ptx.substr(line_begin, line_end - line_begin);
  // After the marker: " <key> <word>".
  std::string_view tail = ptx.substr(marker + std::strlen(sycl::detail::spec_constant_marker),
                                     line_end - marker -
                                         std::strlen(sycl::detail::spec_constant_marker));
  auto skip_space = [](std::string_view s) {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    return s;
  };
  tail = skip_space(tail);
  int64_t key = 0;
  auto [after_key, key_error] = std::from_chars(tail.data(), tail.data() + tail.size(), key);
  if (key_error != std::errc()) malformed(line, "has no key");
  tail = skip_space(tail.substr(static_cast<size_t>(after_key - tail.data())));
  uint32_t word = 0;
  auto [after_word, word_error] = std::from_chars(tail.data(), tail.data() + tail.size(), word);
  if (word_error != std::errc()) malformed(line, "has no word index");
  if (!skip_space(tail.substr(static_cast<size_t>(after_word - tail.data()))).empty())
    malformed(line, "has text after the word index");

  // Before it: "mov.b32 <dst>, <src>; //".
  size_t pos = line_begin;
  while (pos < marker && is_space(ptx[pos])) ++pos;
  constexpr std::string_view mov = "mov.b32";
  if (ptx.substr(pos, mov.size()) != mov || !is_space(ptx[pos + mov.size()]))
    malformed(line, "is not a mov.b32");
  size_t comma = ptx.find(',', pos);
  size_t semicolon = ptx.find(';', pos);
  if (comma >= marker || semicolon >= marker || comma > semicolon)
    malformed(line, "has no '<destination>, <source>;' operands");
  size_t src_begin = comma + 1;
  while (src_begin < semicolon && is_space(ptx[src_begin])) ++src_begin;
  size_t src_end = semicolon;
  while (src_end > src_begin && is_space(ptx[src_end - 1])) --src_end;
  if (src_begin == src_end) malformed(line, "has an empty source operand");
  std::string_view between = skip_space(ptx.substr(semicolon + 1, marker - semicolon - 1));
  while (!between.empty() && is_space(between.back())) between.remove_suffix(1);
  if (between != "//") malformed(line, "has more than one statement");
  return {static_cast<uint64_t>(key), word, src_begin, src_end};
}

} // namespace

std::vector<spec_constant_move> find_spec_constant_moves(std::string_view ptx) {
  std::vector<spec_constant_move> moves;
  const std::string_view marker = sycl::detail::spec_constant_marker;
  for (size_t at = ptx.find(marker); at != std::string_view::npos;
       at = ptx.find(marker, at + marker.size())) {
    size_t line_begin = ptx.rfind('\n', at);
    line_begin = line_begin == std::string_view::npos ? 0 : line_begin + 1;
    size_t line_end = ptx.find('\n', at);
    if (line_end == std::string_view::npos) line_end = ptx.size();
    moves.push_back(parse_move(ptx, line_begin, at, line_end));
  }
  return moves;
}

std::vector<spec_constant_value> spec_constant_block_values(const void *block) {
  std::vector<spec_constant_value> values;
  if (!block) return values;
  using sycl::detail::spec_constant_block;
  using sycl::detail::spec_constant_entry;
  const auto *bytes = static_cast<const unsigned char *>(block);
  spec_constant_block header;
  std::memcpy(&header, bytes, sizeof header);
  const size_t entries_end = sizeof header + size_t(header.count) * sizeof(spec_constant_entry);
  if (entries_end > header.total_bytes)
    throw sycl::exception(sycl::make_error_code(sycl::errc::runtime),
                          "CUDA backend: malformed specialization constant block");
  for (uint32_t i = 0; i < header.count; ++i) {
    spec_constant_entry e;
    std::memcpy(&e, bytes + sizeof header + i * sizeof e, sizeof e);
    if (e.offset < entries_end || uint64_t(e.offset) + e.size > header.total_bytes)
      throw sycl::exception(sycl::make_error_code(sycl::errc::runtime),
                            "CUDA backend: malformed specialization constant block");
    values.push_back({e.key, {bytes + e.offset, e.size}});
  }
  return values;
}

std::optional<std::string> specialize_ptx(std::string_view ptx,
                                          std::span<const spec_constant_value> values) {
  std::vector<spec_constant_move> moves = find_spec_constant_moves(ptx);
  std::string out;
  size_t copied = 0;
  for (const spec_constant_move &m : moves) {
    const spec_constant_value *v = nullptr;
    for (const spec_constant_value &candidate : values)
      if (candidate.key == m.key) v = &candidate;
    // No value, or a word past the value (a value of another size than the
    // code reads): the default stays, as for host-compiled kernels.
    if (!v || v->bytes.empty() || size_t(m.word) * 4 >= v->bytes.size()) continue;
    uint32_t bits = 0; // bytes past the value's end are padding
    size_t n = std::min<size_t>(4, v->bytes.size() - size_t(m.word) * 4);
    std::memcpy(&bits, v->bytes.data() + size_t(m.word) * 4, n); // little-endian, as the GPU
    char immediate[16];
    std::snprintf(immediate, sizeof immediate, "0x%08x", static_cast<unsigned>(bits));
    out.append(ptx.substr(copied, m.operand_begin - copied));
    out.append(immediate);
    copied = m.operand_end;
  }
  if (copied == 0) return std::nullopt;
  out.append(ptx.substr(copied));
  return out;
}

} // namespace usycl::rt::cuda
