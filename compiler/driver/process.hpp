//===- process.hpp - Running sub-commands -----------------------*- C++ -*-===//
//
// The driver runs clang, sycl-post-link, opt, llc and ptxas as separate
// processes, several at once where they are independent (the device and host
// passes of a translation unit; the per-module codegen of a target). Each
// command's stderr goes to a file so the driver can print the outputs in a
// fixed, readable order no matter which command finished first.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <string>
#include <vector>

namespace usycl::driver {

class TempDir;
class ProgressLine;

struct Command {
  std::string Program;           // absolute path of the executable
  std::vector<std::string> Args; // argv[1..]
  // What the command does, for messages about it ("ptxas for sm_90").
  std::string Description;
};

struct CommandResult {
  int ExitStatus = 0;
  bool Crashed = false;     // killed by a signal
  std::string Stderr;       // everything the command wrote to stderr
  std::string LaunchError;  // set if the command could not be started
  double CpuSeconds = 0;    // user + system time of the command
  double WallSeconds = 0;

  bool succeeded() const { return ExitStatus == 0 && LaunchError.empty(); }
  // The exit status the driver should end with when this command failed.
  int driverExitStatus() const;
};

// One line, shell-quoted, so `-v` output can be pasted into a shell.
std::string formatCommandLine(const Command &C);

// -fsycl-time-report: every command's CPU and wall time, printed as a table
// when the driver ends, so where a build's time goes can be measured per
// process (docs/driver.md, "Compile time").
class TimeReport {
public:
  void add(const Command &C, const CommandResult &R);
  // The table on stderr: the commands in the order they ended, then the
  // driver's own CPU time and the totals.
  void print(double DriverWallSeconds) const;

private:
  struct Entry {
    std::string What;
    double Cpu, Wall;
  };
  std::vector<Entry> Entries;
};

class CommandRunner {
public:
  // MaxParallel 0 means: one per hardware thread, at least 2 (the device and
  // host pass of one translation unit always overlap).
  CommandRunner(TempDir &Temps, bool Verbose, unsigned MaxParallel = 0);

  // Runs all commands, at most MaxParallel at a time, and returns their
  // results in the order of `Commands`.
  std::vector<CommandResult> runAll(llvm::ArrayRef<Command> Commands);
  CommandResult run(const Command &C) { return runAll({C}).front(); }

  // With -v, a line for work the driver does itself instead of running a
  // tool, so the -v log still tells the whole story.
  void noteInProcessStep(const llvm::Twine &What) const;

  bool verbose() const { return Verbose; }

  // While set, runAll counts its commands on this line (progress.hpp) and
  // erases the line before returning, so later output starts clean.
  void setProgress(ProgressLine *Line) { Progress = Line; }
  void setTimeReport(TimeReport *Report) { Times = Report; }

private:
  TempDir &Temps;
  bool Verbose;
  unsigned MaxParallel;
  ProgressLine *Progress = nullptr;
  TimeReport *Times = nullptr;
};

// Writes a failed command's output to stderr followed by a line that says
// which command failed (unless the tool already said so, as clang does).
void reportFailedCommand(const Command &C, const CommandResult &R);

} // namespace usycl::driver
