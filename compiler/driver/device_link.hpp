//===- device_link.hpp - From device bitcode to device images ---*- C++ -*-===//
//
// Per GPU target, at link time:
//
//   device bitcode of every TU ──(in-process llvm::Linker)──► linked.bc
//     + libdevice, only what is used, internalized (as clang's CUDA flow)
//   sycl-post-link -split=<mode> -symbols -properties ─► file table
//   per module: opt -O3 ─► llc -mcpu=sm_NN ─► PTX ─► ptxas ─► cubin
//
// and the result is one PTX image per module (so newer GPUs can JIT it) plus
// one cubin image where ptxas can build one.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "options.hpp"
#include "process.hpp"
#include "property_set.hpp"

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
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

enum class ImageFormat { Ptx, Cubin };

struct DeviceImage {
  ImageFormat Format;
  const TargetInfo *Target;
  std::string Path;                 // the image bytes
  std::vector<std::string> Kernels; // _ZTS... symbols
  PropertySetRegistry Properties;
};

class DeviceLinker {
public:
  DeviceLinker(const DriverOptions &Options, Toolchain &Tools, TempDir &Temps,
               CommandRunner &Runner)
      : Options(Options), Tools(Tools), Temps(Temps), Runner(Runner) {}

  llvm::Expected<std::vector<DeviceImage>>
  link(const TargetInfo &Target, std::vector<DeviceCodeInput> Inputs);

private:
  llvm::Error linkBitcode(const TargetInfo &Target,
                          llvm::ArrayRef<DeviceCodeInput> Inputs,
                          const std::string &Output);
  llvm::Expected<FileTable> splitModules(const TargetInfo &Target,
                                         const std::string &Linked,
                                         const std::string &Dir);
  llvm::Expected<std::vector<DeviceImage>>
  generateCode(const TargetInfo &Target, const FileTable &Modules,
               const std::string &Dir);
  llvm::Error runStage(llvm::ArrayRef<Command> Commands,
                       std::vector<CommandResult> *Results = nullptr);

  const DriverOptions &Options;
  Toolchain &Tools;
  TempDir &Temps;
  CommandRunner &Runner;
};

} // namespace usycl::driver
