//===- signal_cleanup.cpp - Leaving nothing behind when killed ------------===//

#include "signal_cleanup.hpp"

#include "llvm/Support/Signals.h"

#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstring>

using namespace llvm;

namespace usycl::driver::signal_cleanup {

namespace {

char DirectoryPath[4096];
std::atomic<bool> DirectoryArmed{false};
char CacheDirectory[4096];
char CacheMarker[128];
std::atomic<bool> CacheArmed{false};

// Far more slots than the driver ever runs at once; a full table only means
// an unlisted child is not terminated early.
constexpr int MaxCommands = 256;
std::atomic<pid_t> Running[MaxCommands];

void removeTree(const char *Path, int Depth) {
  if (Depth > 8)
    return;
  if (DIR *Dir = ::opendir(Path)) {
    while (struct dirent *Entry = ::readdir(Dir)) {
      if (!std::strcmp(Entry->d_name, ".") || !std::strcmp(Entry->d_name, ".."))
        continue;
      char Child[sizeof(DirectoryPath)];
      int Length =
          std::snprintf(Child, sizeof(Child), "%s/%s", Path, Entry->d_name);
      if (Length < 0 || Length >= static_cast<int>(sizeof(Child)))
        continue;
      struct stat Info;
      if (::lstat(Child, &Info) == 0 && S_ISDIR(Info.st_mode))
        removeTree(Child, Depth + 1);
      else
        ::unlink(Child);
    }
    ::closedir(Dir);
  }
  ::rmdir(Path);
}

void removeMarkedFiles(const char *Directory, const char *Marker) {
  if (DIR *Dir = ::opendir(Directory)) {
    while (struct dirent *Entry = ::readdir(Dir)) {
      // The marker ends in a process id: "x.pch.tmp.12" must not match
      // "x.pch.tmp.123...".
      const char *Found = std::strstr(Entry->d_name, Marker);
      if (!Found)
        continue;
      char Next = Found[std::strlen(Marker)];
      if (Next >= '0' && Next <= '9')
        continue;
      char Child[sizeof(CacheDirectory) + 256];
      int Length =
          std::snprintf(Child, sizeof(Child), "%s/%s", Directory, Entry->d_name);
      if (Length > 0 && Length < static_cast<int>(sizeof(Child)))
        ::unlink(Child);
    }
    ::closedir(Dir);
  }
}

void stopCommandsAndRemoveDirectory() {
  for (std::atomic<pid_t> &Slot : Running)
    if (pid_t Pid = Slot.load(); Pid > 0)
      ::kill(Pid, SIGTERM);
  for (std::atomic<pid_t> &Slot : Running)
    if (pid_t Pid = Slot.exchange(0); Pid > 0)
      ::waitpid(Pid, nullptr, 0);
  if (DirectoryArmed.exchange(false))
    removeTree(DirectoryPath, 0);
  if (CacheArmed.exchange(false))
    removeMarkedFiles(CacheDirectory, CacheMarker);
}

// Cleans up, then dies of the same signal so the parent sees the usual
// status (130 for Ctrl-C, 141 for a broken pipe).
void onTerminatingSignal(int Signal) {
  stopCommandsAndRemoveDirectory();
  sys::RunInterruptHandlers(); // files LLVM was asked to remove
  ::signal(Signal, SIG_DFL);
  ::raise(Signal);
}

void installHandlers() {
  static std::atomic<bool> Installed{false};
  if (Installed.exchange(true))
    return;
  // Our own handlers, installed after InitLLVM's: LLVM's interrupt hook
  // cannot tell which signal arrived and does not cover SIGPIPE.
  struct sigaction Action = {};
  Action.sa_handler = onTerminatingSignal;
  sigemptyset(&Action.sa_mask);
  for (int Signal : {SIGINT, SIGTERM, SIGHUP, SIGPIPE})
    ::sigaction(Signal, &Action, nullptr);
}

} // namespace

void armDirectoryRemoval(StringRef Path) {
  if (Path.size() >= sizeof(DirectoryPath))
    return; // best effort: such a path is not worth a failure
  std::memcpy(DirectoryPath, Path.data(), Path.size());
  DirectoryPath[Path.size()] = '\0';
  DirectoryArmed = true;
  installHandlers();
}

void disarmDirectoryRemoval() { DirectoryArmed = false; }

void armCacheTemporaryRemoval(StringRef Directory, StringRef Marker) {
  if (Directory.size() >= sizeof(CacheDirectory) ||
      Marker.size() >= sizeof(CacheMarker) || Marker.empty())
    return; // best effort: the next compile removes them
  CacheArmed = false;
  std::memcpy(CacheDirectory, Directory.data(), Directory.size());
  CacheDirectory[Directory.size()] = '\0';
  std::memcpy(CacheMarker, Marker.data(), Marker.size());
  CacheMarker[Marker.size()] = '\0';
  CacheArmed = true;
  installHandlers();
}

void disarmCacheTemporaryRemoval() { CacheArmed = false; }

void commandStarted(pid_t Pid) {
  installHandlers();
  for (std::atomic<pid_t> &Slot : Running) {
    pid_t Free = 0;
    if (Slot.compare_exchange_strong(Free, Pid))
      return;
  }
}

void commandFinished(pid_t Pid) {
  for (std::atomic<pid_t> &Slot : Running) {
    pid_t Expected = Pid;
    if (Slot.compare_exchange_strong(Expected, 0))
      return;
  }
}

} // namespace usycl::driver::signal_cleanup
