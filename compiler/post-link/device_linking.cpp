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
  for (const Function &F : M)
    if (F.isDeclaration() && !F.use_empty() &&
        Importable.contains(F.getName()))
      Registry.add(property_names::ImportedSymbolsSet, F.getName(),
                   PropertyValue::uint32(1));
}

} // namespace usycl::postlink
