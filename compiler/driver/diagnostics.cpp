//===- diagnostics.cpp - How usycl++ reports problems ---------------------===//

#include "diagnostics.hpp"

#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace usycl::driver {

char ExitStatusError::ID = 0;

void ExitStatusError::log(raw_ostream &OS) const {
  OS << "a sub-command failed with exit status " << Status;
}

std::error_code ExitStatusError::convertToErrorCode() const {
  return inconvertibleErrorCode();
}

void printError(const Twine &Message) {
  WithColor::error(errs(), DriverName) << Message << '\n';
}

void printWarning(const Twine &Message) {
  WithColor::warning(errs(), DriverName) << Message << '\n';
}

void printNote(const Twine &Message) {
  WithColor::note(errs(), DriverName) << Message << '\n';
}

int reportAndGetExitStatus(Error E) {
  int Status = 0;
  handleAllErrors(
      std::move(E),
      [&](const ExitStatusError &Exit) {
        Status = Exit.status() != 0 ? Exit.status() : 1;
      },
      [&](const ErrorInfoBase &Other) {
        printError(Other.message());
        Status = 1;
      });
  return Status;
}

} // namespace usycl::driver
