//===- progress.hpp - One-line progress of long device links ----*- C++ -*-===//
//
// A device link for several targets runs many opt/llc/ptxas processes (one
// per module and target); on a terminal, usycl++ shows how far it is on one
// line that it rewrites in place ('\r') and erases when the work is done or
// before anything else is printed. Never in logs or pipes (stderr must be a
// terminal), never with -v (whose command lines it would garble), and not
// when TERM=dumb.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <chrono>
#include <cstddef>
#include <string>

namespace usycl::driver {

class ProgressLine {
public:
  // Whether a progress line may be shown: stderr is a terminal, no -v.
  static bool wanted(bool Verbose);

  ProgressLine(llvm::StringRef Title, bool Enabled)
      : Title(Title.str()), Enabled(Enabled) {}
  ~ProgressLine() { clear(); }
  ProgressLine(const ProgressLine &) = delete;
  ProgressLine &operator=(const ProgressLine &) = delete;

  bool enabled() const { return Enabled; }
  // `Count` more steps are about to run.
  void addWork(size_t Count) { Total += Count; }
  // One step ended; `What` names it ("llc for nvidia_gpu_sm_90"). Shows
  // "<title> [<seconds> s] <done>/<started> <what>".
  void stepDone(llvm::StringRef What);
  // Erases the line (before other output, and at the end).
  void clear();

private:
  std::string Title;
  bool Enabled;
  bool Shown = false;
  size_t Total = 0, Done = 0;
  std::chrono::steady_clock::time_point Start = std::chrono::steady_clock::now();
};

} // namespace usycl::driver
