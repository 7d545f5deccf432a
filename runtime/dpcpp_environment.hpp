// DPC++'s environment variables that programs moving to usycl still set:
// each one usycl does not read gets one line on stderr naming what does
// the same job here, instead of being ignored without a word.
#pragma once

#include <string>
#include <vector>

namespace usycl::rt {

// The notes for the variables set in the environment `get` reads (getenv
// in the runtime; a map in tests), one line each, in a fixed order.
std::vector<std::string> dpcpp_environment_notes(const char *(*get)(const char *name));

// Prints dpcpp_environment_notes(getenv) to stderr; once per process (the
// runtime's start).
void report_dpcpp_environment();

} // namespace usycl::rt
