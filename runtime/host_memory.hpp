// How much physical memory this machine has: the CPU device's memory, and
// the bound on what an allocation may ask of the host. Checked before
// allocating because with memory overcommit (vm.overcommit_memory=1) a
// request beyond the machine "succeeds" and the process dies later, when
// the pages are touched.
#pragma once

#include <cstdint>
#include <unistd.h>

namespace usycl::rt {

inline uint64_t host_physical_memory() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? uint64_t(pages) * uint64_t(page) : uint64_t(1) << 32;
}

// Physical memory not in use now (what the CPU device reports as free).
inline uint64_t host_available_memory() {
  const long pages = ::sysconf(_SC_AVPHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? uint64_t(pages) * uint64_t(page) : 0;
}

} // namespace usycl::rt
