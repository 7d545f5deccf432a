//===- toolchain.cpp - Where usycl++ finds its tools ----------------------===//

#include "toolchain.hpp"
#include "driver_config.hpp"

#include "llvm/ADT/SmallString.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"

using namespace llvm;

namespace usycl::driver {

static std::string joinPath(StringRef Dir, const Twine &A,
                            const Twine &B = "", const Twine &C = "") {
  SmallString<256> Path(Dir);
  sys::path::append(Path, A, B, C);
  sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

static bool isExecutable(StringRef Path) {
  return sys::fs::can_execute(Path) && !sys::fs::is_directory(Path);
}

// A tool named by an environment variable must exist: the user asked for it.
static Expected<std::optional<std::string>>
fromEnvironment(StringRef Variable) {
  std::optional<std::string> Value = sys::Process::GetEnv(Variable);
  if (!Value)
    return std::nullopt;
  if (!isExecutable(*Value))
    return createStringError(Variable + "='" + *Value +
                             "' is not an executable file; fix or unset " +
                             Variable);
  return Value;
}

Expected<Toolchain> Toolchain::discover(const char *Argv0, void *MainAddr) {
  std::string Executable = sys::fs::getMainExecutable(Argv0, MainAddr);
  if (Executable.empty())
    return createStringError("cannot determine the path of the usycl++ "
                             "executable");
  Toolchain T;
  T.BinDir = sys::path::parent_path(Executable).str();
  T.IncludeDir = joinPath(T.BinDir, "..", "include");
  T.LibDir = joinPath(T.BinDir, "..", "lib");
  T.ShareDir = joinPath(T.BinDir, "..", "share", "usycl");
  return T;
}

static Expected<std::string> requireFile(std::string Path, StringRef What) {
  if (!sys::fs::exists(Path))
    return createStringError("cannot find " + What + " at '" + Path +
                             "'; the usycl installation is incomplete "
                             "(rebuild or reinstall usycl)");
  return Path;
}

Expected<std::string> Toolchain::plugin() const {
  return requireFile(joinPath(LibDir, "libusycl-plugin.so"),
                     "the usycl clang plugin");
}

Expected<std::string> Toolchain::linkPasses() const {
  return requireFile(joinPath(LibDir, "libusycl-link-passes.so"),
                     "the device link's pass plugin");
}

Expected<std::string> Toolchain::runtimeLibrary() const {
  return requireFile(joinPath(LibDir, "libusycl.so"),
                     "the SYCL runtime library");
}

Expected<std::string> Toolchain::postLink() const {
  return requireFile(joinPath(BinDir, "sycl-post-link"), "sycl-post-link");
}

Expected<std::string> Toolchain::aspectFilter() const {
  return requireFile(joinPath(BinDir, "sycl-aspect-filter"),
                     "sycl-aspect-filter");
}

Expected<std::string>
Toolchain::deviceConfig(const std::optional<std::string> &UserFile) const {
  if (UserFile)
    return *UserFile;
  return requireFile(joinPath(ShareDir, "device-config.yaml"),
                     "the device configuration file");
}

// Whether the shared library at `Path` defines the dynamic symbol `Name`.
static bool exportsSymbol(StringRef Path, StringRef Name) {
  Expected<object::OwningBinary<object::ObjectFile>> Binary =
      object::ObjectFile::createObjectFile(Path);
  if (!Binary) {
    consumeError(Binary.takeError());
    return false;
  }
  const auto *ELF = dyn_cast<object::ELFObjectFileBase>(Binary->getBinary());
  if (!ELF)
    return false;
  for (const object::ELFSymbolRef &Symbol : ELF->getDynamicSymbolIterators()) {
    Expected<StringRef> SymbolName = Symbol.getName();
    if (!SymbolName) {
      consumeError(SymbolName.takeError());
      continue;
    }
    Expected<uint32_t> Flags = Symbol.getFlags();
    if (!Flags) {
      consumeError(Flags.takeError());
      continue;
    }
    if (*SymbolName == Name && !(*Flags & object::SymbolRef::SF_Undefined))
      return true;
  }
  return false;
}

const std::optional<std::string> &Toolchain::passPlugin() {
  if (PassPlugin)
    return *PassPlugin;
  std::string Separate = joinPath(LibDir, "libusycl-passes.so");
  std::string Plugin = joinPath(LibDir, "libusycl-plugin.so");
  if (sys::fs::exists(Separate))
    PassPlugin = std::optional<std::string>(Separate);
  else if (exportsSymbol(Plugin, "llvmGetPassPluginInfo"))
    PassPlugin = std::optional<std::string>(Plugin);
  else
    PassPlugin = std::optional<std::string>();
  return *PassPlugin;
}

Expected<std::string> Toolchain::clang() {
  if (Clang)
    return *Clang;
  Expected<std::optional<std::string>> FromEnv = fromEnvironment("USYCL_CLANG");
  if (!FromEnv)
    return FromEnv.takeError();
  if (*FromEnv)
    return *(Clang = **FromEnv);
  std::string Configured = joinPath(USYCL_DEFAULT_LLVM_TOOLS_DIR, "clang++");
  if (isExecutable(Configured))
    return *(Clang = Configured);
  StringRef Versioned = "clang++-" USYCL_LLVM_VERSION_MAJOR;
  if (ErrorOr<std::string> OnPath = sys::findProgramByName(Versioned))
    return *(Clang = *OnPath);
  return createStringError(
      "cannot find clang++ " USYCL_LLVM_VERSION_MAJOR " (looked for '" +
      Configured + "' and '" + Versioned +
      "' on PATH); set USYCL_CLANG to the clang++ to use");
}

Expected<std::string> Toolchain::llvmTool(StringRef Name,
                                          std::optional<std::string> &Cache) {
  if (Cache)
    return *Cache;
  if (std::optional<std::string> Dir = sys::Process::GetEnv("USYCL_LLVM_BINDIR")) {
    std::string Path = joinPath(*Dir, Name);
    if (!isExecutable(Path))
      return createStringError("USYCL_LLVM_BINDIR='" + *Dir + "' has no '" +
                               Name + "'; fix or unset USYCL_LLVM_BINDIR");
    return *(Cache = Path);
  }
  std::string Configured = joinPath(USYCL_DEFAULT_LLVM_TOOLS_DIR, Name);
  if (isExecutable(Configured))
    return *(Cache = Configured);
  std::string Versioned = (Name + "-" USYCL_LLVM_VERSION_MAJOR).str();
  if (ErrorOr<std::string> OnPath = sys::findProgramByName(Versioned))
    return *(Cache = *OnPath);
  return createStringError("cannot find the LLVM tool '" + Name +
                           "' (looked for '" + Configured + "' and '" +
                           Versioned + "' on PATH); set USYCL_LLVM_BINDIR to "
                           "the directory that holds it");
}

Expected<std::string> Toolchain::opt() { return llvmTool("opt", Opt); }
Expected<std::string> Toolchain::llc() { return llvmTool("llc", Llc); }

std::string Toolchain::cudaRoot() const {
  if (std::optional<std::string> Root = sys::Process::GetEnv("USYCL_CUDA_ROOT"))
    return *Root;
  return USYCL_DEFAULT_CUDA_ROOT;
}

Expected<std::optional<std::string>> Toolchain::ptxas() {
  if (Ptxas)
    return *Ptxas;
  // USYCL_PTXAS= (empty) switches cubins off on purpose.
  if (std::optional<std::string> Value = sys::Process::GetEnv("USYCL_PTXAS");
      Value && Value->empty())
    return *(Ptxas = std::optional<std::string>());
  Expected<std::optional<std::string>> FromEnv = fromEnvironment("USYCL_PTXAS");
  if (!FromEnv)
    return FromEnv.takeError();
  if (*FromEnv)
    return *(Ptxas = *FromEnv);
  if (std::string InCuda = joinPath(cudaRoot(), "bin", "ptxas");
      isExecutable(InCuda))
    return *(Ptxas = InCuda);
  if (ErrorOr<std::string> OnPath = sys::findProgramByName("ptxas"))
    return *(Ptxas = *OnPath);
  return *(Ptxas = std::optional<std::string>());
}

Expected<std::optional<std::string>> Toolchain::libdevice() {
  if (Libdevice)
    return *Libdevice;
  if (std::optional<std::string> Value = sys::Process::GetEnv("USYCL_LIBDEVICE")) {
    if (!sys::fs::is_regular_file(*Value))
      return createStringError("USYCL_LIBDEVICE='" + *Value +
                               "' is not a file; fix or unset USYCL_LIBDEVICE");
    return *(Libdevice = Value);
  }
  if (std::string InCuda =
          joinPath(cudaRoot(), "nvvm", "libdevice", "libdevice.10.bc");
      sys::fs::is_regular_file(InCuda))
    return *(Libdevice = InCuda);
  return *(Libdevice = std::optional<std::string>());
}

} // namespace usycl::driver
