//===- fuzz_property_set.cpp - libFuzzer harness: property-set reader -----===//
//
// Feeds arbitrary text to PropertySetRegistry::parse (compiler/post-link),
// the reader of the `.prop` files sycl-post-link writes and sycl-aspect-filter
// and usycl++ read back. Oracle besides "no crash, no leak, no UB": whatever
// parses must survive a write/parse round trip unchanged, because usycl++
// embeds exactly the bytes it read.
//
//===----------------------------------------------------------------------===//

#include "property_set.hpp"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto Parsed = usycl::PropertySetRegistry::parse(Text, "fuzz.prop");
  if (!Parsed) {
    // The message must name the file and line; rendering it exercises that.
    std::string Message = llvm::toString(Parsed.takeError());
    if (Message.rfind("fuzz.prop:", 0) != 0) {
      std::fprintf(stderr, "error without file:line: %s\n", Message.c_str());
      std::abort();
    }
    return 0;
  }
  for (const usycl::PropertySet &Set : Parsed->sets())
    for (const usycl::Property &P : Set.properties()) {
      if (P.Value.isByteArray())
        (void)P.Value.asUInt32Array();
      (void)P.Value.valueText();
    }
  std::string Written = Parsed->toString();
  auto Reparsed = usycl::PropertySetRegistry::parse(Written, "fuzz-roundtrip.prop");
  if (!Reparsed) {
    std::fprintf(stderr, "round trip failed: %s\n--- written:\n%s\n",
                 llvm::toString(Reparsed.takeError()).c_str(), Written.c_str());
    std::abort();
  }
  if (!(*Reparsed == *Parsed)) {
    std::fprintf(stderr, "round trip changed the sets:\n%s\n", Written.c_str());
    std::abort();
  }
  return 0;
}
