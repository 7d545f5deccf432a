//===- device_linking.cpp - Exported and imported device symbols ----------===//
//
// See device_linking.hpp.
//
//===----------------------------------------------------------------------===//

#include "device_linking.hpp"
#include "device_requirements.hpp"

#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace usycl::postlink {

Expected<StringSet<>> readImportableSymbols(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return createFileError(Path, Buffer.getError());
  StringSet<> Symbols;
  SmallVector<StringRef, 32> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n');
  for (StringRef Line : Lines) {
    Line = Line.trim();
    if (Line.empty() || Line.starts_with("#"))
      continue;
    // A symbol must survive as a property name ([SYCL/imported symbols]).
    if (!isValidPropertyName(Line))
      return createStringError("'" + Path + "': '" + Line +
                               "' is not a symbol name");
    Symbols.insert(Line);
  }
  return Symbols;
}

void addExportedSymbols(const EntryPointGroup &Group,
                        PropertySetRegistry &Registry) {
  for (const Function *F : Group.EntryPoints)
    if (isSyclExternalDefinition(*F))
      Registry.add(property_names::ExportedSymbolsSet, F->getName(),
                   PropertyValue::uint32(1));
}

void addImportedSymbols(const Module &M, const StringSet<> &Importable,
                        PropertySetRegistry &Registry) {
  auto IsImport = [&](const Function &F) {
    return F.isDeclaration() && !F.use_empty() &&
           Importable.contains(F.getName());
  };
  bool Any = false;
  for (const Function &F : M)
    if (IsImport(F)) {
      Any = true;
      Registry.add(property_names::ImportedSymbolsSet, F.getName(),
                   PropertyValue::uint32(1));
    }
  if (!Any)
    return;
  for (const Function &Kernel : M) {
    if (!isKernel(Kernel))
      continue;
    SmallPtrSet<const GlobalValue *, 32> Reached =
        collectDependencies({&Kernel});
    std::vector<uint8_t> Bytes;
    for (const Function &F : M) // module order: deterministic output
      if (IsImport(F) && Reached.contains(&F)) {
        Bytes.insert(Bytes.end(), F.getName().begin(), F.getName().end());
        Bytes.push_back(0);
      }
    if (!Bytes.empty())
      Registry.add(property_names::KernelImportsSet, Kernel.getName(),
                   PropertyValue::byteArray(std::move(Bytes)));
  }
}

} // namespace usycl::postlink
