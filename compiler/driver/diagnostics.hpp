//===- diagnostics.hpp - How usycl++ reports problems -----------*- C++ -*-===//
//
// usycl++ speaks like clang: "usycl++: error: <what>" on stderr, exit 1.
// Sub-tools (clang, ptxas, ...) print their own diagnostics, which the driver
// passes through unchanged and then exits with the tool's status; that case
// is an ExitStatusError, which carries the status and prints nothing more.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

namespace usycl::driver {

inline constexpr llvm::StringLiteral DriverName = "usycl++";

class ExitStatusError : public llvm::ErrorInfo<ExitStatusError> {
public:
  static char ID;
  explicit ExitStatusError(int Status) : Status(Status) {}
  int status() const { return Status; }
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override;

private:
  int Status;
};

inline llvm::Error makeError(const llvm::Twine &Message) {
  return llvm::createStringError(Message);
}

void printError(const llvm::Twine &Message);
void printWarning(const llvm::Twine &Message);
void printNote(const llvm::Twine &Message);

// Prints `E` (unless it is an ExitStatusError, already reported) and returns
// the exit status the driver should end with.
int reportAndGetExitStatus(llvm::Error E);

} // namespace usycl::driver
