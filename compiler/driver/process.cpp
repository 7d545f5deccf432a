//===- process.cpp - Running sub-commands ---------------------------------===//

#include "process.hpp"
#include "diagnostics.hpp"
#include "progress.hpp"
#include "signal_cleanup.hpp"
#include "temp_dir.hpp"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <sys/wait.h>

#include <cerrno>
#include <cstring>
#include <optional>
#include <thread>

using namespace llvm;

namespace usycl::driver {

int CommandResult::driverExitStatus() const {
  if (!LaunchError.empty())
    return 1;
  return ExitStatus != 0 ? ExitStatus : 1;
}

static std::string quoteIfNeeded(StringRef Arg) {
  if (!Arg.empty() && Arg.find_first_of(" \t\n'\"\\$`*?[]{}()<>|&;#~!") ==
                          StringRef::npos)
    return Arg.str();
  std::string Quoted = "'";
  for (char C : Arg) {
    if (C == '\'')
      Quoted += "'\\''";
    else
      Quoted += C;
  }
  return Quoted + "'";
}

std::string formatCommandLine(const Command &C) {
  std::string Line = quoteIfNeeded(C.Program);
  for (const std::string &Arg : C.Args)
    Line += " " + quoteIfNeeded(Arg);
  return Line;
}

CommandRunner::CommandRunner(TempDir &Temps, bool Verbose, unsigned MaxParallel)
    : Temps(Temps), Verbose(Verbose), MaxParallel(MaxParallel) {
  if (this->MaxParallel == 0)
    this->MaxParallel = std::max(2u, std::thread::hardware_concurrency());
}

void CommandRunner::noteInProcessStep(const Twine &What) const {
  if (Verbose)
    errs() << " (in-process) " << What << '\n';
}

namespace {

struct RunningCommand {
  size_t Index;
  std::string StderrPath;
};

} // namespace

std::vector<CommandResult> CommandRunner::runAll(ArrayRef<Command> Commands) {
  std::vector<CommandResult> Results(Commands.size());
  std::vector<std::string> StderrPaths(Commands.size());
  // pid -> index of the command; small, so a vector is enough.
  std::vector<std::pair<sys::procid_t, size_t>> Running;

  auto Start = [&](size_t Index) {
    const Command &C = Commands[Index];
    if (Verbose)
      errs() << ' ' << formatCommandLine(C) << '\n';
    StderrPaths[Index] = Temps.uniqueFile("stderr/command", "txt");
    SmallVector<StringRef, 32> Argv = {C.Program};
    for (const std::string &Arg : C.Args)
      Argv.push_back(Arg);
    std::optional<StringRef> Redirects[] = {std::nullopt, std::nullopt,
                                            StringRef(StderrPaths[Index])};
    std::string ErrorMessage;
    bool ExecutionFailed = false;
    sys::ProcessInfo Info =
        sys::ExecuteNoWait(C.Program, Argv, /*Env=*/std::nullopt, Redirects,
                           /*MemoryLimit=*/0, &ErrorMessage, &ExecutionFailed);
    if (ExecutionFailed || Info.Pid == 0) {
      Results[Index].LaunchError =
          "cannot run '" + C.Program + "': " +
          (ErrorMessage.empty() ? "unknown error" : ErrorMessage);
      return;
    }
    Running.emplace_back(Info.Pid, Index);
    signal_cleanup::commandStarted(Info.Pid);
  };

  auto Finish = [&](size_t Index, int WaitStatus) {
    CommandResult &R = Results[Index];
    if (WIFEXITED(WaitStatus)) {
      R.ExitStatus = WEXITSTATUS(WaitStatus);
    } else if (WIFSIGNALED(WaitStatus)) {
      R.Crashed = true;
      R.ExitStatus = 128 + WTERMSIG(WaitStatus);
    } else {
      R.ExitStatus = 1;
    }
    if (auto Buffer = MemoryBuffer::getFile(StderrPaths[Index]))
      R.Stderr = (*Buffer)->getBuffer().str();
    if (R.Crashed)
      R.Stderr += (Commands[Index].Description + " crashed (signal " +
                   Twine(WTERMSIG(WaitStatus)) + ": " +
                   strsignal(WTERMSIG(WaitStatus)) + ")\n")
                      .str();
  };

  if (Progress)
    Progress->addWork(Commands.size());
  size_t Next = 0;
  while (Next < Commands.size() || !Running.empty()) {
    while (Next < Commands.size() && Running.size() < MaxParallel)
      Start(Next++);
    if (Running.empty())
      continue;
    // Wait for whichever child ends first; the driver has no other children.
    int WaitStatus = 0;
    sys::procid_t Pid = ::waitpid(-1, &WaitStatus, 0);
    if (Pid < 0) {
      if (errno == EINTR)
        continue;
      // No children left to wait for: should not happen, but never hang.
      for (auto &[RunningPid, Index] : Running)
        Results[Index].LaunchError = "lost track of '" +
                                     Commands[Index].Program +
                                     "': " + std::strerror(errno);
      Running.clear();
      continue;
    }
    signal_cleanup::commandFinished(Pid);
    auto It = find_if(Running, [&](auto &P) { return P.first == Pid; });
    if (It == Running.end())
      continue;
    size_t Index = It->second;
    Running.erase(It);
    Finish(Index, WaitStatus);
    if (Progress)
      Progress->stepDone(Commands[Index].Description);
  }
  if (Progress)
    Progress->clear();
  return Results;
}

void reportFailedCommand(const Command &C, const CommandResult &R) {
  errs() << R.Stderr;
  if (!R.LaunchError.empty()) {
    printError(R.LaunchError);
    return;
  }
  printError(C.Description + " failed with exit status " +
             Twine(R.ExitStatus) + " (rerun with -v to see the command)");
}

} // namespace usycl::driver
