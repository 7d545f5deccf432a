//===- progress.cpp - One-line progress of long device links --------------===//

#include "progress.hpp"

#include "llvm/Support/Format.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>

using namespace llvm;

namespace usycl::driver {

bool ProgressLine::wanted(bool Verbose) {
  if (Verbose || !sys::Process::StandardErrIsDisplayed())
    return false;
  const char *Term = std::getenv("TERM");
  return !(Term && std::strcmp(Term, "dumb") == 0);
}

void ProgressLine::stepDone(StringRef What) {
  ++Done;
  if (!Enabled)
    return;
  double Seconds = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - Start)
                       .count();
  // "\x1b[K" erases what a longer previous line left to the right.
  errs() << '\r' << Title << " [" << format("%.1f", Seconds) << " s] " << Done
         << '/' << Total << ' ' << What.take_front(50) << "\x1b[K";
  errs().flush();
  Shown = true;
}

void ProgressLine::clear() {
  if (!Shown)
    return;
  errs() << "\r\x1b[K";
  errs().flush();
  Shown = false;
}

} // namespace usycl::driver
