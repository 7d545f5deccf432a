#include "requirements.hpp"
#include "trace.hpp"

#include <sycl/detail/aspect_names.hpp>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace usycl::rt {

namespace {

// Reads a list of little-endian uint32 from a property.
bool read_u32_list(const usycl_property &p, std::vector<uint32_t> &out, std::string &error) {
  out.clear();
  if (p.type == USYCL_PROPERTY_UINT32) {
    out.push_back(static_cast<uint32_t>(p.size));
    return true;
  }
  if (p.type != USYCL_PROPERTY_BYTE_ARRAY) {
    error = "property '" + std::string(p.name) + "' has type " + std::to_string(p.type) +
            " (expected 2, a byte array)";
    return false;
  }
  if (p.size % 4 != 0) {
    error = "property '" + std::string(p.name) + "' holds " + std::to_string(p.size) +
            " bytes, not a whole number of uint32 values";
    return false;
  }
  if (p.size != 0 && !p.value) {
    error = "property '" + std::string(p.name) + "' has " + std::to_string(p.size) +
            " bytes but no value";
    return false;
  }
  const auto *bytes = static_cast<const unsigned char *>(p.value);
  out.reserve(p.size / 4);
  for (uint64_t i = 0; i < p.size; i += 4)
    out.push_back(uint32_t(bytes[i]) | uint32_t(bytes[i + 1]) << 8 |
                  uint32_t(bytes[i + 2]) << 16 | uint32_t(bytes[i + 3]) << 24);
  return true;
}

bool contains(const std::vector<int> &v, uint32_t x) {
  return std::find(v.begin(), v.end(), static_cast<int>(x)) != v.end();
}

} // namespace

std::optional<image_requirements> decode_requirements(const usycl_property_set &set,
                                                      std::string &error) {
  image_requirements req;
  std::vector<uint32_t> values;
  if ((set.begin == nullptr) != (set.end == nullptr) || set.end < set.begin) {
    error = "the property list of set '" + std::string(set.name ? set.name : "") +
            "' is malformed";
    return std::nullopt;
  }
  for (const usycl_property *p = set.begin; p != set.end; ++p) {
    if (!p->name) continue;
    std::string_view name = p->name;
    if (name != "aspect" && name != "reqd_sub_group_size" && name != "reqd_work_group_size" &&
        name != "fixed_target")
      continue; // a property a newer compiler added
    if (!read_u32_list(*p, values, error)) return std::nullopt;
    if (name == "aspect") {
      req.aspects = values;
    } else if (name == "reqd_sub_group_size") {
      req.sub_group_sizes = values;
    } else if (name == "fixed_target") {
      req.has_fixed_target = true;
      req.fixed_targets = values;
    } else { // reqd_work_group_size: <dims> <d0> ... repeated
      for (size_t i = 0; i < values.size();) {
        uint32_t dims = values[i];
        if (dims < 1 || dims > 3) {
          error = "property 'reqd_work_group_size' has an entry of " + std::to_string(dims) +
                  " dimensions (expected 1, 2 or 3)";
          return std::nullopt;
        }
        if (i + 1 + dims > values.size()) {
          error = "property 'reqd_work_group_size' ends inside an entry of " +
                  std::to_string(dims) + " dimensions";
          return std::nullopt;
        }
        req.work_group_sizes.emplace_back(values.begin() + i + 1, values.begin() + i + 1 + dims);
        i += 1 + dims;
      }
    }
  }
  return req;
}

std::string aspect_display_name(uint32_t value) {
  std::string_view name = sycl::detail::aspect_name(static_cast<int>(value));
  if (name.empty()) return "aspect::" + std::to_string(value);
  return "aspect::" + std::string(name);
}

std::string fixed_target_names(const std::vector<uint32_t> &aspects) {
  std::string names;
  for (uint32_t a : aspects) {
    if (!names.empty()) names += ",";
    if (const auto *t = sycl::detail::target_for_aspect(static_cast<int>(a)))
      names += std::string(t->name);
    else
      names += "<identity aspect " + std::to_string(a) + ">";
  }
  return names;
}

std::optional<requirement_failure> check_requirements(const image_requirements &req,
                                                      const device_info &device) {
  using sycl::errc;
  if (req.has_fixed_target &&
      std::none_of(req.fixed_targets.begin(), req.fixed_targets.end(),
                   [&](uint32_t t) { return contains(device.aspects, t); }))
    return requirement_failure{errc::kernel_not_supported,
                               "Kernel was compiled with '-fsycl-fixed-targets=" +
                                   fixed_target_names(req.fixed_targets) +
                                   "' but was submitted to a different device."};
  for (uint32_t a : req.aspects)
    if (!contains(device.aspects, a))
      return requirement_failure{errc::kernel_not_supported,
                                 "Kernel uses optional feature corresponding to '" +
                                     aspect_display_name(a) +
                                     "' but device does not support this aspect."};
  for (uint32_t s : req.sub_group_sizes)
    if (std::find(device.sub_group_sizes.begin(), device.sub_group_sizes.end(), size_t(s)) ==
        device.sub_group_sizes.end())
      return requirement_failure{errc::kernel_not_supported,
                                 "Kernel has a required sub-group size of '" + std::to_string(s) +
                                     "' but device does not support this sub-group size."};
  for (const auto &wg : req.work_group_sizes) {
    // Up to three uint32 factors: the product needs 96 bits. In 64 bits a 3-D
    // size of saturated values (reqd_work_group_size(SIZE_MAX, ...), stored as
    // UINT32_MAX) wrapped to 12884901887 in the message.
    unsigned __int128 total = 1;
    for (uint32_t d : wg) total *= d;
    std::string total_text;
    for (unsigned __int128 t = total; t != 0 || total_text.empty(); t /= 10)
      total_text.insert(total_text.begin(), static_cast<char>('0' + static_cast<int>(t % 10)));
    std::string sizes = brace_list(wg.data(), wg.size());
    if (total > device.max_work_group_size)
      return requirement_failure{
          errc::kernel_not_supported,
          "Kernel has a required work-group size of '" + sizes + "' (" + total_text +
              " work-items) but device supports at most " +
              std::to_string(device.max_work_group_size) + " work-items per work-group."};
    for (size_t d = 0; d < wg.size(); ++d) {
      // max_work_item_sizes is stored for 3 dimensions; an N-dimensional
      // range uses its last N entries.
      size_t limit = device.max_work_item_sizes[3 - wg.size() + d];
      if (limit != 0 && wg[d] > limit)
        return requirement_failure{
            errc::kernel_not_supported,
            "Kernel has a required work-group size of '" + sizes + "' but device supports at most " +
                std::to_string(limit) + " work-items in dimension " + std::to_string(d) + "."};
    }
  }
  return std::nullopt;
}

uint32_t default_sub_group_size(const device_info &device) {
  if (device.default_sub_group_size) return device.default_sub_group_size;
  if (device.sub_group_sizes.empty()) return 1;
  return static_cast<uint32_t>(
      *std::max_element(device.sub_group_sizes.begin(), device.sub_group_sizes.end()));
}

std::optional<std::string> check_local_range(const std::vector<uint32_t> &required,
                                             uint32_t dims, const uint64_t *local) {
  bool same = required.size() == dims;
  for (uint32_t d = 0; same && d < dims; ++d) same = required[d] == local[d];
  if (same) return std::nullopt;
  std::string msg = "Kernel has a required work-group size of '" +
                    brace_list(required.data(), required.size()) +
                    "' but was launched with an nd_range whose local range is '" +
                    brace_list(local, dims) + "'";
  if (required.size() != dims)
    msg += " (" + std::to_string(required.size()) + " dimension" +
           (required.size() == 1 ? "" : "s") + " required, " + std::to_string(dims) + " given)";
  return msg + "; the local range must equal the required work-group size.";
}

std::string demangle_kernel_name(std::string_view symbol) {
  return trace::kernel_name(std::string(symbol).c_str());
}

std::string kernel_device_suffix(std::string_view kernel_symbol, std::string_view device_name) {
  return " (kernel '" + demangle_kernel_name(kernel_symbol) + "', device '" +
         std::string(device_name) + "')";
}

} // namespace usycl::rt
