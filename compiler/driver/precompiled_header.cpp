//===- precompiled_header.cpp - Cached <sycl/sycl.hpp> per pass -----------===//

#include "precompiled_header.hpp"
#include "cache_files.hpp"
#include "diagnostics.hpp"
#include "signal_cleanup.hpp"
#include "toolchain.hpp"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <signal.h>
#include <unistd.h>
#include <utime.h>

using namespace llvm;

namespace usycl::driver {

namespace {

// The cache's size bound when USYCL_PCH_CACHE_MAX_SIZE does not give one:
// about 23 headers of 17 MB, several configurations of a project (each
// needs one per pass: host, and one per GPU target or the CPU's analysis).
constexpr uint64_t default_max_bytes = uint64_t(400) << 20;
// A header used this recently is not evicted, even above the bound: a build
// running beside this one may be about to read it (if it goes anyway, that
// build's pass fails naming it and is run again without: time, not a build).
constexpr auto eviction_grace = std::chrono::minutes(1);
// A stale temporary of a killed build goes after this long.
constexpr auto temporary_grace = std::chrono::minutes(10);

uint64_t maxCacheBytes() {
  return cacheBound("USYCL_PCH_CACHE_MAX_SIZE", default_max_bytes, "precompiled-header cache");
}

std::optional<std::string> cacheDirectory() {
  if (const char *Off = std::getenv("USYCL_PCH"); Off && StringRef(Off) == "0")
    return std::nullopt;
  return cacheSubdirectory("pch");
}

std::string toolStamp(Toolchain &Tools) {
  SHA256 Hash;
  if (Expected<std::string> Clang = Tools.clang())
    addFileStamp(Hash, *Clang);
  else
    consumeError(Clang.takeError());
  if (Expected<std::string> Plugin = Tools.plugin())
    addFileStamp(Hash, *Plugin);
  else
    consumeError(Plugin.takeError());
  // Every header under include/: sorted, so the order of the walk does not
  // matter.
  std::vector<std::string> Headers;
  std::error_code EC;
  for (sys::fs::recursive_directory_iterator It(Tools.includeDir(), EC), End;
       It != End && !EC; It.increment(EC))
    if (It->type() != sys::fs::file_type::directory_file)
      Headers.push_back(It->path());
  sort(Headers);
  for (const std::string &H : Headers)
    addFileStamp(Hash, H);
  return toHex(Hash.final());
}

bool isDependencyFlagWithValue(StringRef Arg) {
  return Arg == "-MF" || Arg == "-MT" || Arg == "-MQ";
}
bool isDependencyFlag(StringRef Arg) {
  // (-M and -MM replace the compilation: excludesHeader refuses them.)
  return Arg == "-MD" || Arg == "-MMD" || Arg == "-MP" || Arg == "-MG" ||
         ((Arg.starts_with("-MF") || Arg.starts_with("-MT") ||
           Arg.starts_with("-MQ")) &&
          Arg.size() > 3);
}

// Flags that put something before the source's first line, or replace the
// compilation: with them the header is not the first thing parsed.
bool excludesHeader(StringRef Arg) {
  return Arg == "-include" || Arg.starts_with("-include-pch") ||
         Arg == "-imacros" || Arg == "-E" || Arg == "-M" || Arg == "-MM" ||
         Arg == "-emit-ast" || Arg.starts_with("--include");
}

// Flags that change what clang reports, not what it parses: the header made
// without them is the one made with them, so passes that differ only in
// these share it (the pass itself keeps them). Warnings given while the
// header is parsed are not among what changes: the SYCL and standard headers
// are system headers (-isystem), whose warnings clang drops unless
// -Wsystem-headers, which therefore stays in the key. -Wp, (preprocessor
// options), -Wa, and -Wl, are not warning flags and stay too.
bool isDiagnosticsOnlyFlag(StringRef Arg) {
  if (Arg == "-w")
    return true;
  if (Arg.starts_with("-W"))
    return !Arg.starts_with("-Wp,") && !Arg.starts_with("-Wa,") &&
           !Arg.starts_with("-Wl,") && Arg != "-Wsystem-headers" &&
           Arg != "-Wno-system-headers" && Arg.size() > 2;
  return Arg.starts_with("-fcolor-diagnostics") ||
         Arg.starts_with("-fno-color-diagnostics") ||
         Arg.starts_with("-fdiagnostics-") || Arg.starts_with("-fno-diagnostics-") ||
         Arg.starts_with("-fmessage-length=") || Arg.starts_with("-ferror-limit=");
}

// Arguments that take the next argument as their value: that value is left
// alone whatever it looks like (-Xclang -w is not -w).
bool takesSeparateValue(StringRef Arg) {
  return Arg == "-Xclang" || Arg == "-mllvm" || Arg == "-Xpreprocessor" ||
         Arg == "-Xassembler" || Arg == "-Xlinker" || Arg == "-Xarch_host" ||
         Arg == "-Xarch_device" || Arg == "-x" || Arg == "-o" || Arg == "-D" ||
         Arg == "-U" || Arg == "-I" || Arg == "-isystem" || Arg == "-idirafter" ||
         Arg == "-iquote" || Arg == "-include" || Arg == "-imacros";
}

// Where the source arguments ([-x lang] path) begin, if the command has them.
std::optional<size_t> sourcePosition(const std::vector<std::string> &Args,
                                     StringRef SourcePath) {
  for (size_t I = Args.size(); I-- > 0;)
    if (Args[I] == SourcePath) {
      if (I >= 2 && Args[I - 2] == "-x")
        return I - 2;
      return I;
    }
  return std::nullopt;
}

// The pass's flags without the source, its output and the dependency file
// flags: what the header is made with, and its key. More are left out or
// replaced so that passes that parse the header the same way share one
// (each configuration used to add a 17 MB header):
//  * the unit's id (-fplugin-arg-usycl-tu-id=): the plugin only uses it on
//    the unit's LLVM module, so it changes nothing in the header's AST; with
//    it, every source had headers of its own (17 MB each per pass); nor the
//    integration header the plugin writes at the unit's end
//    (-fplugin-arg-usycl-int-header=, a temporary path);
//  * the Use's IncludedAfterHeader (-include <it>): read after the header;
//  * -fsyntax-only and -S: clang would not write the header with the first,
//    and the AST is that of the compiling pass, so the pass uses the header
//    its compiling twin makes (-c, and -emit-llvm for device passes; clang
//    does not check the action when it reads a header);
//  * diagnostics-only flags (-W..., -w, -fcolor-diagnostics, ...): above.
//    Not -g: the objects made through a header made without it differ
//    from those made through one made with it (the header records more).
std::optional<std::vector<std::string>>
headerFlags(const std::vector<std::string> &Args, StringRef SourcePath,
            StringRef IncludedAfterHeader) {
  std::optional<size_t> SourceAt = sourcePosition(Args, SourcePath);
  if (!SourceAt)
    return std::nullopt;
  const bool Device = is_contained(Args, "--offload-device-only");
  std::vector<std::string> Flags;
  for (size_t I = 0; I < *SourceAt; ++I) {
    StringRef Arg = Args[I];
    if (Arg == "-include" && I + 1 < *SourceAt && !IncludedAfterHeader.empty() &&
        Args[I + 1] == IncludedAfterHeader) {
      ++I;
      continue;
    }
    if (excludesHeader(Arg))
      return std::nullopt;
    if (isDependencyFlagWithValue(Arg)) {
      ++I;
      continue;
    }
    if (takesSeparateValue(Arg) && I + 1 < *SourceAt) {
      Flags.push_back(Args[I]);
      Flags.push_back(Args[++I]);
      continue;
    }
    if (isDependencyFlag(Arg) || Arg.starts_with("-fplugin-arg-usycl-tu-id=") ||
        Arg.starts_with("-fplugin-arg-usycl-int-header=") ||
        isDiagnosticsOnlyFlag(Arg))
      continue;
    if (Arg == "-fsyntax-only") {
      if (Device)
        Flags.push_back("-emit-llvm");
      Flags.push_back("-c");
      continue;
    }
    if (Arg == "-S") {
      Flags.push_back("-c");
      continue;
    }
    Flags.push_back(Args[I]);
  }
  return Flags;
}

// Skips blank space, // and /* */ comments and backslash-newlines.
void skipBlankAndComments(StringRef &Text) {
  for (;;) {
    Text = Text.ltrim(" \t\r\n\f\v");
    if (Text.consume_front("\\\n") || Text.consume_front("\\\r\n"))
      continue;
    if (Text.starts_with("//")) {
      size_t End = Text.find('\n');
      Text = End == StringRef::npos ? StringRef() : Text.drop_front(End + 1);
      continue;
    }
    if (Text.starts_with("/*")) {
      size_t End = Text.find("*/", 2);
      Text = End == StringRef::npos ? StringRef() : Text.drop_front(End + 2);
      continue;
    }
    return;
  }
}

void touch(const std::string &Path) { ::utime(Path.c_str(), nullptr); }

// How deep a chain of quoted includes may lead to <sycl/sycl.hpp>.
constexpr unsigned max_include_depth = 4;

// True if nothing but blank space or a comment is left on the line.
bool onlyCommentLeft(StringRef Line) {
  Line = Line.trim();
  return Line.empty() || Line.starts_with("//") || Line.starts_with("/*");
}

// The C++ standard library's headers, and the C library's as C++ includes
// them, by the name between the angle brackets.
bool isStandardLibraryHeader(StringRef Name) {
  static const llvm::StringSet<> Names = {
      "algorithm", "any", "array", "atomic", "barrier", "bit", "bitset", "cassert", "cctype",
      "cerrno", "cfenv", "cfloat", "charconv", "chrono", "cinttypes", "climits", "clocale",
      "cmath", "codecvt", "compare", "complex", "concepts", "condition_variable", "coroutine",
      "csetjmp", "csignal", "cstdarg", "cstddef", "cstdint", "cstdio", "cstdlib", "cstring",
      "ctime", "cuchar", "cwchar", "cwctype", "deque", "exception", "execution", "expected",
      "filesystem", "format", "forward_list", "fstream", "functional", "future",
      "initializer_list", "iomanip", "ios", "iosfwd", "iostream", "istream", "iterator",
      "latch", "limits", "list", "locale", "map", "mdspan", "memory", "memory_resource",
      "mutex", "new", "numbers", "numeric", "optional", "ostream", "print", "queue", "random",
      "ranges", "ratio", "regex", "scoped_allocator", "semaphore", "set", "shared_mutex",
      "source_location", "span", "spanstream", "sstream", "stack", "stacktrace", "stdexcept",
      "stop_token", "streambuf", "string", "string_view", "syncstream", "system_error",
      "thread", "tuple", "type_traits", "typeindex", "typeinfo", "unordered_map",
      "unordered_set", "utility", "valarray", "variant", "vector", "version", "assert.h",
      "ctype.h", "errno.h", "fenv.h", "float.h", "inttypes.h", "limits.h", "locale.h",
      "math.h", "setjmp.h", "signal.h", "stdarg.h", "stdbool.h", "stddef.h", "stdint.h",
      "stdio.h", "stdlib.h", "string.h", "time.h", "uchar.h", "wchar.h", "wctype.h"};
  return Names.contains(Name);
}

bool leadsToSyclInclude(StringRef Path, unsigned Depth) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> File =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!File)
    return false;
  StringRef Text = (*File)->getBuffer();
  Text.consume_front("\xEF\xBB\xBF"); // UTF-8 byte order mark
  for (;;) {
    skipBlankAndComments(Text);
    if (!Text.consume_front("#"))
      return false;
    StringRef Line = Text.take_until([](char C) { return C == '\n'; });
    Text = Text.drop_front(Line.size());
    Line = Line.ltrim(" \t");
    // A header's own guard: the header is read once either way.
    if (Line.consume_front("pragma") && Line.trim() == "once")
      continue;
    if (Line.consume_front("ifndef")) {
      // #ifndef G then #define G (nothing else): the guard's macro, which
      // no SYCL header tests.
      StringRef Guard = Line.trim();
      skipBlankAndComments(Text);
      StringRef Next = Text.take_until([](char C) { return C == '\n'; });
      Text = Text.drop_front(Next.size());
      Next = Next.ltrim(" \t");
      if (!Next.consume_front("#"))
        return false;
      Next = Next.ltrim(" \t");
      if (Guard.empty() || !Next.consume_front("define") || Next.trim() != Guard)
        return false;
      continue;
    }
    if (!Line.consume_front("include"))
      return false;
    Line = Line.ltrim(" \t");
    if (Line.consume_front("<sycl/sycl.hpp>") ||
        Line.consume_front("\"sycl/sycl.hpp\"") ||
        Line.consume_front("<CL/sycl.hpp>")) // its first line is <sycl/sycl.hpp>
      return onlyCommentLeft(Line);
    if (Line.consume_front("<")) {
      StringRef Name = Line.take_until([](char C) { return C == '>'; });
      if (Name.size() == Line.size() || !isStandardLibraryHeader(Name) ||
          !onlyCommentLeft(Line.drop_front(Name.size() + 1)))
        return false;
      continue;
    }
    // A project header next to this file whose first line of code is the
    // include (or leads to it), as e2e_common.hpp.
    if (Depth >= max_include_depth || !Line.consume_front("\""))
      return false;
    StringRef Name = Line.take_until([](char C) { return C == '"'; });
    if (Name.empty() || Name.size() == Line.size() ||
        !onlyCommentLeft(Line.drop_front(Name.size() + 1)))
      return false;
    SmallString<256> Included(sys::path::parent_path(Path));
    sys::path::append(Included, Name);
    return leadsToSyclInclude(Included, Depth + 1);
  }
}

} // namespace

bool startsWithSyclInclude(StringRef SourcePath) {
  return leadsToSyclInclude(SourcePath, 0);
}

PrecompiledHeaders::PrecompiledHeaders(Toolchain &Tools, CommandRunner &Runner)
    : Directory(cacheDirectory()), Tools(Tools), Runner(Runner) {}

std::string
PrecompiledHeaders::keyFor(const Command &Pass,
                           const std::vector<std::string> &Flags) const {
  SHA256 Hash;
  Hash.update(ToolStamp);
  Hash.update(StringRef("instantiated\0")); // -fpch-instantiate-templates
  Hash.update(Pass.Program);
  for (const std::string &F : Flags) {
    Hash.update(StringRef("\0", 1));
    Hash.update(F);
  }
  return toHex(Hash.final()).substr(0, 40);
}

// A header's file is <key>.<hash of its bytes>.pch: the name commits to the
// content, so a file that was cut short (a full disk, a killed copy) or has
// a flipped bit is recognised before clang reads it. clang's own reading
// either fails with a message that need not name the file ("malformed or
// corrupted precompiled file: 'can't skip to bit ...'") or, worse, succeeds
// on garbage. Hashing the 17 MB (xxh3) costs a few milliseconds per pass.
static std::string contentHash(StringRef Bytes) {
  return utohexstr(xxh3_64bits(Bytes), /*LowerCase=*/true, /*Width=*/16);
}

// The hash a header's name promises, or "" for a name of another form.
static StringRef promisedHash(StringRef Name, StringRef Key) {
  if (!Name.consume_front(Key) || !Name.consume_front(".") ||
      !Name.consume_back(".pch") || Name.size() != 16 ||
      !all_of(Name, isHexDigit))
    return {};
  return Name;
}

std::optional<std::string>
PrecompiledHeaders::findIntact(StringRef Key,
                               ArrayRef<std::string> Listing) const {
  for (const std::string &Name : Listing) {
    StringRef Hash = promisedHash(Name, Key);
    if (Hash.empty())
      continue;
    std::string Path = *Directory + "/" + Name;
    ErrorOr<std::unique_ptr<MemoryBuffer>> File =
        MemoryBuffer::getFile(Path, /*IsText=*/false,
                              /*RequiresNullTerminator=*/false);
    if (File && contentHash((*File)->getBuffer()) == Hash)
      return Path;
    // Damaged (or gone): remove it, so the caller makes it again.
    if (File) {
      sys::fs::remove(Path);
      if (Runner.verbose())
        errs() << "usycl++: note: the precompiled header '" << Path
               << "' is damaged (its bytes do not match its name); making it "
                  "again\n";
    }
  }
  return std::nullopt;
}

std::vector<PrecompiledHeaders::Use>
PrecompiledHeaders::prepare(std::vector<Command> &Commands,
                            std::vector<Use> Candidates) {
  std::vector<Use> Uses;
  if (!Directory)
    return Uses;
  const std::string SyclHeader =
      (Tools.includeDir() + "/sycl/sycl.hpp");
  StringMap<bool> SourceQualifies;
  // Key -> the intact header, or none (to be made).
  StringMap<std::optional<std::string>> Found;
  StringMap<size_t> Building; // key -> index in Builds
  std::vector<Command> Builds;
  std::vector<std::string> BuildTemps;
  std::vector<std::string> BuildKeys;
  std::vector<std::string> UseKeys;
  std::optional<std::vector<std::string>> Listing;
  // <key>.pch.tmp.<pid>.<random>; clang's own temporary beside it is
  // <key>.pch.tmp.<pid>-<random>.<random>.tmp.
  const std::string TempMarker =
      ".pch.tmp." + std::to_string(sys::Process::getProcessId());

  for (Use &U : Candidates) {
    auto [It, New] = SourceQualifies.try_emplace(U.SourcePath, false);
    if (New)
      It->second = startsWithSyclInclude(U.SourcePath);
    if (!It->second)
      continue;
    // Stat every SYCL header only when some pass may use the result.
    if (ToolStamp.empty())
      ToolStamp = toolStamp(Tools);
    Command &Pass = Commands[U.Index];
    std::optional<std::vector<std::string>> Flags =
        headerFlags(Pass.Args, U.SourcePath, U.IncludedAfterHeader);
    if (!Flags)
      continue;
    std::string Key = keyFor(Pass, *Flags);
    if (!Listing) {
      Listing.emplace();
      std::error_code EC;
      for (sys::fs::directory_iterator Dir(*Directory, EC), End;
           Dir != End && !EC; Dir.increment(EC))
        Listing->push_back(sys::path::filename(Dir->path()).str());
    }
    auto [F, FirstUse] = Found.try_emplace(Key);
    if (FirstUse)
      F->second = findIntact(Key, *Listing);
    if (!F->second && !Building.count(Key)) {
      Command Build;
      Build.Program = Pass.Program;
      Build.Description = "precompiled <sycl/sycl.hpp> for the " +
                          Pass.Description;
      Build.Args = *Flags;
      std::string Temp = *Directory + "/" + Key + TempMarker + "." +
                         std::to_string(sys::Process::GetRandomNumber());
      // -emit-pch after the pass's own action (-c, -emit-llvm): the last
      // action flag is the one clang's frontend runs. The templates the
      // headers use are instantiated in the header (as CMake's precompiled
      // headers do with clang): otherwise every pass that reads it
      // instantiates them again at its end, 0.45 s of a 0.9 s host pass for
      // a one-kernel source (issue 45). Both points of instantiation are
      // valid ones ([temp.point]), so the program is the same.
      Build.Args.insert(Build.Args.end(), {"-fpch-instantiate-templates", "-Xclang", "-emit-pch",
                                           "-x", "c++", SyclHeader, "-o", Temp});
      Building[Key] = Builds.size();
      Builds.push_back(std::move(Build));
      BuildTemps.push_back(Temp);
      BuildKeys.push_back(Key);
    }
    Uses.push_back(U);
    UseKeys.push_back(Key);
  }

  // A header costs about a pass without it to make and saves most of every
  // later pass of its configuration; a configuration compiled once (a
  // one-source program built once, as on a fresh machine) only pays. So it
  // is made when this build has two passes of the configuration, or when an
  // earlier build had one (its <key>.seen mark, an empty file that stays:
  // a header of that configuration found damaged or dropped is made again
  // at once); otherwise the pass compiles without and leaves the mark.
  {
    StringMap<unsigned> PassesPerKey;
    for (const std::string &Key : UseKeys)
      ++PassesPerKey[Key];
    size_t Kept = 0;
    for (size_t I = 0; I < Builds.size(); ++I) {
      const std::string Mark = *Directory + "/" + BuildKeys[I] + ".seen";
      if (PassesPerKey[BuildKeys[I]] < 2 && !sys::fs::exists(Mark)) {
        if (int Fd; !sys::fs::openFileForWrite(Mark, Fd))
          ::close(Fd);
        if (Runner.verbose())
          errs() << "usycl++: note: " << Builds[I].Description
                 << ": made at the next compile of this configuration, compiling without it now\n";
        continue;
      }
      if (Kept != I) {
        Builds[Kept] = std::move(Builds[I]);
        BuildTemps[Kept] = std::move(BuildTemps[I]);
        BuildKeys[Kept] = std::move(BuildKeys[I]);
      }
      ++Kept;
    }
    Builds.resize(Kept);
    BuildTemps.resize(Kept);
    BuildKeys.resize(Kept);
  }

  if (!Builds.empty()) {
    // Interrupted (Ctrl-C, kill), the temporaries would stay: clang does not
    // remove a precompiled header it was writing, nor its own temporary
    // (<temp>-<random>.tmp) beside it.
    signal_cleanup::armCacheTemporaryRemoval(*Directory, TempMarker);
    std::vector<CommandResult> Results = Runner.runAll(Builds);
    for (size_t I = 0; I < Builds.size(); ++I) {
      std::string Header;
      if (Results[I].succeeded()) {
        if (ErrorOr<std::unique_ptr<MemoryBuffer>> File = MemoryBuffer::getFile(
                BuildTemps[I], /*IsText=*/false, /*RequiresNullTerminator=*/false))
          Header = *Directory + "/" + BuildKeys[I] + "." +
                   contentHash((*File)->getBuffer()) + ".pch";
      }
      // Rename is atomic: a concurrent build of the same header only
      // replaces one complete file with an identical one.
      if (Header.empty() || sys::fs::rename(BuildTemps[I], Header)) {
        sys::fs::remove(BuildTemps[I]);
        if (Runner.verbose())
          errs() << Results[I].Stderr << "usycl++: note: " << Builds[I].Description
                 << " failed; compiling without it\n";
        continue;
      }
      Found[BuildKeys[I]] = Header;
    }
    signal_cleanup::disarmCacheTemporaryRemoval();
  }

  std::vector<Use> Used;
  StringSet<> InUse;
  for (size_t I = 0; I < Uses.size(); ++I) {
    Use &U = Uses[I];
    const std::optional<std::string> &Header = Found[UseKeys[I]];
    if (!Header)
      continue;
    U.Header = *Header;
    touch(U.Header); // recently used: evicted last
    InUse.insert(U.Header);
    std::vector<std::string> &Args = Commands[U.Index].Args;
    size_t At = *sourcePosition(Args, U.SourcePath);
    Args.insert(Args.begin() + At, {"-include-pch", U.Header});
    Used.push_back(U);
  }
  // After a new header, or whenever the bound may have been lowered: a walk
  // over a few dozen files, nothing next to a pass.
  evictOld(InUse);
  return Used;
}

// True when a pass that read `Header` failed because of it: clang names the
// file, or says it could not read a precompiled file (some messages do not
// name it: "malformed or corrupted precompiled file: 'can't skip to bit
// ...'"), or crashed (a damaged file clang did not recognise).
static bool failedOnHeader(const CommandResult &R, StringRef Header) {
  if (R.succeeded())
    return false;
  if (R.Crashed)
    return true;
  StringRef Text = R.Stderr;
  return Text.contains(Header) || Text.contains("precompiled file") ||
         Text.contains("PCH file") || Text.contains("AST file") ||
         Text.contains("precompiled header");
}

void PrecompiledHeaders::retryFailures(std::vector<Command> &Commands,
                                       std::vector<CommandResult> &Results,
                                       ArrayRef<Use> Uses) {
  std::vector<size_t> Again;
  for (const Use &U : Uses) {
    if (!failedOnHeader(Results[U.Index], U.Header))
      continue;
    // clang could not use the header (damaged between the check and the
    // read, or a file under it changed within the time stamp's resolution):
    // drop it (the next compile makes it again) and compile without.
    sys::fs::remove(U.Header);
    std::vector<std::string> &Args = Commands[U.Index].Args;
    for (size_t I = 0; I + 1 < Args.size(); ++I)
      if (Args[I] == "-include-pch" && Args[I + 1] == U.Header) {
        Args.erase(Args.begin() + I, Args.begin() + I + 2);
        break;
      }
    Again.push_back(U.Index);
  }
  if (Again.empty())
    return;
  if (Runner.verbose())
    errs() << "usycl++: note: a precompiled header could not be used; "
              "compiling without it\n";
  std::vector<Command> Retry;
  for (size_t I : Again)
    Retry.push_back(Commands[I]);
  std::vector<CommandResult> RetryResults = Runner.runAll(Retry);
  for (size_t I = 0; I < Again.size(); ++I)
    Results[Again[I]] = std::move(RetryResults[I]);
}

// The process id in a temporary's name (<key>.pch.tmp.<pid>.<random>...).
static std::optional<int> temporaryOwner(StringRef Name) {
  constexpr StringLiteral Marker = ".pch.tmp.";
  size_t At = Name.find(Marker);
  if (At == StringRef::npos)
    return std::nullopt;
  StringRef Pid = Name.drop_front(At + Marker.size()).take_while(isDigit);
  int Value;
  if (Pid.empty() || Pid.getAsInteger(10, Value) || Value <= 0)
    return std::nullopt;
  return Value;
}

void PrecompiledHeaders::evictOld(const StringSet<> &InUse) const {
  const auto Now = std::chrono::system_clock::now();
  // A temporary of a build that was killed (its process is gone), or one so
  // old that its build must have been.
  auto StaleTemporary = [&](StringRef Path) {
    std::optional<int> Owner = temporaryOwner(sys::path::filename(Path));
    sys::fs::file_status Status;
    if (!Owner || sys::fs::status(Path, Status))
      return;
    const bool OwnerGone = ::kill(*Owner, 0) != 0 && errno == ESRCH;
    if (OwnerGone || Now - Status.getLastModificationTime() > temporary_grace)
      sys::fs::remove(Path);
  };
  const uint64_t Max = maxCacheBytes();
  const uint64_t Total =
      evictLeastRecentlyUsed(*Directory, [](StringRef Path) { return sys::path::extension(Path) == ".pch"; },
                             Max, InUse, eviction_grace, StaleTemporary);
  if (Runner.verbose() && Total > Max)
    errs() << "usycl++: note: the precompiled headers in '" << *Directory << "' take "
           << (Total >> 20) << " MB, more than USYCL_PCH_CACHE_MAX_SIZE (" << (Max >> 20)
           << " MB): the rest were used in the last minute\n";
}

} // namespace usycl::driver
