//===- fuzz_file_table.cpp - libFuzzer harness: file-table reader ---------===//
//
// Feeds arbitrary text to FileTable::parse (compiler/post-link), the reader of
// the `[Code|Properties|Symbols]` tables sycl-post-link writes and
// sycl-aspect-filter reads and rewrites. Oracle besides "no crash, no leak, no
// UB": a table that parses must write back to text that parses to the same
// table, and every cell must be reachable through cell().
//
//===----------------------------------------------------------------------===//

#include "file_table.hpp"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto Parsed = usycl::FileTable::parse(Text, "fuzz.table");
  if (!Parsed) {
    std::string Message = llvm::toString(Parsed.takeError());
    if (Message.rfind("fuzz.table:", 0) != 0) {
      std::fprintf(stderr, "error without file:line: %s\n", Message.c_str());
      std::abort();
    }
    return 0;
  }
  for (size_t R = 0; R < Parsed->numRows(); ++R)
    for (const std::string &Column : Parsed->columns())
      (void)Parsed->cell(R, Column);
  // The filter rewrites tables in place; drop every other row as it would.
  usycl::FileTable Filtered = *Parsed;
  size_t N = 0;
  Filtered.filterRows([&](const usycl::FileTable::Row &) { return N++ % 2 == 0; });

  std::string Written;
  llvm::raw_string_ostream OS(Written);
  Parsed->write(OS);
  auto Reparsed = usycl::FileTable::parse(Written, "fuzz-roundtrip.table");
  if (!Reparsed) {
    std::fprintf(stderr, "round trip failed: %s\n--- written:\n%s\n",
                 llvm::toString(Reparsed.takeError()).c_str(), Written.c_str());
    std::abort();
  }
  if (Reparsed->columns() != Parsed->columns() ||
      Reparsed->rows() != Parsed->rows()) {
    std::fprintf(stderr, "round trip changed the table:\n%s\n", Written.c_str());
    std::abort();
  }
  return 0;
}
