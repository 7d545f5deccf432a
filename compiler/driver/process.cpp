//===- process.cpp - Running sub-commands ---------------------------------===//

#include "process.hpp"
#include "diagnostics.hpp"
#include "progress.hpp"
#include "signal_cleanup.hpp"
#include "temp_dir.hpp"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
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

// Where a command's stderr goes. In memory when the system allows it: the
// temporary directory may be the very thing that fails (a full TMPDIR), and
// a stderr file there would swallow clang's "No space left on device" along
// with everything else, leaving a failed build without a word. The command
// opens the memory file through /proc/<driver>/fd/<n> (LLVM's ExecuteNoWait
// redirects to paths only); elsewhere, a file in the temporary directory.
class StderrCapture {
public:
  explicit StderrCapture(TempDir &Temps) {
#ifdef MFD_CLOEXEC
    Fd = ::memfd_create("usycl-stderr", MFD_CLOEXEC);
    if (Fd >= 0) {
      Path = "/proc/" + std::to_string(::getpid()) + "/fd/" + std::to_string(Fd);
      if (::access(Path.c_str(), W_OK) == 0)
        return;
      ::close(Fd); // no /proc: a file after all
      Fd = -1;
    }
#endif
    Path = Temps.uniqueFile("stderr/command", "txt");
  }
  StderrCapture(const StderrCapture &) = delete;
  StderrCapture &operator=(const StderrCapture &) = delete;
  ~StderrCapture() {
    if (Fd >= 0)
      ::close(Fd);
  }

  const std::string &path() const { return Path; }

  // What the command wrote.
  std::string read() const {
    if (Fd < 0) {
      if (auto Buffer = MemoryBuffer::getFile(Path))
        return (*Buffer)->getBuffer().str();
      return {};
    }
    std::string Text;
    char Chunk[65536];
    for (off_t Offset = 0;;) {
      ssize_t N = ::pread(Fd, Chunk, sizeof(Chunk), Offset);
      if (N < 0 && errno == EINTR)
        continue;
      if (N <= 0)
        break;
      Text.append(Chunk, size_t(N));
      Offset += N;
    }
    return Text;
  }

private:
  int Fd = -1;
  std::string Path;
};

} // namespace

std::vector<CommandResult> CommandRunner::runAll(ArrayRef<Command> Commands) {
  std::vector<CommandResult> Results(Commands.size());
  // One per running command (an open memory file each).
  std::vector<std::optional<StderrCapture>> Stderrs(Commands.size());
  // pid -> index of the command; small, so a vector is enough.
  std::vector<std::pair<sys::procid_t, size_t>> Running;
  using Clock = std::chrono::steady_clock;
  std::vector<Clock::time_point> Started(Commands.size());

  auto Start = [&](size_t Index) {
    const Command &C = Commands[Index];
    if (Verbose)
      errs() << ' ' << formatCommandLine(C) << '\n';
    Stderrs[Index].emplace(Temps);
    SmallVector<StringRef, 32> Argv = {C.Program};
    for (const std::string &Arg : C.Args)
      Argv.push_back(Arg);
    std::optional<StringRef> Redirects[] = {std::nullopt, std::nullopt,
                                            StringRef(Stderrs[Index]->path())};
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
    Started[Index] = Clock::now();
    signal_cleanup::commandStarted(Info.Pid);
  };

  auto Finish = [&](size_t Index, int WaitStatus, const struct rusage &Usage) {
    CommandResult &R = Results[Index];
    auto Seconds = [](const timeval &T) { return double(T.tv_sec) + double(T.tv_usec) * 1e-6; };
    R.CpuSeconds = Seconds(Usage.ru_utime) + Seconds(Usage.ru_stime);
    R.WallSeconds = std::chrono::duration<double>(Clock::now() - Started[Index]).count();
    if (Times)
      Times->add(Commands[Index], R);
    if (WIFEXITED(WaitStatus)) {
      R.ExitStatus = WEXITSTATUS(WaitStatus);
    } else if (WIFSIGNALED(WaitStatus)) {
      R.Crashed = true;
      R.ExitStatus = 128 + WTERMSIG(WaitStatus);
    } else {
      R.ExitStatus = 1;
    }
    R.Stderr = Stderrs[Index]->read();
    Stderrs[Index].reset();
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
    struct rusage Usage = {};
    sys::procid_t Pid = ::wait4(-1, &WaitStatus, 0, &Usage);
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
    Finish(Index, WaitStatus, Usage);
    if (Progress)
      Progress->stepDone(Commands[Index].Description);
  }
  if (Progress)
    Progress->clear();
  return Results;
}

void TimeReport::add(const Command &C, const CommandResult &R) {
  Entries.push_back({C.Description.empty() ? sys::path::filename(C.Program).str() : C.Description,
                     R.CpuSeconds, R.WallSeconds});
}

void TimeReport::print(double DriverWallSeconds) const {
  auto Seconds = [](const timeval &T) { return double(T.tv_sec) + double(T.tv_usec) * 1e-6; };
  struct rusage Self = {};
  ::getrusage(RUSAGE_SELF, &Self);
  const double DriverCpu = Seconds(Self.ru_utime) + Seconds(Self.ru_stime);
  double Cpu = DriverCpu;
  raw_ostream &OS = errs();
  OS << "usycl++ time report (seconds):\n" << format("%9s %9s  %s\n", "CPU", "wall", "step");
  for (const Entry &E : Entries) {
    OS << format("%9.3f %9.3f  ", E.Cpu, E.Wall) << E.What << '\n';
    Cpu += E.Cpu;
  }
  OS << format("%9.3f %9s  ", DriverCpu, "") << "usycl++ itself (in-process steps)\n"
     << format("%9.3f %9.3f  ", Cpu, DriverWallSeconds) << "total\n";
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
