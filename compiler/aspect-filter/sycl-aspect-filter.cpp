//===- sycl-aspect-filter.cpp - Drop device images a target cannot run ----===//
//
//   sycl-aspect-filter -target=<t> [-device-config-file=<p>] <in-table> -o <out-table>
//
// Seed 002, "Aspect filter tool", step by step:
//
//  1. If the input file table has no Properties column, copy it to the output
//     unchanged and stop (no error).
//  2. Read the device configuration file and find the entry E of <t> (aliases
//     resolve: intel_gpu_9_0_9 is intel_gpu_skl). None: error, listing the
//     targets the file describes.
//  3. For each row, load its property file. Without a
//     [SYCL/device requirements] set, keep the row. Otherwise keep it only if
//       * every `aspect` is in E.aspects,
//       * every `reqd_sub_group_size` is in E.sub-group-sizes,
//       * some `fixed_target` aspect is in E.aspects (an empty list matches
//         no target).
//     `reqd_work_group_size` is not filtered (the runtime checks it).
//
// Without -device-config-file the default configuration next to the tool is
// used: <dir of this executable>/../share/usycl/device-config.yaml.
// Malformed inputs (table, property file, property layout, YAML) are errors
// with file and line; the output is then not written.
//
//===----------------------------------------------------------------------===//

#include "device_config.hpp"
#include "file_table.hpp"
#include "property_set.hpp"

#include <sycl/detail/aspect_names.hpp>

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

using namespace llvm;
using namespace usycl;

static cl::OptionCategory Category("sycl-aspect-filter options");
static cl::opt<std::string> Target("target", cl::Required,
                                   cl::desc("Target device to filter for "
                                            "(x86_64, intel_gpu_pvc, "
                                            "nvidia_gpu_sm_90, ...)"),
                                   cl::value_desc("target"), cl::cat(Category));
static cl::opt<std::string>
    ConfigFile("device-config-file",
               cl::desc("Device configuration file (default: "
                        "<prefix>/share/usycl/device-config.yaml)"),
               cl::value_desc("path"), cl::cat(Category));
static cl::opt<std::string> Input(cl::Positional, cl::Required,
                                  cl::desc("<input file table>"),
                                  cl::cat(Category));
static cl::opt<std::string> Output("o", cl::Required,
                                   cl::desc("Output file table ('-': stdout)"),
                                   cl::value_desc("file"), cl::cat(Category));
static cl::opt<bool> Verbose("verbose",
                             cl::desc("Say on stderr why each row is dropped"),
                             cl::cat(Category));

static constexpr const char *ToolName = "sycl-aspect-filter";

static void error(const Twine &Message) {
  WithColor::error(errs(), ToolName) << Message << '\n';
}

// Prints an llvm::Error; malformed-file errors in "<file>:<line>: error:" form.
static void report(Error E) {
  handleAllErrors(
      std::move(E),
      [](const MalformedFileError &M) {
        WithColor(errs(), raw_ostream::SAVEDCOLOR, true)
            << M.file() << ':' << M.line() << ": ";
        WithColor::error() << M.what() << '\n';
      },
      [](const ErrorInfoBase &Other) { error(Other.message()); });
}

static std::string aspectText(uint32_t Value) {
  std::string_view Name = sycl::detail::aspect_name(static_cast<int>(Value));
  if (Name.empty())
    return "aspect " + std::to_string(Value);
  return "'aspect::" + std::string(Name) + "' (" + std::to_string(Value) + ")";
}

static bool contains(const std::vector<uint32_t> &V, uint32_t X) {
  return std::find(V.begin(), V.end(), X) != V.end();
}

// The uint32 array of property `Name` of `Set`; nullopt and an error printed
// when the property has the wrong layout. An absent property is an empty
// optional inside the outer one.
static std::optional<std::optional<std::vector<uint32_t>>>
readArray(const PropertySet &Set, StringRef Name, StringRef PropFile) {
  const PropertyValue *V = Set.find(Name);
  if (!V)
    return std::optional<std::vector<uint32_t>>();
  std::optional<std::vector<uint32_t>> Values = V->asUInt32Array();
  if (!Values) {
    error(PropFile + ": property '" + Name + "' of [" + Set.name() +
          "] must be a byte array of little-endian uint32s (type 2, a "
          "multiple of 4 bytes)");
    return std::nullopt;
  }
  return Values;
}

// Why the image described by `PropFile` cannot run on E (the entry of
// TargetName), or "" when it can. nullopt on malformed input.
static std::optional<std::string> rejection(const config::target_entry &E,
                                            StringRef TargetName,
                                            StringRef PropFile) {
  std::string Name = TargetName.str();
  Expected<PropertySetRegistry> Props = PropertySetRegistry::readFile(PropFile);
  if (!Props) {
    report(Props.takeError());
    return std::nullopt;
  }
  const PropertySet *Reqs =
      Props->find(property_names::DeviceRequirementsSet);
  if (!Reqs)
    return std::string();

  auto Aspects = readArray(*Reqs, property_names::Aspect, PropFile);
  auto SubGroups = readArray(*Reqs, property_names::ReqdSubGroupSize, PropFile);
  auto Fixed = readArray(*Reqs, property_names::FixedTarget, PropFile);
  if (!Aspects || !SubGroups || !Fixed)
    return std::nullopt;

  if (*Aspects)
    for (uint32_t A : **Aspects)
      if (!contains(E.aspects, A))
        return "uses " + aspectText(A) + ", which " + Name + " lacks";
  if (*SubGroups)
    for (uint32_t S : **SubGroups)
      if (!contains(E.sub_group_sizes, S))
        return "requires sub-group size " + std::to_string(S) +
               ", which " + Name + " does not support";
  if (*Fixed && llvm::none_of(**Fixed, [&](uint32_t A) {
        return contains(E.aspects, A);
      })) {
    std::string Targets;
    for (uint32_t A : **Fixed) {
      const sycl::detail::device_target *T =
          sycl::detail::target_for_aspect(static_cast<int>(A));
      Targets += (Targets.empty() ? "" : ",") +
                 (T ? std::string(T->name) : aspectText(A));
    }
    return "was compiled with -fsycl-fixed-targets=" + Targets +
           ", which does not include " + Name;
  }
  return std::string();
}

static std::string defaultConfigPath(const char *Argv0) {
  std::string Exe = sys::fs::getMainExecutable(
      Argv0, reinterpret_cast<void *>(&defaultConfigPath));
  if (Exe.empty())
    Exe = Argv0;
  return config::default_config_path(sys::path::parent_path(Exe).str());
}

static bool writeOutput(const FileTable &Table) {
  if (Output == "-") {
    Table.write(outs());
    outs().flush();
    return true;
  }
  if (Error E = Table.writeFile(Output)) {
    report(std::move(E));
    return false;
  }
  return true;
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(Category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "sycl-aspect-filter: remove the rows of a file table whose device "
      "images use features the target device does not support\n");

  // Step 1: a table without properties is copied as is.
  ErrorOr<std::unique_ptr<MemoryBuffer>> InText =
      MemoryBuffer::getFileOrSTDIN(Input, /*IsText=*/true);
  if (!InText) {
    error("cannot read '" + Input + "': " + InText.getError().message());
    return 1;
  }
  Expected<FileTable> Table =
      FileTable::parse((*InText)->getBuffer(), Input == "-" ? StringRef("<stdin>") : StringRef(Input));
  if (!Table) {
    report(Table.takeError());
    return 1;
  }
  if (!Table->hasColumn(file_table_columns::Properties)) {
    if (Output == "-") {
      outs() << (*InText)->getBuffer();
      return 0;
    }
    std::error_code EC;
    raw_fd_ostream OS(Output, EC, sys::fs::OF_Text);
    if (EC) {
      error("cannot write '" + Output + "': " + EC.message());
      return 1;
    }
    OS << (*InText)->getBuffer();
    OS.close();
    if (OS.has_error()) {
      error("cannot write '" + Output + "': " + OS.error().message());
      return 1;
    }
    return 0;
  }

  // Step 2: the target's entry in the device configuration file.
  std::string ConfigPath =
      ConfigFile.empty() ? defaultConfigPath(argv[0]) : ConfigFile.getValue();
  std::string ConfigError;
  std::optional<config::device_config> Config =
      config::device_config::load(ConfigPath, ConfigError);
  if (!Config) {
    error(ConfigError);
    return 1;
  }
  const config::target_entry *E = Config->find(Target);
  if (!E) {
    std::string Valid;
    for (const config::target_entry &Entry : Config->entries())
      Valid += (Valid.empty() ? "" : ", ") + Entry.name;
    const sycl::detail::device_target *Known =
        sycl::detail::find_target(Target);
    error("unknown target '" + Target + "': " +
          (Known ? "it has no entry in " : "it is not described by ") +
          ConfigPath + "; valid targets: " +
          (Valid.empty() ? std::string("(none)") : Valid));
    return 1;
  }

  // Step 3: keep the rows whose requirements E meets.
  bool Malformed = false;
  Table->filterRows([&](const FileTable::Row &Row) -> bool {
    size_t PropCol = *Table->columnIndex(file_table_columns::Properties);
    size_t CodeCol = *Table->columnIndex(file_table_columns::Code);
    std::optional<std::string> Why = rejection(*E, Target, Row[PropCol]);
    if (!Why) {
      Malformed = true;
      return false;
    }
    if (!Why->empty() && Verbose)
      errs() << ToolName << ": dropping " << Row[CodeCol] << " for " << Target
             << ": it " << *Why << '\n';
    return Why->empty();
  });
  if (Malformed)
    return 1;
  return writeOutput(*Table) ? 0 : 1;
}
