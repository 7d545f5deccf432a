//===- file_write.cpp - Files the driver writes itself --------------------===//

#include "file_write.hpp"

#include "llvm/Support/FileSystem.h"

using namespace llvm;

namespace usycl::driver {

Error writeFile(const Twine &Path, function_ref<void(raw_ostream &)> Write,
                bool Text) {
  std::string Name = Path.str();
  auto Failed = [&](std::error_code EC) {
    return createStringError(EC, "cannot write '" + Name + "': " + EC.message());
  };
  std::error_code EC;
  raw_fd_ostream OS(Name, EC, Text ? sys::fs::OF_Text : sys::fs::OF_None);
  if (EC)
    return Failed(EC);
  Write(OS);
  OS.close();
  if (OS.has_error()) {
    EC = OS.error();
    OS.clear_error(); // reported here, not by the destructor
    // No truncated object or bitcode left behind for a build system to
    // take as up to date (clang does the same with its outputs).
    if (sys::fs::is_regular_file(Name))
      sys::fs::remove(Name);
    return Failed(EC);
  }
  return Error::success();
}

} // namespace usycl::driver
