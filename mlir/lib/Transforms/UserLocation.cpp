//===- UserLocation.cpp - Where a user reads a raised op's remark ---------===//

#include "UserLocation.h"
#include "ConstantValues.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"

#include <optional>

using namespace mlir;

namespace usycl::sycl {

namespace {

bool isSyclHeaderFile(llvm::StringRef File) {
  // The installed headers and the source tree's alike (<prefix>/include/sycl/...).
  return File.contains("/include/sycl/") || File.starts_with("include/sycl/");
}

// Calls F on every file location in L; returns false if F does.
template <typename Fn> bool allFileLocations(Location L, Fn F) {
  bool All = true;
  L->walk([&](Location Inner) {
    if (auto File = dyn_cast<FileLineColLoc>(Inner); File && !F(File)) {
      All = false;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return All;
}

bool hasFileLocation(Location L) {
  return !allFileLocations(L, [](FileLineColLoc) { return false; });
}

} // namespace

bool isSyclHeaderLocation(Location L) {
  return hasFileLocation(L) && allFileLocations(L, [](FileLineColLoc File) {
           return isSyclHeaderFile(File.getFilename().getValue());
         });
}

Location userLocation(Location L) {
  // A chain of inlined frames is CallSiteLoc(innermost frame, its callers):
  // drop innermost frames while they are the headers', as long as a caller
  // remains.
  while (auto Site = dyn_cast<CallSiteLoc>(L)) {
    if (!isSyclHeaderLocation(Site.getCallee()) || !hasFileLocation(Site.getCaller()))
      break;
    L = Site.getCaller();
  }
  if (auto Fused = dyn_cast<FusedLoc>(L)) {
    // A fused location (debug-info scopes): its first frame outside the headers.
    for (Location Part : Fused.getLocations())
      if (hasFileLocation(Part) && !isSyclHeaderLocation(Part))
        return userLocation(Part);
  }
  return L;
}

Location submissionLocation(Location At, Value KernelObject, ModuleOp M) {
  Location L = userLocation(At);
  if (!isSyclHeaderLocation(L) || !KernelObject)
    return L;
  LLVM::AllocaOp Root = objectRootOf(KernelObject, M);
  if (!Root)
    return L;
  // The object's users in program order: the first one the user wrote.
  std::optional<Location> Found;
  Root->getParentRegion()->walk<WalkOrder::PreOrder>([&](Operation *Op) {
    if (!llvm::is_contained(Op->getOperands(), Root.getResult()))
      return WalkResult::advance();
    Location Use = userLocation(Op->getLoc());
    if (!hasFileLocation(Use) || isSyclHeaderLocation(Use))
      return WalkResult::advance();
    Found = Use;
    return WalkResult::interrupt();
  });
  if (Found)
    return *Found;
  return L;
}

} // namespace usycl::sycl
