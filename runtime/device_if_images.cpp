#include "device_if_images.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace usycl::rt {

namespace {
constexpr std::string_view device_if_set = "usycl/device_if";

// Reads a uint32-array property; false when it is not one.
bool read_u32s(const usycl_property &p, std::vector<uint32_t> &out) {
  if (p.type != USYCL_PROPERTY_BYTE_ARRAY || p.size % 4 || (p.size && !p.value)) return false;
  out.resize(p.size / 4);
  const auto *bytes = static_cast<const unsigned char *>(p.value);
  for (size_t i = 0; i < out.size(); ++i)
    out[i] = uint32_t(bytes[4 * i]) | uint32_t(bytes[4 * i + 1]) << 8 |
             uint32_t(bytes[4 * i + 2]) << 16 | uint32_t(bytes[4 * i + 3]) << 24;
  return true;
}
} // namespace

bool device_if_matches(const usycl_device_image &image, const std::vector<int> &aspects) {
  for (const usycl_property_set *s = image.properties_begin; s && s != image.properties_end; ++s) {
    if (!s->name || device_if_set != s->name) continue;
    for (const usycl_property *p = s->begin; p && p != s->end; ++p) {
      if (!p->name) return false;
      std::string_view name = p->name;
      bool want = name == "has";
      if (!want && name != "lacks") continue;
      std::vector<uint32_t> list;
      if (!read_u32s(*p, list)) return false;
      for (uint32_t a : list) {
        bool has = std::find(aspects.begin(), aspects.end(), static_cast<int>(a)) != aspects.end();
        if (has != want) return false;
      }
    }
  }
  return true;
}

} // namespace usycl::rt
