//===- device_link.hpp - From device bitcode to device images ---*- C++ -*-===//
//
// Per GPU target, at link time:
//
//   device bitcode of every TU ──(in-process llvm::Linker)──► linked.bc
//     + libdevice, only what is used, internalized (as clang's CUDA flow)
//   sycl-post-link -split=<mode> -symbols -properties ─► file table
//   sycl-aspect-filter -target=<t> ─► the modules the target can run
//   per kept module: opt -O3 ─► llc -mcpu=sm_NN ─► PTX ─► ptxas ─► cubin
//
// and the result is one PTX image per kept module (so newer GPUs can JIT
// it) plus one cubin image where ptxas can build one. A module the filter
// drops becomes a NONE image (kernel names and property sets, no code, the
// "usycl/aspect filter" set marking it), so the runtime can tell why its
// kernels cannot run there.
//
// The CPU (x86_64) gets NONE images only: its kernels are host code, but the
// runtime checks their requirements, which come from the post-link table of
// some device code (a GPU target's, or the analysis pass's: compile.hpp).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "options.hpp"
#include "process.hpp"
#include "property_set.hpp"

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace usycl {
class FileTable;
} // namespace usycl

namespace usycl::driver {

class TempDir;
class Toolchain;

struct DeviceCodeInput {
  // Where it came from ("a.o", "libx.a(b.o)", "x.cpp"); names the translation
  // unit for per_source splitting and for error messages.
  std::string Origin;
  std::unique_ptr<llvm::MemoryBuffer> Bitcode;
};

enum class ImageFormat { Ptx, Cubin, Spirv, None };

struct DeviceImage {
  ImageFormat Format;
  const TargetInfo *Target;
  std::string Path;                 // the image bytes; empty for None
  std::string Arch;                 // empty: the target's architecture
  std::vector<std::string> Kernels; // _ZTS... symbols
  PropertySetRegistry Properties;
};

struct LinkedTarget {
  std::vector<DeviceImage> Images;
  // sycl-post-link's file table of the target's modules, before filtering;
  // empty when there was none.
  std::string Table;
};

class DeviceLinker {
public:
  DeviceLinker(const DriverOptions &Options, Toolchain &Tools, TempDir &Temps,
               CommandRunner &Runner)
      : Options(Options), Tools(Tools), Temps(Temps), Runner(Runner) {}

  // Device link, split, filter and (GPU targets) codegen. For the CPU target
  // the inputs are requirements-only bitcode and the images NONE images.
  llvm::Expected<LinkedTarget> link(const TargetInfo &Target,
                                    std::vector<DeviceCodeInput> Inputs);

  // The CPU's NONE images from the post-link table `Table` of a GPU target
  // (whose modules hold the same kernels and requirements).
  llvm::Expected<std::vector<DeviceImage>>
  requirementsImages(const TargetInfo &Cpu, const std::string &Table);

  // Device code dynamic linking (docs/optional-features.md). `Shared`: the
  // link makes a shared library, whose images export their SYCL_EXTERNAL
  // definitions. `Importable`: per target name, the device symbols the
  // shared libraries on the link line export; calls to them are imports
  // the runtime resolves, not undefined device functions.
  void setDynamicLinking(bool Shared,
                         std::map<std::string, std::set<std::string>> Importable) {
    BuildsSharedLibrary = Shared;
    ImportableSymbols = std::move(Importable);
  }

private:
  llvm::Error linkBitcode(const TargetInfo &Target,
                          llvm::ArrayRef<DeviceCodeInput> Inputs,
                          const std::string &Output);
  llvm::Expected<FileTable> splitModules(const TargetInfo &Target,
                                         const std::string &Linked,
                                         const std::string &Dir);
  // Which rows of `Modules` the target can run, per sycl-aspect-filter.
  llvm::Expected<std::vector<bool>> filterModules(const TargetInfo &Target,
                                                  const std::string &TablePath,
                                                  const FileTable &Modules,
                                                  const std::string &Dir);
  llvm::Expected<std::vector<DeviceImage>>
  generateCode(const TargetInfo &Target, const FileTable &Modules,
               const std::vector<bool> &Kept, const std::string &Dir);
  // JIT-mode if_device_has (docs/device-if.md): the variants of module
  // `Module` of a generic target, one per distinct set of answers to its
  // __usycl_device_has queries over the target's device family in the
  // device configuration; empty when the module asks nothing.
  struct Variant {
    std::string Bitcode;
    std::vector<uint32_t> Has, Lacks;
    std::vector<std::string> Devices; // configuration entries it serves
  };
  llvm::Expected<std::vector<Variant>>
  deviceIfVariants(const TargetInfo &Target, llvm::StringRef Module,
                   const std::string &Stem);
  // A SPIR-V target's unit with its entry points emptied, for llc
  // (compiler/passes/spirv_entry_stubs.hpp): written to `Output`.
  llvm::Error stubSpirvUnit(llvm::StringRef Input, const std::string &Output);
  llvm::Expected<std::vector<DeviceImage>>
  noneImages(const TargetInfo &Target, const FileTable &Modules,
             const std::vector<bool> &Kept);
  llvm::Error runStage(llvm::ArrayRef<Command> Commands,
                       std::vector<CommandResult> *Results = nullptr);

  const DriverOptions &Options;
  Toolchain &Tools;
  TempDir &Temps;
  CommandRunner &Runner;
  std::set<std::string> PrintedPostLinkWarnings;
  bool BuildsSharedLibrary = false;
  std::map<std::string, std::set<std::string>> ImportableSymbols;
};

// The device symbols a shared library built with usycl++ -shared exports, per
// target name, from its ".usycl.exports" section (wrapper.hpp); empty for a
// file that is no such library.
llvm::Expected<std::map<std::string, std::set<std::string>>>
readExportedDeviceSymbols(llvm::StringRef Path);

} // namespace usycl::driver
