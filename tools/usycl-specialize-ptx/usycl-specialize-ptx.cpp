// usycl-specialize-ptx: folds specialization constant values into PTX the
// way the CUDA backend does before loading it (docs/spec-constants.md).
//
//   usycl-specialize-ptx <in.ptx> [-o <out.ptx>] [<constant>=<bytes>...]
//   usycl-specialize-ptx --list <in.ptx>
//
// <constant> is a key as the PTX markers print it (signed decimal, or 0x...
// hex), or #N for the N-th constant the PTX reads (from 0, in order of first
// read). <bytes> is the value in memory order as hex digits, two per byte
// (an int 5 is 05000000), as in property-set files. --list prints each
// constant the PTX reads: its #N, key and number of 32-bit words.
#include "backends/cuda/cuda_spec_constants.hpp"

#include <sycl/exception.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace {

using usycl::rt::cuda::spec_constant_move;
using usycl::rt::cuda::spec_constant_value;

int usage() {
  std::cerr << "usage: usycl-specialize-ptx <in.ptx> [-o <out.ptx>] [<constant>=<bytes>...]\n"
               "       usycl-specialize-ptx --list <in.ptx>\n"
               "  <constant>: a key as the PTX markers print it, or #N (the N-th constant read)\n"
               "  <bytes>:    the value in memory order, two hex digits per byte (int 5: 05000000)\n";
  return 2;
}

[[noreturn]] void fail(const std::string &message) {
  std::cerr << "usycl-specialize-ptx: error: " << message << "\n";
  std::exit(1);
}

// Keys in order of first read.
std::vector<uint64_t> keys_in_order(const std::vector<spec_constant_move> &moves) {
  std::vector<uint64_t> keys;
  for (const spec_constant_move &m : moves)
    if (std::find(keys.begin(), keys.end(), m.key) == keys.end()) keys.push_back(m.key);
  return keys;
}

uint64_t parse_constant(const std::string &text, const std::vector<uint64_t> &keys) {
  try {
    size_t used = 0;
    if (text.size() > 1 && text[0] == '#') {
      unsigned long n = std::stoul(text.substr(1), &used);
      if (used + 1 != text.size()) throw std::invalid_argument(text);
      if (n >= keys.size())
        fail("'" + text + "': the PTX reads " + std::to_string(keys.size()) + " constant(s)");
      return keys[n];
    }
    if (text.rfind("0x", 0) == 0) {
      uint64_t key = std::stoull(text.substr(2), &used, 16);
      if (used + 2 == text.size()) return key;
    } else {
      long long key = std::stoll(text, &used, 10);
      if (used == text.size()) return static_cast<uint64_t>(key);
    }
  } catch (const std::logic_error &) {
  }
  fail("'" + text + "' is not a constant: give a key (decimal or 0x hex) or #N");
}

std::vector<unsigned char> parse_bytes(const std::string &hex, const std::string &arg) {
  if (hex.empty() || hex.size() % 2)
    fail("'" + arg + "': the value needs two hex digits per byte");
  std::vector<unsigned char> bytes;
  for (size_t i = 0; i < hex.size(); i += 2) {
    unsigned v = 0;
    if (std::sscanf(hex.c_str() + i, "%2x", &v) != 1 || !std::isxdigit(hex[i]) ||
        !std::isxdigit(hex[i + 1]))
      fail("'" + arg + "': '" + hex.substr(i, 2) + "' is not a hex byte");
    bytes.push_back(static_cast<unsigned char>(v));
  }
  return bytes;
}

} // namespace

int main(int argc, char **argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  bool list = false;
  std::optional<std::string> input, output;
  std::vector<std::string> assignments;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--list") list = true;
    else if (args[i] == "-o" && i + 1 < args.size()) output = args[++i];
    else if (args[i] == "-h" || args[i] == "--help") return usage();
    else if (args[i].find('=') != std::string::npos) assignments.push_back(args[i]);
    else if (!input) input = args[i];
    else return usage();
  }
  if (!input) return usage();
  std::ifstream in(*input, std::ios::binary);
  if (!in) fail("cannot read '" + *input + "'");
  std::string ptx((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());

  try {
    std::vector<spec_constant_move> moves = usycl::rt::cuda::find_spec_constant_moves(ptx);
    std::vector<uint64_t> keys = keys_in_order(moves);
    if (list) {
      for (size_t n = 0; n < keys.size(); ++n) {
        uint32_t words = 0;
        for (const spec_constant_move &m : moves)
          if (m.key == keys[n]) words = std::max(words, m.word + 1);
        std::printf("#%zu %lld 0x%016llx words=%u\n", n, static_cast<long long>(keys[n]),
                    static_cast<unsigned long long>(keys[n]), words);
      }
      return 0;
    }
    std::vector<std::vector<unsigned char>> storage;
    std::vector<spec_constant_value> values;
    storage.reserve(assignments.size());
    for (const std::string &a : assignments) {
      size_t eq = a.find('=');
      uint64_t key = parse_constant(a.substr(0, eq), keys);
      storage.push_back(parse_bytes(a.substr(eq + 1), a));
      values.push_back({key, storage.back()});
    }
    std::optional<std::string> folded = usycl::rt::cuda::specialize_ptx(ptx, values);
    const std::string &text = folded ? *folded : ptx;
    if (output) {
      std::ofstream out(*output, std::ios::binary);
      out << text;
      if (!out) fail("cannot write '" + *output + "'");
    } else {
      std::cout << text;
    }
  } catch (const sycl::exception &e) {
    fail(e.what());
  }
  return 0;
}
