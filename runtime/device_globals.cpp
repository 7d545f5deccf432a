#include "device_globals.hpp"


#include <sycl/detail/defines.hpp>

#include <cstdint>
#include <mutex>
#include <unordered_map>

namespace usycl::rt {
namespace {

struct registry {
  std::mutex lock;
  std::unordered_map<const void *, device_global_info> by_object;
};

registry &the_registry() {
  static registry r; // constructed on the first registration (before main)
  return r;
}

} // namespace

std::optional<device_global_info> find_device_global(const void *host_object) {
  registry &r = the_registry();
  std::lock_guard<std::mutex> guard(r.lock);
  auto it = r.by_object.find(host_object);
  if (it == r.by_object.end())
    return std::nullopt;
  return it->second;
}

std::vector<device_global_info> registered_device_globals() {
  registry &r = the_registry();
  std::lock_guard<std::mutex> guard(r.lock);
  std::vector<device_global_info> all;
  all.reserve(r.by_object.size());
  for (const auto &[object, info] : r.by_object)
    all.push_back(info);
  return all;
}

} // namespace usycl::rt

// Called by the constructor of every host module that defines device_globals.
// An inline variable defined in several units registers once per unit, with
// the same object and symbol.
extern "C" USYCL_EXPORT void __usycl_register_device_global(const void *host_object,
                                                            const char *symbol, uint64_t size) {
  using namespace usycl::rt;
  registry &r = the_registry();
  std::lock_guard<std::mutex> guard(r.lock);
  r.by_object[host_object] = device_global_info{host_object, symbol, static_cast<size_t>(size)};
}
