//===- offload_sections.hpp - Device code inside host objects ---*- C++ -*-===//
//
// `usycl++ -c` produces an ordinary host object that also carries the device
// bitcode of each GPU target in a section named .usycl.device.<target>, and,
// when there is no GPU target, the requirements-only bitcode of the analysis
// pass in .usycl.device.x86_64 (never compiled; it gives the CPU kernels'
// requirements at link time). The
// sections are SHF_EXCLUDE, so any linker drops them from the final binary;
// `usycl++` reads them back at link time (from objects and from the members
// of static archives).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "compile.hpp"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <string>
#include <vector>

namespace usycl::driver {

// Writes `HostObject` plus one excluded section per device bitcode file to
// `Output` (atomically: a failed run leaves no half-written object).
llvm::Error embedDeviceCode(llvm::StringRef HostObject,
                            llvm::ArrayRef<DeviceBitcode> Device,
                            llvm::StringRef Output);

struct EmbeddedDeviceCode {
  std::string Origin; // "a.o", or "libx.a(b.o)" for archive members
  const TargetInfo *Target;
  std::unique_ptr<llvm::MemoryBuffer> Bitcode;
};

// The device code sections of an object file or of every member of a static
// archive. Other inputs (shared libraries, linker scripts) have none.
llvm::Expected<std::vector<EmbeddedDeviceCode>>
readEmbeddedDeviceCode(llvm::StringRef Path);

} // namespace usycl::driver
