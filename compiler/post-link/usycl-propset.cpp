//===- usycl-propset.cpp - Check and print property-set files -------------===//
//
//   usycl-propset <file.prop>...          parse, print in canonical form
//   usycl-propset --file-table <table>... parse file tables the same way
//
// A developer and test tool (lit tests, fuzzing corpora): it exercises the
// same readers the driver and sycl-aspect-filter use, prints what they
// understood, and reports malformed input as "<file>:<line>: error: ...".
// Exit status 1 if any file is malformed.
//
//===----------------------------------------------------------------------===//

#include "file_table.hpp"
#include "property_set.hpp"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace usycl;

static cl::OptionCategory Category("usycl-propset options");
static cl::list<std::string> Inputs(cl::Positional, cl::OneOrMore,
                                    cl::desc("<files>"), cl::cat(Category));
static cl::opt<bool> FileTables("file-table",
                                cl::desc("Inputs are file tables"),
                                cl::cat(Category));

static bool report(Error E) {
  bool Failed = false;
  handleAllErrors(
      std::move(E),
      [&](const MalformedFileError &M) {
        // Compiler-style location first so editors and FileCheck find it.
        WithColor(errs(), raw_ostream::SAVEDCOLOR, true)
            << M.file() << ':' << M.line() << ": ";
        WithColor::error() << M.what() << '\n';
        Failed = true;
      },
      [&](const ErrorInfoBase &Other) {
        WithColor::error(errs(), "usycl-propset") << Other.message() << '\n';
        Failed = true;
      });
  return Failed;
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(Category);
  cl::ParseCommandLineOptions(argc, argv,
                              "usycl-propset: check property-set files\n");
  bool Failed = false;
  for (const std::string &Path : Inputs) {
    if (FileTables) {
      Expected<FileTable> Table = FileTable::readFile(Path);
      if (!Table) {
        Failed |= report(Table.takeError());
        continue;
      }
      Table->write(outs());
    } else {
      Expected<PropertySetRegistry> Sets = PropertySetRegistry::readFile(Path);
      if (!Sets) {
        Failed |= report(Sets.takeError());
        continue;
      }
      Sets->write(outs());
    }
  }
  return Failed ? 1 : 0;
}
