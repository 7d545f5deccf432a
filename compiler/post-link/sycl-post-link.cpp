//===- sycl-post-link.cpp - Split linked device code into images ----------===//
//
//   sycl-post-link [-split=off|per_kernel|per_source|auto] [-symbols]
//                  [-properties] [-reject-undefined-functions]
//                  [-emit-only-kernels-as-entry-points]
//                  [-emit-exported-symbols] [-device-imports=<file>]
//                  -o <out.table> <linked.bc|.ll>
//
// Reads the linked device module of one target, groups its entry points into
// device images (module_splitter.hpp: per -split, then by the requirements
// rule of seed 002) and writes, for module N, <out>_N.bc, <out>_N.sym (one
// entry-point symbol per line, with -symbols) and <out>_N.prop (property
// sets, with -properties: [SYCL/device requirements], after the SYCL_EXTERNAL
// check of seed 002, whose warnings go to stderr; [SYCL/exported symbols] and
// [SYCL/imported symbols], device_linking.hpp), where <out> is the -o path
// without its extension; then the file table listing them (file_table.hpp).
//
//===----------------------------------------------------------------------===//

#include "assert_properties.hpp"
#include "assert_speculation.hpp"
#include "device_linking.hpp"
#include "file_table.hpp"
#include "module_properties.hpp"
#include "module_splitter.hpp"
#include "undefined_functions.hpp"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace llvm;
using namespace usycl;
using namespace usycl::postlink;

static constexpr StringLiteral ToolName = "sycl-post-link";

static cl::OptionCategory PostLinkCategory("sycl-post-link options");

static cl::opt<std::string> InputPath(cl::Positional, cl::Required,
                                      cl::desc("<linked device module>"),
                                      cl::cat(PostLinkCategory));

static cl::opt<std::string> OutputTable("o", cl::Required,
                                        cl::desc("Output file table"),
                                        cl::value_desc("file"),
                                        cl::cat(PostLinkCategory));

static cl::opt<SplitMode> Split(
    "split", cl::desc("How kernels are grouped into device images"),
    cl::init(SplitMode::Auto),
    cl::values(clEnumValN(SplitMode::Off, "off", "one image for all kernels"),
               clEnumValN(SplitMode::PerKernel, "per_kernel",
                          "one image per kernel"),
               clEnumValN(SplitMode::PerSource, "per_source",
                          "one image per translation unit"),
               clEnumValN(SplitMode::Auto, "auto",
                          "let the tool choose (currently: off; the "
                          "requirements split applies to every mode)")),
    cl::cat(PostLinkCategory));

static cl::opt<bool> EmitSymbols("symbols",
                                 cl::desc("Write the kernel names of each "
                                          "module (Symbols column)"),
                                 cl::cat(PostLinkCategory));

static cl::opt<bool> EmitProperties("properties",
                                    cl::desc("Write the property sets of each "
                                             "module (Properties column)"),
                                    cl::cat(PostLinkCategory));

static cl::opt<bool> KernelsOnly(
    "emit-only-kernels-as-entry-points",
    cl::desc("Only kernels are entry points; SYCL_EXTERNAL functions become "
             "internal to the images that call them (targets without "
             "device-side dynamic linking: NVPTX)"),
    cl::cat(PostLinkCategory));

static cl::opt<bool> RejectUndefinedFunctions(
    "reject-undefined-functions",
    cl::desc("Fail if kernels call C++ functions that no linked translation "
             "unit defines (targets without device-side linking: NVPTX)"),
    cl::cat(PostLinkCategory));

static cl::opt<bool> EmitExportedSymbols(
    "emit-exported-symbols",
    cl::desc("Write [SYCL/exported symbols]: the SYCL_EXTERNAL entry points "
             "of each image (device code of a shared library)"),
    cl::cat(PostLinkCategory));

static cl::opt<std::string> DeviceImports(
    "device-imports",
    cl::desc("File listing the symbols (one per line) that shared libraries "
             "linked with the program export: calls to them are imports "
             "([SYCL/imported symbols]), not undefined functions"),
    cl::value_desc("file"), cl::cat(PostLinkCategory));

static cl::opt<bool> SpeculateAssertLoads(
    "speculate-assert-loads", cl::init(true),
    cl::desc("In images that use assert, issue the loads that follow an "
             "assert's check before it when the check does not guard them "
             "(NVPTX; assert_speculation.hpp)"),
    cl::cat(PostLinkCategory));

[[noreturn]] static void fail(const Twine &Message) {
  WithColor::error(errs(), ToolName) << Message << '\n';
  std::exit(1);
}

static void failOn(Error E) {
  if (E)
    fail(toString(std::move(E)));
}

template <typename T> static T failOn(Expected<T> Value) {
  if (!Value)
    fail(toString(Value.takeError()));
  return std::move(*Value);
}

static void writeBitcode(const Module &M, StringRef Path) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_None);
  if (EC)
    fail("cannot write '" + Path + "': " + EC.message());
  WriteBitcodeToFile(M, OS);
}

static void writeSymbols(const EntryPointGroup &Group, StringRef Path) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_TextWithCRLF);
  if (EC)
    fail("cannot write '" + Path + "': " + EC.message());
  for (const Function *F : Group.EntryPoints)
    OS << F->getName() << '\n';
}

// Names each function the kernels call that no linked translation unit
// defines, with the kernels that reach it and a call chain
// (undefined_functions.hpp), so the user learns which SYCL_EXTERNAL
// definition is missing and who needs it.
static void rejectUndefinedFunctions(const Module &M,
                                     const StringSet<> &Importable) {
  std::vector<UndefinedDeviceFunction> Undefined =
      findUndefinedDeviceFunctions(M, &Importable);
  if (Undefined.empty())
    return;
  for (const UndefinedDeviceFunction &U : Undefined)
    WithColor::error(errs(), ToolName)
        << describeUndefinedDeviceFunction(U) << '\n';
  std::exit(1);
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(PostLinkCategory);
  cl::ParseCommandLineOptions(
      argc, argv, "sycl-post-link: split linked SYCL device code into images\n");

  LLVMContext Context;
  SMDiagnostic Diagnostic;
  std::unique_ptr<Module> Input = parseIRFile(InputPath, Diagnostic, Context);
  if (!Input) {
    Diagnostic.print(ToolName.data(), errs());
    return 1;
  }
  StringSet<> Importable;
  if (!DeviceImports.empty())
    Importable = failOn(readImportableSymbols(DeviceImports));
  if (RejectUndefinedFunctions)
    rejectUndefinedFunctions(*Input, Importable);

  SmallString<256> Stem(OutputTable);
  sys::path::replace_extension(Stem, "");

  std::vector<std::string> Columns = {file_table_columns::Code.str()};
  if (EmitProperties)
    Columns.push_back(file_table_columns::Properties.str());
  if (EmitSymbols)
    Columns.push_back(file_table_columns::Symbols.str());
  FileTable Table(std::move(Columns));

  // A SYCL_EXTERNAL function that several images hold is reported once.
  std::set<std::string> Reported;
  auto Warn = [&](RequirementsWarning W) {
    if (Reported.insert(W.Message).second)
      WithColor::warning(errs()) << W.Message << '\n';
  };

  std::vector<EntryPointGroup> Groups =
      groupEntryPoints(*Input, {Split, KernelsOnly});
  for (auto [Index, Group] : enumerate(Groups)) {
    std::string Base = (Stem + "_" + Twine(Index)).str();
    std::unique_ptr<Module> Split =
        failOn(extractEntryPointGroup(*Input, Group));

    // The SYCL_EXTERNAL check warns whether or not properties are written.
    PropertySetRegistry Properties =
        failOn(computeModuleProperties(*Split, Group, Warn));
    if (EmitExportedSymbols)
      addExportedSymbols(Group, Properties);
    addImportedSymbols(*Split, Importable, Properties);

    // After the properties: the hooks add a use of nothing new.
    finalizeAssertLaunchHooks(*Split);
    if (SpeculateAssertLoads && usesDeviceAssert(*Split))
      speculateLoadsAboveAsserts(*Split);

    FileTable::Row Row = {Base + ".bc"};
    writeBitcode(*Split, Row.back());
    if (EmitProperties) {
      Row.push_back(Base + ".prop");
      failOn(Properties.writeFile(Row.back()));
    }
    if (EmitSymbols) {
      Row.push_back(Base + ".sym");
      writeSymbols(Group, Row.back());
    }
    failOn(Table.addRow(std::move(Row)));
  }
  failOn(Table.writeFile(OutputTable));
  return 0;
}
