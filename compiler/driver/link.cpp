//===- link.cpp - The link step -------------------------------------------===//

#include "link.hpp"
#include "compile.hpp"
#include "device_link.hpp"
#include "diagnostics.hpp"
#include "file_write.hpp"
#include "offload_sections.hpp"
#include "process.hpp"
#include "progress.hpp"
#include "temp_dir.hpp"
#include "toolchain.hpp"
#include "wrapper.hpp"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

using namespace llvm;

namespace usycl::driver {

namespace {

// The libraries the user links with -l<name>, found the way the linker
// would find them among the -L directories. A shared library found first
// wins (as with the linker, unless -static): it registers its own images,
// and its exported device symbols are what the program's images may import.
struct LibraryFiles {
  std::vector<std::string> Archives, SharedLibraries;
};

LibraryFiles libraryFilesFromFlags(const DriverOptions &Options) {
  std::vector<std::string> SearchDirs, Names;
  bool PreferStatic = false;
  const std::vector<LinkItem> &Items = Options.LinkItems;
  for (size_t I = 0; I < Items.size(); ++I) {
    if (Items[I].Kind != LinkItem::ItemKind::Flag)
      continue;
    StringRef Flag = Items[I].Text;
    auto ValueOf = [&](StringRef Prefix) -> std::string {
      if (Flag.size() > Prefix.size())
        return Flag.drop_front(Prefix.size()).str();
      return I + 1 < Items.size() ? Items[++I].Text : std::string();
    };
    if (Flag == "-static")
      PreferStatic = true;
    else if (Flag.starts_with("-L"))
      SearchDirs.push_back(ValueOf("-L"));
    else if (Flag.starts_with("-l"))
      Names.push_back(ValueOf("-l"));
  }

  LibraryFiles Found;
  for (StringRef Name : Names) {
    std::vector<std::string> Candidates;
    if (Name.consume_front(":"))
      Candidates = {Name.str()};
    else if (PreferStatic)
      Candidates = {("lib" + Name + ".a").str()};
    else
      Candidates = {("lib" + Name + ".so").str(), ("lib" + Name + ".a").str()};
    for (const std::string &Dir : SearchDirs) {
      auto File = find_if(Candidates, [&](const std::string &C) {
        return sys::fs::exists(Dir + "/" + C);
      });
      if (File == Candidates.end())
        continue;
      (StringRef(*File).ends_with(".a") ? Found.Archives
                                         : Found.SharedLibraries)
          .push_back(Dir + "/" + *File);
      break;
    }
  }
  return Found;
}

bool buildsSharedLibrary(const DriverOptions &Options) {
  return any_of(Options.LinkItems, [](const LinkItem &Item) {
    return Item.Kind == LinkItem::ItemKind::Flag && Item.Text == "-shared";
  });
}

class LinkStep {
public:
  LinkStep(const DriverOptions &Options, Toolchain &Tools, TempDir &Temps,
           CommandRunner &Runner)
      : Options(Options), Tools(Tools), Temps(Temps), Runner(Runner) {}

  Error run();

private:
  Error collectFromCompiledSources(ArrayRef<CompiledSource> Compiled);
  Error collectFromFile(StringRef Path);
  Error collectExportsFrom(StringRef SharedLibrary);
  void addDeviceCode(const TargetInfo &Target, std::string Origin,
                     std::unique_ptr<MemoryBuffer> Bitcode);
  bool wantTarget(const TargetInfo &Target, StringRef Origin);
  Expected<std::optional<std::string>> buildWrapper();
  Expected<std::vector<DeviceImage>>
  cpuRequirementsImages(DeviceLinker &Linker,
                        std::vector<DeviceCodeInput> CpuInputs,
                        const std::string &ReusedTable);
  Error finalLink(const std::optional<std::string> &Wrapper);

  const DriverOptions &Options;
  Toolchain &Tools;
  TempDir &Temps;
  CommandRunner &Runner;

  // Device code per GPU target, in the order targets were first seen.
  MapVector<const TargetInfo *, std::vector<DeviceCodeInput>> DeviceCode;
  // Requirements-only bitcode for the CPU (.usycl.device.x86_64, written by
  // the analysis pass when a translation unit had no GPU pass), by origin.
  std::map<std::string, std::unique_ptr<MemoryBuffer>> CpuCode;
  // The first device code of each origin for a target not linked (not in
  // the link's -fsycl-targets): the CPU's requirements of last resort.
  std::map<std::string, std::unique_ptr<MemoryBuffer>> IgnoredCode;
  // Every origin with device code, in order, and the first GPU target it
  // has code for (nullptr: none).
  MapVector<std::string, const TargetInfo *,
            std::map<std::string, unsigned>>
      Origins;
  std::set<const TargetInfo *> IgnoredTargets;
  // Input index -> host object compiled from it.
  std::map<size_t, std::string> CompiledObjects;
  // Device symbols the shared libraries on the link line export, per
  // target name (device code dynamic linking).
  std::map<std::string, std::set<std::string>> LibraryExports;
};

Error LinkStep::collectExportsFrom(StringRef SharedLibrary) {
  Expected<std::map<std::string, std::set<std::string>>> Exports =
      readExportedDeviceSymbols(SharedLibrary);
  if (!Exports)
    return Exports.takeError();
  for (auto &[Target, Symbols] : *Exports)
    LibraryExports[Target].insert(Symbols.begin(), Symbols.end());
  return Error::success();
}

bool LinkStep::wantTarget(const TargetInfo &Target, StringRef Origin) {
  // With an explicit -fsycl-targets at link time, build images only for the
  // targets listed; without one, for every target the inputs carry.
  if (!Options.TargetsGiven || is_contained(Options.Targets, &Target))
    return true;
  if (IgnoredTargets.insert(&Target).second)
    printWarning("ignoring the " + Target.Name + " device code of '" + Origin +
                 "' (and of any other input): " + Target.Name +
                 " is not in -fsycl-targets");
  return false;
}

Error LinkStep::collectFromCompiledSources(ArrayRef<CompiledSource> Compiled) {
  for (const CompiledSource &C : Compiled) {
    size_t Index = C.Source - Options.Inputs.data();
    CompiledObjects[Index] = C.HostObject;
    for (const DeviceBitcode &D : C.Device) {
      ErrorOr<std::unique_ptr<MemoryBuffer>> Bitcode =
          MemoryBuffer::getFile(D.Path);
      if (!Bitcode)
        return createFileError(D.Path, Bitcode.getError());
      addDeviceCode(*D.Target, C.Source->Path, std::move(*Bitcode));
    }
  }
  return Error::success();
}

Error LinkStep::collectFromFile(StringRef Path) {
  Expected<std::vector<EmbeddedDeviceCode>> Found =
      readEmbeddedDeviceCode(Path);
  if (!Found)
    return Found.takeError();
  for (EmbeddedDeviceCode &Code : *Found) {
    if (!Code.Target->hasDevicePass() || wantTarget(*Code.Target, Code.Origin)) {
      addDeviceCode(*Code.Target, std::move(Code.Origin),
                    std::move(Code.Bitcode));
      continue;
    }
    // Not linked for its target, but it still tells the CPU kernels'
    // requirements.
    Origins.insert({Code.Origin, nullptr});
    IgnoredCode.try_emplace(Code.Origin, std::move(Code.Bitcode));
  }
  return Error::success();
}

void LinkStep::addDeviceCode(const TargetInfo &Target, std::string Origin,
                             std::unique_ptr<MemoryBuffer> Bitcode) {
  const TargetInfo *&FirstGpu = Origins.insert({Origin, nullptr}).first->second;
  if (!Target.hasDevicePass()) {
    CpuCode[Origin] = std::move(Bitcode);
    return;
  }
  if (!FirstGpu)
    FirstGpu = &Target;
  DeviceCode[&Target].push_back({std::move(Origin), std::move(Bitcode)});
}

// The CPU's requirements images (NONE images for x86_64). Reuses the
// post-link table of a GPU target when that target's device code covers
// every origin (the usual case: one -fsycl-targets for all sources); else
// links the analysis bitcode of each origin, or a copy of its first GPU
// target's code. Best effort: a failure costs the CPU's requirement checks,
// not the build.
Expected<std::vector<DeviceImage>>
LinkStep::cpuRequirementsImages(DeviceLinker &Linker,
                                std::vector<DeviceCodeInput> CpuInputs,
                                const std::string &ReusedTable) {
  const TargetInfo &Cpu = *findTarget("x86_64");
  auto Build = [&]() -> Expected<std::vector<DeviceImage>> {
    if (!ReusedTable.empty())
      return Linker.requirementsImages(Cpu, ReusedTable);
    Expected<LinkedTarget> Linked = Linker.link(Cpu, std::move(CpuInputs));
    if (!Linked)
      return Linked.takeError();
    return std::move(Linked->Images);
  };
  Expected<std::vector<DeviceImage>> Images = Build();
  if (Images)
    return Images;
  // Errors of tools already printed their output; say what it costs.
  Error E = Images.takeError();
  if (!E.isA<ExitStatusError>())
    printError(toString(std::move(E)));
  else
    consumeError(std::move(E));
  printWarning("the requirements of the CPU kernels could not be collected; "
               "they run on the CPU without requirement checks");
  return std::vector<DeviceImage>();
}

Expected<std::optional<std::string>> LinkStep::buildWrapper() {
  std::vector<DeviceImage> Images;
  DeviceLinker Linker(Options, Tools, Temps, Runner);
  Linker.setDynamicLinking(buildsSharedLibrary(Options), LibraryExports);
  // Several targets x several modules can take minutes: on a terminal, say
  // how far the device link is (progress.hpp).
  ProgressLine Progress("usycl++: device code", ProgressLine::wanted(Runner.verbose()));
  Runner.setProgress(&Progress);
  scope_exit StopProgress([&] { Runner.setProgress(nullptr); });

  // Where the CPU's requirements come from (see cpuRequirementsImages):
  // one GPU target's table when it covers every origin, else own inputs,
  // gathered now, before the GPU links consume the buffers.
  const TargetInfo *ReuseFrom = nullptr;
  std::vector<DeviceCodeInput> CpuInputs;
  if (!Origins.empty()) {
    const TargetInfo *First = Origins.front().second;
    if (CpuCode.empty() && First &&
        all_of(Origins, [&](const auto &O) { return O.second == First; }))
      ReuseFrom = First;
    for (auto &[Origin, FirstGpu] : Origins) {
      if (ReuseFrom)
        break;
      if (auto It = CpuCode.find(Origin); It != CpuCode.end()) {
        CpuInputs.push_back({Origin, std::move(It->second)});
        continue;
      }
      if (!FirstGpu) {
        if (auto It = IgnoredCode.find(Origin); It != IgnoredCode.end())
          CpuInputs.push_back({Origin, std::move(It->second)});
        continue;
      }
      for (const DeviceCodeInput &In : DeviceCode[FirstGpu])
        if (In.Origin == Origin)
          CpuInputs.push_back(
              {Origin, MemoryBuffer::getMemBufferCopy(In.Bitcode->getBuffer(),
                                                      In.Origin)});
    }
  }

  std::string ReusedTable;
  for (auto &[Target, Inputs] : DeviceCode) {
    Expected<LinkedTarget> Linked = Linker.link(*Target, std::move(Inputs));
    if (!Linked)
      return Linked.takeError();
    std::move(Linked->Images.begin(), Linked->Images.end(),
              std::back_inserter(Images));
    if (Target == ReuseFrom)
      ReusedTable = Linked->Table;
  }
  if (!Origins.empty() && (!ReuseFrom || !ReusedTable.empty())) {
    Expected<std::vector<DeviceImage>> Cpu =
        cpuRequirementsImages(Linker, std::move(CpuInputs), ReusedTable);
    if (!Cpu)
      return Cpu.takeError();
    std::move(Cpu->begin(), Cpu->end(), std::back_inserter(Images));
  }
  if (Images.empty())
    return std::nullopt;

  std::string Source = Temps.file("wrapper.cpp");
  if (Error E = writeFile(
          Source,
          [&](raw_ostream &OS) { OS << generateWrapperSource(Images); },
          /*Text=*/true))
    return std::move(E);
  Runner.noteInProcessStep("generate image wrapper " + Source + " (" +
                           Twine(Images.size()) + " images)");

  Expected<std::string> Clang = Tools.clang();
  if (!Clang)
    return Clang.takeError();
  std::string Object = Temps.file("wrapper.o");
  Command C{*Clang,
            {"-c", "-O0", "-fPIC", "-x", "c++", "-isystem", Tools.includeDir(),
             Source, "-o", Object},
            "compilation of the image wrapper"};
  CommandResult R = Runner.run(C);
  if (!R.succeeded()) {
    reportFailedCommand(C, R);
    return make_error<ExitStatusError>(R.driverExitStatus());
  }
  return Object;
}

Error LinkStep::finalLink(const std::optional<std::string> &Wrapper) {
  Expected<std::string> Clang = Tools.clang();
  if (!Clang)
    return Clang.takeError();
  Expected<std::string> Runtime = Tools.runtimeLibrary();
  if (!Runtime)
    return Runtime.takeError();

  Command C;
  C.Program = *Clang;
  C.Description = "link";
  for (const LinkItem &Item : Options.LinkItems) {
    if (Item.Kind == LinkItem::ItemKind::Input &&
        Options.Inputs[Item.InputIndex].Kind == InputKind::Source)
      C.Args.push_back(CompiledObjects.at(Item.InputIndex));
    else
      C.Args.push_back(Item.Text);
  }
  if (Wrapper)
    C.Args.push_back(*Wrapper);
  std::string LibDir = Tools.libDir();
  C.Args.insert(C.Args.end(), {"-L" + LibDir, "-lusycl",
                               "-Wl,-rpath," + LibDir});
  // glibc's vector math (libmvec), which fast-math CPU kernels call once
  // vectorised (compiler/passes/cpu_isa_levels.hpp); recorded only if used.
  // glibc's libm.so script already pulls it in as needed; naming it keeps
  // links without the default libraries (-nodefaultlibs) working too, and
  // whatever -fsycl-targets says: objects compiled for the CPU keep their
  // kernels' calls in their host code.
  if (const Triple Host(sys::getDefaultTargetTriple()); Host.isX86() && Host.isOSGlibc())
    C.Args.push_back("-Wl,--push-state,--as-needed,-lmvec,--pop-state");
  // clang links -fopenmp programs against its own libomp.so (in the LLVM
  // library directory) but records no path, so the loader takes whichever
  // libomp.so.5 the system has first: on Debian, libomp5-19's, older than
  // the compiler's OpenMP code. Run with the runtime it was compiled for.
  if (any_of(Options.LinkItems, [](const LinkItem &Item) {
        return Item.Kind == LinkItem::ItemKind::Flag && Item.Text == "-fopenmp";
      })) {
    // The real file: /usr/bin/clang++-22 is a link into /usr/lib/llvm-22/bin.
    SmallString<256> RealClang;
    if (sys::fs::real_path(*Clang, RealClang))
      RealClang = *Clang;
    SmallString<256> OmpDir(sys::path::parent_path(sys::path::parent_path(RealClang)));
    sys::path::append(OmpDir, "lib");
    if (sys::fs::exists(OmpDir + "/libomp.so.5"))
      C.Args.push_back(("-Wl,-rpath," + OmpDir).str());
  }
  C.Args.insert(C.Args.end(), {"-o", Options.Output.value_or("a.out")});
  CommandResult R = Runner.run(C);
  // The linker's diagnostics are the user's to read, unchanged.
  errs() << R.Stderr;
  if (!R.LaunchError.empty())
    printError(R.LaunchError);
  if (!R.succeeded())
    return make_error<ExitStatusError>(R.driverExitStatus());
  return Error::success();
}

Error LinkStep::run() {
  std::vector<const InputFile *> Sources;
  for (const InputFile &Input : Options.Inputs)
    if (Input.Kind == InputKind::Source)
      Sources.push_back(&Input);

  if (!Sources.empty()) {
    SourceCompiler Compiler(Options, Tools, Temps, Runner);
    Expected<std::vector<CompiledSource>> Compiled =
        Compiler.compileForLink(Sources);
    if (!Compiled)
      return Compiled.takeError();
    if (Error E = collectFromCompiledSources(*Compiled))
      return E;
  }
  for (const InputFile &Input : Options.Inputs)
    if (Input.Kind == InputKind::LinkerInput) {
      if (Error E = collectFromFile(Input.Path))
        return E;
      if (Error E = collectExportsFrom(Input.Path))
        return E;
    }
  LibraryFiles Libraries = libraryFilesFromFlags(Options);
  for (const std::string &Archive : Libraries.Archives)
    if (Error E = collectFromFile(Archive))
      return E;
  for (const std::string &Library : Libraries.SharedLibraries)
    if (Error E = collectExportsFrom(Library))
      return E;

  Expected<std::optional<std::string>> Wrapper = buildWrapper();
  if (!Wrapper)
    return Wrapper.takeError();
  return finalLink(*Wrapper);
}

} // namespace

Error runLinkAction(const DriverOptions &Options, Toolchain &Tools,
                    TempDir &Temps, CommandRunner &Runner) {
  return LinkStep(Options, Tools, Temps, Runner).run();
}

} // namespace usycl::driver
