//===- device_link.cpp - From device bitcode to device images -------------===//

#include "device_link.hpp"
#include "codegen_cache.hpp"
#include "diagnostics.hpp"
#include "file_write.hpp"
#include "file_table.hpp"
#include "module_splitter.hpp"
#include "temp_dir.hpp"
#include "toolchain.hpp"
#include "wrapper.hpp"

#include "device_config.hpp"
#include "device_if.hpp"
#include "spirv_entry_stubs.hpp"

#include <sycl/detail/aspect_names.hpp>

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/Bitcode/LLVMBitCodes.h"
#include "llvm/Bitstream/BitstreamReader.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/IPO/Internalize.h"

#include <map>
#include <optional>

using namespace llvm;

namespace usycl::driver {

namespace {

// Variables in shared memory (NVPTX address space 3) belong to one launch
// and no host API can name them, so once the device program is linked
// nothing outside it refers to them: internal, opt drops the ones whose
// values nothing reads. (The headers' nd_launch_offset, which every
// nd_range kernel stores for the free-function work-item queries, is one:
// a shared store per work-item in kernels that never ask.) Declarations,
// the dynamic shared memory among them, stay as they are.
void internalizeSharedVariables(Module &M) {
  constexpr unsigned SharedAddressSpace = 3;
  if (!M.getTargetTriple().isNVPTX())
    return;
  for (GlobalVariable &GV : M.globals())
    if (GV.getAddressSpace() == SharedAddressSpace && !GV.isDeclaration() &&
        !GV.hasLocalLinkage()) {
      GV.setLinkage(GlobalValue::InternalLinkage);
      GV.setComdat(nullptr);
    }
}

// Collects the IR linker's errors (duplicate definitions, mismatched types)
// so they reach the user as one driver error instead of LLVM's default
// "error:" lines without context.
class CollectingDiagnosticHandler : public DiagnosticHandler {
public:
  explicit CollectingDiagnosticHandler(std::string &Errors) : Errors(Errors) {}

  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    if (DI.getSeverity() != DS_Error)
      return true; // warnings about the link itself are not actionable
    raw_string_ostream OS(Errors);
    DiagnosticPrinterRawOStream Printer(OS);
    OS << "\n  ";
    DI.print(Printer);
    return true;
  }

private:
  std::string &Errors;
};

// Splits a section that `ld -r` made by concatenating the sections of several
// objects into the bitcode files it holds. A bitcode file is the magic
// 'BC' 0xC0DE followed by top-level blocks whose lengths the stream records,
// so walking those blocks finds where the next file's magic starts. (LLVM's
// own multi-module reader expects one magic for all modules, as llvm-cat -b
// writes them, so it cannot read plain concatenations.)
Expected<std::vector<MemoryBufferRef>>
splitConcatenatedBitcode(MemoryBufferRef Section) {
  static constexpr StringLiteral Magic("BC\xC0\xDE");
  std::vector<MemoryBufferRef> Files;
  StringRef Rest = Section.getBuffer();
  while (!Rest.empty()) {
    if (!Rest.starts_with(Magic))
      return createStringError("no bitcode file starts at byte " +
                               Twine(Section.getBufferSize() - Rest.size()));
    BitstreamCursor Cursor(Rest);
    size_t End = Rest.size();
    if (Error E = Cursor.JumpToBit(32))
      return E;
    while (!Cursor.AtEndOfStream()) {
      size_t Offset = Cursor.GetCurrentBitNo() / 8;
      if (Rest.substr(Offset).starts_with(Magic) ||
          Rest.substr(Offset).find_first_not_of('\0') == StringRef::npos) {
        End = Offset; // the next file, or the zero padding of the last one
        break;
      }
      Expected<unsigned> Code = Cursor.ReadCode();
      if (!Code)
        return Code.takeError();
      if (*Code != bitc::ENTER_SUBBLOCK)
        return createStringError("malformed bitcode: expected a block at byte " +
                                 Twine(Offset));
      if (Expected<unsigned> BlockId = Cursor.ReadSubBlockID(); !BlockId)
        return BlockId.takeError();
      if (Error E = Cursor.SkipBlock())
        return E;
    }
    Files.emplace_back(Rest.take_front(End), Section.getBufferIdentifier());
    Rest = Rest.drop_front(End).ltrim('\0');
  }
  return Files;
}

bool callsLibdevice(const Module &M) {
  return any_of(M.functions(), [](const Function &F) {
    return F.isDeclaration() && F.getName().starts_with("__nv_");
  });
}

// -ffast-math, -fdenormal-fp-math=preserve-sign (floating_point.hpp): the
// device pass gives the kernels the flush-to-zero mode; whether the module
// flushes is theirs to say, so objects compiled apart link as they were
// built. All kernels must agree: NVVMReflect's __CUDA_FTZ is one answer
// for the whole module.
bool kernelsFlushDenormals(const Module &M) {
  bool Any = false;
  for (const Function &F : M) {
    if (!postlink::isKernel(F) || F.isDeclaration())
      continue;
    if (F.getDenormalMode(APFloat::IEEEsingle()).Output != DenormalMode::PreserveSign)
      return false;
    Any = true;
  }
  return Any;
}

// libdevice chooses its .ftz forms by __nvvm_reflect("__CUDA_FTZ"), which
// NVVMReflect answers from this module flag; its functions take the
// kernels' denormal mode, as clang's -mlink-builtin-bitcode gives them the
// caller's, or the inliner would keep them apart (a call per sinf).
void flushDenormalsInLibdevice(Module &M) {
  M.setModuleFlag(Module::Override, "nvvm-reflect-ftz", 1);
  for (Function &F : M)
    if (!F.isDeclaration() && !F.hasFnAttribute("denormal-fp-math") &&
        !F.hasFnAttribute("denormal-fp-math-f32"))
      F.addFnAttr("denormal-fp-math-f32", "preserve-sign,preserve-sign");
}

} // namespace

Error DeviceLinker::linkBitcode(const TargetInfo &Target,
                                ArrayRef<DeviceCodeInput> Inputs,
                                const std::string &Output) {
  LLVMContext Context;
  std::string LinkErrors;
  Context.setDiagnosticHandler(
      std::make_unique<CollectingDiagnosticHandler>(LinkErrors));
  auto Linked = std::make_unique<Module>("usycl-device-link", Context);
  Linker TheLinker(*Linked);

  auto LinkFailure = [&](const Twine &What) {
    return makeError("cannot link the device code for " + Target.Name + ": " +
                     What + LinkErrors);
  };

  for (const DeviceCodeInput &Input : Inputs) {
    auto NotBitcode = [&](Error E) {
      return makeError("'" + Input.Origin + "': the device code for " +
                       Target.Name + " is not valid LLVM bitcode (" +
                       toString(std::move(E)) +
                       "); rebuild it with this usycl++");
    };
    // `ld -r` concatenates the sections of its inputs, so one section may
    // hold several bitcode files.
    Expected<std::vector<MemoryBufferRef>> Files =
        splitConcatenatedBitcode(Input.Bitcode->getMemBufferRef());
    if (!Files)
      return NotBitcode(Files.takeError());
    std::vector<BitcodeModule> Modules;
    for (MemoryBufferRef File : *Files) {
      Expected<std::vector<BitcodeModule>> InFile = getBitcodeModuleList(File);
      if (!InFile)
        return NotBitcode(InFile.takeError());
      append_range(Modules, *InFile);
    }
    for (auto [Index, Bitcode] : enumerate(Modules)) {
      Expected<std::unique_ptr<Module>> TU = Bitcode.parseModule(Context);
      if (!TU)
        return makeError("'" + Input.Origin + "': cannot read the device code "
                         "for " + Target.Name + ": " +
                         toString(TU.takeError()));
      std::string ModuleId = Input.Origin;
      if (Modules.size() > 1)
        ModuleId += "#" + std::to_string(Index);
      for (Function &F : **TU) {
        // A kernel whose name and function object come from a header is
        // compiled in every translation unit that submits it. Its name
        // identifies it, and by the ODR all those definitions are the same
        // kernel: the first one is kept, the others become declarations of
        // it (the IR linker rejects two strong definitions). A name local to
        // its translation unit carries the unit's marker
        // (sycl/detail/kernel_symbol.hpp), so only compilations of the same
        // source with the same flags share it.
        if (postlink::isKernel(F) && !F.isDeclaration())
          if (const Function *Earlier = Linked->getFunction(F.getName());
              Earlier && !Earlier->isDeclaration()) {
            F.deleteBody();
            continue;
          }
        if (postlink::isKernel(F) || postlink::isSyclExternalDefinition(F))
          F.addFnAttr(postlink::ModuleIdAttr, ModuleId);
      }
      if (TheLinker.linkInModule(std::move(*TU)))
        return LinkFailure("while adding '" + Input.Origin + "':");
    }
  }

  std::string LibdeviceNote;
  const bool FlushDenormals =
      Target.Kind == TargetKind::NvidiaGpu && kernelsFlushDenormals(*Linked);
  // Requirements-only bitcode (the CPU's) is never compiled: no libdevice.
  if (Target.hasDevicePass() && callsLibdevice(*Linked)) {
    Expected<std::optional<std::string>> Libdevice = Tools.libdevice();
    if (!Libdevice)
      return Libdevice.takeError();
    if (!*Libdevice)
      return makeError(
          "device code for " + Target.Name + " calls CUDA libdevice "
          "functions (__nv_*), but libdevice.10.bc was not found; set "
          "USYCL_LIBDEVICE to its path or USYCL_CUDA_ROOT to the CUDA "
          "toolkit");
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
        MemoryBuffer::getFile(**Libdevice);
    if (!Buffer)
      return createFileError(**Libdevice, Buffer.getError());
    Expected<std::unique_ptr<Module>> Library =
        getOwningLazyBitcodeModule(std::move(*Buffer), Context);
    if (!Library)
      return createFileError(**Libdevice, Library.takeError());
    // libdevice says "nvptx64-nvidia-gpulibs"; adopt ours to link silently.
    (*Library)->setTargetTriple(Linked->getTargetTriple());
    (*Library)->setDataLayout(Linked->getDataLayout());
    // Only what the kernels call, made internal so opt can inline and drop
    // it: the same treatment clang gives -mlink-builtin-bitcode.
    if (TheLinker.linkInModule(
            std::move(*Library), Linker::Flags::LinkOnlyNeeded,
            [](Module &M, const StringSet<> &Linked) {
              internalizeModule(M, [&Linked](const GlobalValue &GV) {
                return !GV.hasName() || !Linked.contains(GV.getName());
              });
            }))
      return LinkFailure("while adding libdevice:");
    LibdeviceNote = " + " + **Libdevice + " (only needed, internalized)";
  }
  if (FlushDenormals) {
    flushDenormalsInLibdevice(*Linked);
    LibdeviceNote += ", float denormals flushed to zero (__CUDA_FTZ=1)";
  }

  internalizeSharedVariables(*Linked);

  Runner.noteInProcessStep(
      "link device code for " + Target.Name + ": " +
      join(map_range(Inputs, [](const DeviceCodeInput &I) { return I.Origin; }),
           " ") +
      LibdeviceNote + " -> " + Output);

  return writeFile(Output,
                   [&](raw_ostream &OS) { WriteBitcodeToFile(*Linked, OS); });
}

Error DeviceLinker::runStage(ArrayRef<Command> Commands,
                             std::vector<CommandResult> *ResultsOut) {
  std::vector<CommandResult> Results = Runner.runAll(Commands);
  std::optional<int> Failure;
  for (auto [C, R] : zip(Commands, Results)) {
    if (R.succeeded()) {
      errs() << R.Stderr; // warnings, if any
      continue;
    }
    if (ResultsOut)
      continue; // the caller inspects failures itself
    reportFailedCommand(C, R);
    Failure = Failure.value_or(R.driverExitStatus());
  }
  if (ResultsOut)
    *ResultsOut = std::move(Results);
  if (Failure)
    return make_error<ExitStatusError>(*Failure);
  return Error::success();
}

Expected<FileTable> DeviceLinker::splitModules(const TargetInfo &Target,
                                               const std::string &Linked,
                                               const std::string &Dir) {
  Expected<std::string> PostLink = Tools.postLink();
  if (!PostLink)
    return PostLink.takeError();
  std::string TablePath = Dir + "/device.table";
  Command C;
  C.Program = *PostLink;
  C.Description = ("sycl-post-link for " + Target.Name).str();
  C.Args = {("-split=" + postlink::splitModeName(Options.Split)).str(),
            "-symbols", "-properties"};
  // A shared library's SYCL_EXTERNAL definitions are entry points of images
  // of their own that export them to the program's images (device code
  // dynamic linking); elsewhere they live inside the images that call them.
  if (BuildsSharedLibrary)
    C.Args.push_back("-emit-exported-symbols");
  else
    C.Args.push_back("-emit-only-kernels-as-entry-points");
  if (auto It = ImportableSymbols.find(Target.Name.str());
      It != ImportableSymbols.end() && !It->second.empty()) {
    std::string ImportsFile = Dir + "/device.imports";
    if (Error E = writeFile(
            ImportsFile,
            [&](raw_ostream &OS) {
              for (const std::string &Symbol : It->second)
                OS << Symbol << '\n';
            },
            /*Text=*/true))
      return E;
    C.Args.push_back("-device-imports=" + ImportsFile);
  }
  // NVPTX code is complete after this link but for the imports from shared
  // libraries (JIT-mode if_device_has markers are extern "C" and replaced
  // later): a missing SYCL_EXTERNAL definition would otherwise surface as a
  // cryptic ptxas error.
  if (Target.Kind == TargetKind::NvidiaGpu)
    C.Args.push_back("-reject-undefined-functions");
  C.Args.insert(C.Args.end(), {"-o", TablePath, Linked});
  CommandResult R = Runner.run(C);
  if (!R.succeeded()) {
    reportFailedCommand(C, R);
    return make_error<ExitStatusError>(R.driverExitStatus());
  }
  // Its warnings (the SYCL_EXTERNAL checks) are about the source, not the
  // target: each once, however many targets see the same code.
  StringRef Rest = R.Stderr;
  while (!Rest.empty()) {
    size_t Next = 0;
    do {
      Next = Rest.find('\n', Next);
      Next = Next == StringRef::npos ? Rest.size() : Next + 1;
    } while (Next < Rest.size() && !Rest.substr(Next).starts_with("warning: ") &&
             !Rest.substr(Next).starts_with("sycl-post-link: "));
    StringRef Block = Rest.take_front(Next);
    if (PrintedPostLinkWarnings.insert(Block.str()).second)
      errs() << Block;
    Rest = Rest.drop_front(Next);
  }
  return FileTable::readFile(TablePath);
}

Expected<std::vector<bool>>
DeviceLinker::filterModules(const TargetInfo &Target,
                            const std::string &TablePath,
                            const FileTable &Modules, const std::string &Dir) {
  Expected<std::string> Filter = Tools.aspectFilter();
  if (!Filter)
    return Filter.takeError();
  Expected<std::string> Config = Tools.deviceConfig(Options.DeviceConfigFile);
  if (!Config)
    return Config.takeError();
  std::string ConfigName = Target.configName();
  // The generic spir64 names no device entry: every module is kept.
  if (ConfigName.empty())
    return std::vector<bool>(Modules.numRows(), true);
  std::string Output = Dir + "/" + ConfigName + ".filtered.table";
  Command C{*Filter,
            {"-target=" + ConfigName, "-device-config-file=" + *Config,
             TablePath, "-o", Output},
            ("sycl-aspect-filter for " + Target.Name).str()};
  if (Error E = runStage({C}))
    return E;
  Expected<FileTable> Filtered = FileTable::readFile(Output);
  if (!Filtered)
    return Filtered.takeError();
  // The filter copies the rows it keeps, unchanged and in order.
  std::vector<bool> Kept(Modules.numRows(), false);
  size_t Next = 0;
  for (size_t Row = 0; Row < Filtered->numRows(); ++Row) {
    StringRef Code = Filtered->cell(Row, file_table_columns::Code);
    while (Next < Modules.numRows() &&
           Modules.cell(Next, file_table_columns::Code) != Code)
      ++Next;
    if (Next == Modules.numRows())
      return makeError("internal error: sycl-aspect-filter for " + Target.Name +
                       " returned module '" + Code +
                       "', which sycl-post-link did not write (or not in "
                       "this order)");
    Kept[Next++] = true;
  }
  return Kept;
}

namespace {

struct ModuleInfo {
  std::vector<std::string> Kernels; // _ZTS... symbols
  PropertySetRegistry Properties;
};

Expected<ModuleInfo> readModuleInfo(const FileTable &Modules, size_t Row) {
  ModuleInfo Info;
  if (Modules.hasColumn(file_table_columns::Symbols)) {
    StringRef SymbolFile = Modules.cell(Row, file_table_columns::Symbols);
    ErrorOr<std::unique_ptr<MemoryBuffer>> Symbols =
        MemoryBuffer::getFile(SymbolFile, /*IsText=*/true);
    if (!Symbols)
      return createFileError(SymbolFile, Symbols.getError());
    SmallVector<StringRef, 16> Lines;
    (*Symbols)->getBuffer().split(Lines, '\n', -1, /*KeepEmpty=*/false);
    for (StringRef Line : Lines)
      if (!Line.trim().empty())
        Info.Kernels.push_back(Line.trim().str());
  }
  if (Modules.hasColumn(file_table_columns::Properties)) {
    Expected<PropertySetRegistry> Read = PropertySetRegistry::readFile(
        Modules.cell(Row, file_table_columns::Properties));
    if (!Read)
      return Read.takeError();
    Info.Properties = std::move(*Read);
  }
  // The symbols file lists every entry point; exported SYCL_EXTERNAL
  // functions are not kernels the runtime may launch.
  if (const PropertySet *Exports =
          Info.Properties.find(property_names::ExportedSymbolsSet))
    llvm::erase_if(Info.Kernels, [&](const std::string &Symbol) {
      return Exports->find(Symbol) != nullptr;
    });
  return Info;
}

} // namespace

Expected<std::vector<DeviceImage>>
DeviceLinker::noneImages(const TargetInfo &Target, const FileTable &Modules,
                         const std::vector<bool> &Kept) {
  std::vector<DeviceImage> Images;
  for (size_t I = 0; I < Modules.numRows(); ++I) {
    // A GPU target's kept modules have code images instead.
    if (Kept[I] && Target.hasDevicePass())
      continue;
    Expected<ModuleInfo> Info = readModuleInfo(Modules, I);
    if (!Info)
      return Info.takeError();
    if (!Kept[I])
      Info->Properties.add(property_names::AspectFilterSet,
                           property_names::Excluded, PropertyValue::uint32(1));
    Images.push_back({ImageFormat::None, &Target, std::string(), std::string(),
                      std::move(Info->Kernels), std::move(Info->Properties)});
  }
  return Images;
}

namespace {

// 4-byte little-endian values, as the property-set byte arrays hold them.
PropertyValue uint32List(ArrayRef<uint32_t> Values) {
  return PropertyValue::uint32Array(Values);
}

// The in-process steps' bitcode in and out.
Expected<std::unique_ptr<Module>> readDeviceModule(StringRef Path, LLVMContext &Context) {
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseIRFile(Path, Diag, Context);
  if (!M)
    return makeError("cannot read device module '" + Path + "': " + Diag.getMessage());
  return std::move(M);
}
Error writeDeviceModule(const Module &M, const std::string &Path) {
  return writeFile(Path, [&](raw_ostream &OS) { WriteBitcodeToFile(M, OS); });
}

} // namespace

Expected<std::vector<DeviceLinker::Variant>>
DeviceLinker::deviceIfVariants(const TargetInfo &Target, StringRef ModulePath,
                               const std::string &Stem) {
  std::vector<Variant> Variants;
  if (!Target.isGeneric())
    return Variants;
  LLVMContext Context;
  Expected<std::unique_ptr<Module>> Read = readDeviceModule(ModulePath, Context);
  if (!Read)
    return Read.takeError();
  std::unique_ptr<Module> M = std::move(*Read);
  std::set<uint32_t> Queries = passes::deviceHasQueries(*M);
  if (Queries.empty())
    return Variants;

  Expected<std::string> ConfigPath = Tools.deviceConfig(Options.DeviceConfigFile);
  if (!ConfigPath)
    return ConfigPath.takeError();
  std::string Error;
  std::optional<config::device_config> Config =
      config::device_config::load(*ConfigPath, Error);
  if (!Config)
    return makeError("cannot read the device configuration file for "
                     "if_device_has in code for " + Target.Name + ": " + Error);

  // Devices of the family, grouped by their answers to the module's queries
  // (ordered, so the variants come out in a stable order).
  std::map<std::set<uint32_t>, std::vector<std::string>> Groups;
  for (const sycl::detail::device_target &D : sycl::detail::device_target_table) {
    StringRef Name(D.name.data(), D.name.size());
    if (D.is_alias() || !Name.starts_with(Target.familyPrefix()))
      continue;
    const config::target_entry *Entry = Config->find(D.name);
    if (!Entry)
      continue;
    std::set<uint32_t> Answers;
    for (uint32_t Q : Queries)
      if (is_contained(Entry->aspects, Q) || Q == uint32_t(D.aspect))
        Answers.insert(Q);
    Groups[Answers].push_back(Name.str());
  }
  if (Groups.empty())
    return makeError("device code for " + Target.Name + " uses if_device_has, "
                     "but the device configuration file " + *ConfigPath +
                     " has no " + Target.familyPrefix() + "* entry to decide "
                     "it for; add the devices the code should run on");

  size_t J = 0;
  for (auto &[Answers, Devices] : Groups) {
    std::unique_ptr<Module> Copy = CloneModule(*M);
    passes::specializeDeviceHas(*Copy, Answers);
    Variant V;
    V.Bitcode = Stem + ".v" + std::to_string(J++) + ".bc";
    V.Has.assign(Answers.begin(), Answers.end());
    for (uint32_t Q : Queries)
      if (!Answers.count(Q))
        V.Lacks.push_back(Q);
    V.Devices = Devices;
    if (llvm::Error E = writeDeviceModule(*Copy, V.Bitcode))
      return std::move(E);
    Variants.push_back(std::move(V));
  }
  Runner.noteInProcessStep(
      "if_device_has for " + Target.Name + ": " + ModulePath + " -> " +
      Twine(Variants.size()) + " variant(s): " +
      join(map_range(Variants,
                     [](const Variant &V) {
                       return V.Bitcode + " (" + join(V.Devices, ",") + ")";
                     }),
           " "));
  return Variants;
}

Error DeviceLinker::stubSpirvUnit(StringRef Input, const std::string &Output) {
  LLVMContext Context;
  Expected<std::unique_ptr<Module>> M = readDeviceModule(Input, Context);
  if (!M)
    return M.takeError();
  passes::stubSpirvEntryPoints(**M);
  if (Error E = writeDeviceModule(**M, Output))
    return E;
  Runner.noteInProcessStep("empty the SPIR-V entry points: " + Input + " -> " +
                           Output);
  return Error::success();
}

// What opt runs on a unit: the -O level's pipeline, and for NVPTX then the
// address spaces of generic pointers and the alignment they reveal. llc's
// load-store vectorizer only reads the alignment a load already carries, and
// before infer-address-spaces a local accessor's row is a generic pointer
// whose alignment nothing knows: without this a 16-byte-aligned tile row is
// read one float at a time (ld.shared.b32 x 4, not ld.shared.v4.f32).
//
// And a larger budget for what a trip count may cost to compute: a row loop
// whose lanes start at their lane id (`for (c = lane; c < n; c += 32)`) has
// the trip count (n - 1 - (lane & 31)) / 32 + 1, above the default budget
// of 4, so LoopUnroll gave up on runtime unrolling and each lane had one
// load in flight where CUDA has eight to sixteen (issue 20, row_reduce).
//
// -mcpu names the architecture, as to llc: the NVPTX target then resolves
// libdevice's __nvvm_reflect queries (flush to zero, precise division and
// square root, __CUDA_ARCH) at the start of the pipeline, not in llc, so the
// optimiser sees one path of each math function instead of a diamond of
// branches per call.
//
// Then (NVPTX) the passes of libusycl-link-passes.so, which the -O level's
// InstCombine would undo if they ran before it: invariant terms of fast-math
// sums out of loops (compiler/passes/loop_invariant_fp_sums.hpp), and loop
// bodies whose independent chains are interleaved, since llc emits a block
// in IR order (compiler/passes/latency_order.hpp).
static std::vector<std::string> optArguments(const OptimizationLevel &Level,
                                             bool Spirv, StringRef Arch,
                                             const std::string &LinkPasses) {
  std::string Flag = Level.optFlag(); // -O0 .. -O3, -Os, -Oz
  if (Spirv || Level.isO0())
    return {Flag};
  return {("-mcpu=" + Arch).str(), "-load-pass-plugin=" + LinkPasses,
          "-passes=default<" + Flag.substr(1) +
              ">,function(infer-address-spaces,infer-alignment,usycl-loop-"
              "invariant-fp-sums,usycl-latency-order)",
          "-scev-cheap-expansion-budget=8"};
}

Expected<std::vector<DeviceImage>>
DeviceLinker::generateCode(const TargetInfo &Target, const FileTable &Modules,
                           const std::vector<bool> &Kept,
                           const std::string &Dir) {
  Expected<std::string> Opt = Tools.opt();
  if (!Opt)
    return Opt.takeError();
  Expected<std::string> Llc = Tools.llc();
  if (!Llc)
    return Llc.takeError();
  const bool Spirv = Target.Kind == TargetKind::Spirv;
  Expected<std::string> LinkPasses =
      Spirv ? std::string() : Tools.linkPasses();
  if (!LinkPasses)
    return LinkPasses.takeError();
  Expected<std::optional<std::string>> Ptxas =
      Spirv ? std::optional<std::string>() : Tools.ptxas();
  if (!Ptxas)
    return Ptxas.takeError();

  // One unit of code generation: a kept module, or one of its if_device_has
  // variants (generic targets, JIT mode).
  struct Unit {
    size_t Row;
    std::string Input;  // bitcode
    std::string Stem;   // <dir>/module_<row>[.v<j>]
    std::optional<Variant> From;
    // Exports or imports device symbols: PTX only, because the runtime's
    // JIT linker joins it with the images it imports from (or that import
    // from it), and ptxas rejects a PTX file with unresolved externs.
    bool LinksDynamically = false;
  };
  std::vector<Unit> Units;
  for (size_t I = 0; I < Modules.numRows(); ++I) {
    if (!Kept[I])
      continue;
    std::string Module = Modules.cell(I, file_table_columns::Code).str();
    std::string Stem = (Dir + "/module_" + Twine(I)).str();
    Expected<std::vector<Variant>> Variants =
        deviceIfVariants(Target, Module, Stem);
    if (!Variants)
      return Variants.takeError();
    bool Dynamic = false;
    if (Modules.hasColumn(file_table_columns::Properties)) {
      Expected<PropertySetRegistry> Properties = PropertySetRegistry::readFile(
          Modules.cell(I, file_table_columns::Properties));
      if (!Properties)
        return Properties.takeError();
      Dynamic = Properties->find(property_names::ExportedSymbolsSet) ||
                Properties->find(property_names::ImportedSymbolsSet);
    }
    if (Variants->empty())
      Units.push_back({I, Module, Stem, std::nullopt, Dynamic});
    for (size_t J = 0; J < Variants->size(); ++J)
      Units.push_back({I, (*Variants)[J].Bitcode,
                       Stem + ".v" + std::to_string(J), (*Variants)[J],
                       Dynamic});
  }
  auto UnitPath = [&](const Unit &U, StringRef Extension) {
    return (U.Stem + "." + Extension).str();
  };

  // Each unit's commands; a unit whose outputs the cache has runs none.
  struct Generation {
    Command Opt, Llc;
    std::optional<Command> Ptxas;
    CodegenCache::Unit Cached;
    bool FromCache = false;
  };
  std::vector<Generation> Gens;
  CodegenCache Cache(Runner);
  for (Unit &U : Units) {
    if (Spirv) {
      std::string Stubs = UnitPath(U, "stubs.bc");
      if (Error E = stubSpirvUnit(U.Input, Stubs))
        return std::move(E);
      U.Input = std::move(Stubs);
    }
    Generation G;
    G.Opt = {*Opt,
             [&] {
               std::vector<std::string> Args =
                   optArguments(Options.Optimization, Spirv, Target.Arch, *LinkPasses);
               append_range(Args, std::vector<std::string>{U.Input, "-o", UnitPath(U, "opt.bc")});
               return Args;
             }(),
             ("opt for " + Target.Name).str()};
    if (Spirv) {
      G.Llc = {*Llc,
               {"-march=spirv64", Options.Optimization.llcFlag(), "-filetype=obj",
                UnitPath(U, "opt.bc"), "-o", UnitPath(U, "spv")},
               ("llc for " + Target.Name).str()};
      G.Cached.Outputs = {{"spv", UnitPath(U, "spv")}};
    } else {
      G.Llc = {*Llc,
               {"-march=nvptx64", ("-mcpu=" + Target.Arch).str(), Options.Optimization.llcFlag(),
                UnitPath(U, "opt.bc"), "-o", UnitPath(U, "ptx")},
               ("llc for " + Target.Name).str()};
      G.Cached.Outputs = {{"ptx", UnitPath(U, "ptx")}};
      if (*Ptxas && !Target.PtxOnly && !U.LinksDynamically) {
        G.Ptxas = Command{**Ptxas,
                          {("-arch=" + Target.Arch).str(),
                           Options.Optimization.isO0() ? "-O0" : "-O3", UnitPath(U, "ptx"), "-o",
                           UnitPath(U, "cubin")},
                          ("ptxas for " + Target.Name).str()};
        G.Cached.Outputs.push_back({"cubin", UnitPath(U, "cubin")});
      }
    }
    G.Cached.Input = U.Input;
    if (!LinkPasses->empty())
      G.Cached.Tools.push_back(*LinkPasses);
    Gens.push_back(std::move(G));
  }
  std::vector<Command> OptCommands, LlcCommands, PtxasCommands;
  for (Generation &G : Gens) {
    G.Cached.Commands = {&G.Opt, &G.Llc};
    if (G.Ptxas)
      G.Cached.Commands.push_back(&*G.Ptxas);
    G.FromCache = Cache.fetch(G.Cached);
    if (G.FromCache)
      continue;
    OptCommands.push_back(G.Opt);
    LlcCommands.push_back(G.Llc);
    if (G.Ptxas)
      PtxasCommands.push_back(*G.Ptxas);
  }
  if (Error E = runStage(OptCommands))
    return E;
  if (Error E = runStage(LlcCommands))
    return E;

  // Cubins where ptxas ran for every unit that wants one (or the cache had
  // them).
  bool HaveCubins = any_of(Gens, [](const Generation &G) { return G.Ptxas.has_value(); });
  if (!PtxasCommands.empty()) {
    std::vector<CommandResult> Results;
    cantFail(runStage(PtxasCommands, &Results));
    for (auto [C, R] : zip(PtxasCommands, Results)) {
      if (R.succeeded())
        continue;
      // An older or newer ptxas may not know the architecture (CUDA 13
      // dropped sm_50 to sm_72). The PTX still runs: the driver JITs it.
      if (StringRef(R.Stderr).contains("is not defined for option 'gpu-name'")) {
        printWarning("'" + C.Program + "' cannot compile for " + Target.Arch +
                     "; the " + Target.Name +
                     " images are PTX only (JIT-compiled at run time)");
        HaveCubins = false;
        break;
      }
      reportFailedCommand(C, R);
      return make_error<ExitStatusError>(R.driverExitStatus());
    }
  } else if (!Spirv && !Target.PtxOnly && !*Ptxas && !Gens.empty()) {
    Runner.noteInProcessStep("no ptxas found: " + Target.Name +
                             " images are PTX only");
  }
  for (const Generation &G : Gens)
    if (!G.FromCache && (HaveCubins || !G.Ptxas))
      Cache.store(G.Cached);

  std::vector<DeviceImage> Images;
  for (const Unit &U : Units) {
    Expected<ModuleInfo> Info = readModuleInfo(Modules, U.Row);
    if (!Info)
      return Info.takeError();
    // The answers a variant was specialised for: the runtime loads it only
    // on a device whose aspects give the same answers.
    if (U.From) {
      Info->Properties.add(property_names::DeviceIfSet, property_names::Has,
                           uint32List(U.From->Has));
      Info->Properties.add(property_names::DeviceIfSet, property_names::Lacks,
                           uint32List(U.From->Lacks));
    }
    if (Spirv) {
      Images.push_back({ImageFormat::Spirv, &Target, UnitPath(U, "spv"), "",
                        std::move(Info->Kernels), std::move(Info->Properties)});
      continue;
    }
    // The cubin first: a runtime that takes the first image that fits its
    // GPU loads native code before considering the PTX.
    if (HaveCubins && !U.LinksDynamically)
      Images.push_back({ImageFormat::Cubin, &Target, UnitPath(U, "cubin"), "",
                        Info->Kernels, Info->Properties});
    Images.push_back({ImageFormat::Ptx, &Target, UnitPath(U, "ptx"), "",
                      std::move(Info->Kernels), std::move(Info->Properties)});
  }
  return Images;
}

Expected<std::vector<DeviceImage>>
DeviceLinker::requirementsImages(const TargetInfo &Cpu,
                                 const std::string &Table) {
  std::string Dir = Temps.file(Cpu.Name);
  (void)sys::fs::create_directories(Dir);
  Expected<FileTable> Modules = FileTable::readFile(Table);
  if (!Modules)
    return Modules.takeError();
  if (Modules->numRows() == 0)
    return std::vector<DeviceImage>();
  Expected<std::vector<bool>> Kept = filterModules(Cpu, Table, *Modules, Dir);
  if (!Kept)
    return Kept.takeError();
  return noneImages(Cpu, *Modules, *Kept);
}

Expected<LinkedTarget>
DeviceLinker::link(const TargetInfo &Target, std::vector<DeviceCodeInput> Inputs) {
  std::string Dir = Temps.file(Target.Name);
  (void)sys::fs::create_directories(Dir);
  std::string Linked = Dir + "/linked.bc";
  if (Error E = linkBitcode(Target, Inputs, Linked))
    return E;
  Inputs.clear(); // the bitcode buffers are no longer needed

  LinkedTarget Result;
  Result.Table = Dir + "/device.table";
  Expected<FileTable> Modules = splitModules(Target, Linked, Dir);
  if (!Modules)
    return Modules.takeError();
  if (Modules->numRows() == 0)
    return Result; // device code without kernels

  Expected<std::vector<bool>> Kept =
      filterModules(Target, Result.Table, *Modules, Dir);
  if (!Kept)
    return Kept.takeError();
  if (Target.hasDevicePass()) {
    Expected<std::vector<DeviceImage>> Code =
        generateCode(Target, *Modules, *Kept, Dir);
    if (!Code)
      return Code.takeError();
    Result.Images = std::move(*Code);
  }
  Expected<std::vector<DeviceImage>> None = noneImages(Target, *Modules, *Kept);
  if (!None)
    return None.takeError();
  std::move(None->begin(), None->end(), std::back_inserter(Result.Images));
  return Result;
}

Expected<std::map<std::string, std::set<std::string>>>
readExportedDeviceSymbols(StringRef Path) {
  std::map<std::string, std::set<std::string>> Exports;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(Path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return createFileError(Path, Buffer.getError());
  if (identify_magic((*Buffer)->getBuffer()) != file_magic::elf_shared_object)
    return Exports;
  Expected<std::unique_ptr<object::ObjectFile>> Object =
      object::ObjectFile::createObjectFile((*Buffer)->getMemBufferRef());
  if (!Object) {
    consumeError(Object.takeError()); // the linker will judge the file
    return Exports;
  }
  for (const object::SectionRef &Section : (*Object)->sections()) {
    Expected<StringRef> Name = Section.getName();
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    if (*Name != ExportsSectionName)
      continue;
    Expected<StringRef> Contents = Section.getContents();
    if (!Contents)
      return createStringError("'" + Path + "': cannot read section " + *Name +
                               ": " + toString(Contents.takeError()));
    // "<target>\t<symbol>" lines; the wrappers of several links may have
    // been joined (NUL padding between them).
    SmallVector<StringRef, 32> Lines;
    Contents->split(Lines, '\n');
    for (StringRef Line : Lines) {
      auto [Target, Symbol] = Line.trim(StringRef("\0 \r", 3)).split('\t');
      if (!Target.empty() && !Symbol.empty())
        Exports[Target.str()].insert(Symbol.str());
    }
  }
  return Exports;
}

} // namespace usycl::driver
