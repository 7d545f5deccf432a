// sycl-ls: lists the SYCL devices usycl sees, one line each, in DPC++'s
// format; --verbose adds each device's properties and aspects. When nothing
// is visible it says why (missing driver, ONEAPI_DEVICE_SELECTOR).
#include <sycl/sycl.hpp>
#include <sycl/detail/aspect_names.hpp>

#include "platform_impl.hpp"

#include <cstdio>
#include <cstring>
#include <map>
#include <string>

namespace {

const char *backend_name(sycl::backend b) {
  return b == sycl::backend::ext_oneapi_cuda ? "cuda" : "native_cpu";
}

const char *type_name(const sycl::device &d) {
  return d.is_gpu() ? "gpu" : d.is_cpu() ? "cpu" : "acc";
}

std::string aspect_name(int a) {
  std::string_view name = sycl::detail::aspect_name(a); // the shared table
  return !name.empty() ? std::string(name) : "aspect(" + std::to_string(a) + ")";
}

int usage() {
  std::puts("usage: sycl-ls [--verbose]\n"
            "Lists the SYCL devices usycl can use, as\n"
            "  [backend:type][backend:N] Platform, Device Version [Driver]\n"
            "ONEAPI_DEVICE_SELECTOR filters the list (e.g. cuda:*, *:cpu, !cuda:0).");
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  bool verbose = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--verbose") || !std::strcmp(argv[i], "-v"))
      verbose = true;
    else if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h"))
      return usage();
    else {
      std::fprintf(stderr, "sycl-ls: unknown option '%s' (try --help)\n", argv[i]);
      return 2;
    }
  }

  auto &state = sycl::detail::runtime_state::get();
  if (!state.selector_error().empty()) {
    std::fprintf(stderr, "sycl-ls: %s\n", state.selector_error().c_str());
    return 1;
  }

  std::map<sycl::backend, int> index;
  int shown = 0;
  for (const auto &p : sycl::platform::get_platforms()) {
    for (const auto &d : p.get_devices()) {
      int n = index[p.get_backend()]++;
      std::printf("[%s:%s][%s:%d] %s, %s %s [%s]\n", backend_name(p.get_backend()), type_name(d),
                  backend_name(p.get_backend()), n,
                  p.get_info<sycl::info::platform::name>().c_str(),
                  d.get_info<sycl::info::device::name>().c_str(),
                  d.get_info<sycl::info::device::version>().c_str(),
                  d.get_info<sycl::info::device::driver_version>().c_str());
      ++shown;
      if (!verbose) continue;
      const auto &info = d.impl()->info();
      std::printf("    Vendor              : %s\n", info.vendor.c_str());
      std::printf("    Target              : %s (%s)\n", info.target.c_str(), info.arch.c_str());
      std::printf("    Compute units       : %u\n", info.max_compute_units);
      std::printf("    Max work-group size : %zu\n", info.max_work_group_size);
      std::printf("    Max work-item sizes : %zu x %zu x %zu\n", info.max_work_item_sizes[0],
                  info.max_work_item_sizes[1], info.max_work_item_sizes[2]);
      std::printf("    Global memory       : %llu MiB\n",
                  (unsigned long long)(info.global_mem_size >> 20));
      std::printf("    Local memory        : %llu KiB\n",
                  (unsigned long long)(info.local_mem_size >> 10));
      std::printf("    Sub-group sizes     :");
      for (size_t s : info.sub_group_sizes) std::printf(" %zu", s);
      // The size of launches whose kernel has no reqd_sub_group_size.
      if (info.default_sub_group_size) std::printf(" (default %u)", info.default_sub_group_size);
      std::printf("\n    Aspects             :");
      for (int a : info.aspects) std::printf(" %s", aspect_name(a).c_str());
      std::printf("\n");
    }
  }
  if (verbose || shown == 0)
    for (const auto &note : state.notes()) std::printf("note: %s\n", note.c_str());
  if (shown == 0) {
    std::fprintf(stderr, "sycl-ls: no SYCL device is visible (see the notes above)\n");
    return 1;
  }
  return 0;
}
