//===- link.cpp - The link step -------------------------------------------===//

#include "link.hpp"
#include "compile.hpp"
#include "device_link.hpp"
#include "diagnostics.hpp"
#include "offload_sections.hpp"
#include "process.hpp"
#include "temp_dir.hpp"
#include "toolchain.hpp"
#include "wrapper.hpp"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

using namespace llvm;

namespace usycl::driver {

namespace {

// Static archives the user links with -l<name>, found the way the linker
// would find them among the -L directories. A shared library found first
// wins (as with the linker, unless -static): it registers its own images.
std::vector<std::string> archivesFromLibraryFlags(const DriverOptions &Options) {
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

  std::vector<std::string> Archives;
  for (StringRef Name : Names) {
    std::vector<std::string> Candidates;
    if (Name.consume_front(":"))
      Candidates = {Name.str()};
    else if (PreferStatic)
      Candidates = {("lib" + Name + ".a").str()};
    else
      Candidates = {("lib" + Name + ".so").str(), ("lib" + Name + ".a").str()};
    for (const std::string &Dir : SearchDirs) {
      auto Found = find_if(Candidates, [&](const std::string &C) {
        return sys::fs::exists(Dir + "/" + C);
      });
      if (Found == Candidates.end())
        continue;
      if (StringRef(*Found).ends_with(".a"))
        Archives.push_back(Dir + "/" + *Found);
      break;
    }
  }
  return Archives;
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
  bool wantTarget(const TargetInfo &Target, StringRef Origin);
  Expected<std::optional<std::string>> buildWrapper();
  Error finalLink(const std::optional<std::string> &Wrapper);

  const DriverOptions &Options;
  Toolchain &Tools;
  TempDir &Temps;
  CommandRunner &Runner;

  // Device code per target, in the order targets were first seen.
  MapVector<const TargetInfo *, std::vector<DeviceCodeInput>> DeviceCode;
  std::set<const TargetInfo *> IgnoredTargets;
  // Input index -> host object compiled from it.
  std::map<size_t, std::string> CompiledObjects;
};

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
      DeviceCode[D.Target].push_back({C.Source->Path, std::move(*Bitcode)});
    }
  }
  return Error::success();
}

Error LinkStep::collectFromFile(StringRef Path) {
  Expected<std::vector<EmbeddedDeviceCode>> Found =
      readEmbeddedDeviceCode(Path);
  if (!Found)
    return Found.takeError();
  for (EmbeddedDeviceCode &Code : *Found)
    if (wantTarget(*Code.Target, Code.Origin))
      DeviceCode[Code.Target].push_back(
          {std::move(Code.Origin), std::move(Code.Bitcode)});
  return Error::success();
}

Expected<std::optional<std::string>> LinkStep::buildWrapper() {
  std::vector<DeviceImage> Images;
  DeviceLinker Linker(Options, Tools, Temps, Runner);
  for (auto &[Target, Inputs] : DeviceCode) {
    Expected<std::vector<DeviceImage>> TargetImages =
        Linker.link(*Target, std::move(Inputs));
    if (!TargetImages)
      return TargetImages.takeError();
    std::move(TargetImages->begin(), TargetImages->end(),
              std::back_inserter(Images));
  }
  if (Images.empty())
    return std::nullopt;

  std::string Source = Temps.file("wrapper.cpp");
  {
    std::error_code EC;
    raw_fd_ostream OS(Source, EC, sys::fs::OF_Text);
    if (EC)
      return createFileError(Source, EC);
    OS << generateWrapperSource(Images);
  }
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
                               "-Wl,-rpath," + LibDir, "-o",
                               Options.Output.value_or("a.out")});
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
    if (Input.Kind == InputKind::LinkerInput)
      if (Error E = collectFromFile(Input.Path))
        return E;
  for (const std::string &Archive : archivesFromLibraryFlags(Options))
    if (Error E = collectFromFile(Archive))
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
