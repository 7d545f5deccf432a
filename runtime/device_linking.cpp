#include "device_linking.hpp"

#include "image_registry.hpp"

#include <cstring>
#include <deque>
#include <set>

namespace usycl::rt {

std::vector<std::string_view> image_symbols(const usycl_device_image &image,
                                            std::string_view set_name) {
  std::vector<std::string_view> symbols;
  if (const usycl_property_set *set = find_property_set(image, set_name))
    for (const usycl_property *p = set->begin; p != set->end; ++p)
      if (p->name && *p->name)
        symbols.emplace_back(p->name);
  return symbols;
}

std::vector<std::string> kernel_imports(const usycl_device_image &image, std::string_view kernel) {
  std::vector<std::string> symbols;
  const usycl_property_set *per_kernel = find_property_set(image, kernel_imports_set_name);
  if (!per_kernel || kernel.empty()) {
    for (std::string_view s : image_symbols(image, imported_symbols_set_name))
      symbols.emplace_back(s);
    return symbols;
  }
  for (const usycl_property *p = per_kernel->begin; p != per_kernel->end; ++p) {
    if (!p->name || kernel != p->name || p->type != USYCL_PROPERTY_BYTE_ARRAY || !p->value)
      continue;
    // NUL-terminated names; a last one without its NUL still counts.
    std::string_view bytes(static_cast<const char *>(p->value), p->size);
    while (!bytes.empty()) {
      size_t end = bytes.find('\0');
      std::string_view name = bytes.substr(0, end);
      if (!name.empty()) symbols.emplace_back(name);
      if (end == std::string_view::npos) break;
      bytes.remove_prefix(end + 1);
    }
  }
  return symbols;
}

namespace {

std::string function_label(std::string_view symbol) {
  return "SYCL_EXTERNAL function '" + demangle_kernel_name(symbol) + "'";
}

// "Kernel uses optional feature ..." -> "that function uses optional
// feature ...": the requirement texts speak of the kernel, the failure is
// the imported function's.
std::string about_function(std::string message) {
  constexpr std::string_view kernel = "Kernel ";
  if (message.starts_with(kernel))
    message.replace(0, kernel.size(), "that function ");
  return message;
}

} // namespace

import_resolution
resolve_imports(const std::vector<const usycl_device_image *> &roots, std::string_view kernel,
                const std::function<bool(const usycl_device_image &)> &usable,
                const device_info *device, std::string_view device_target) {
  import_resolution result;
  std::deque<std::string> pending;
  std::set<std::string, std::less<>> seen;
  std::set<const usycl_device_image *> linked(roots.begin(), roots.end());
  auto add = [&](std::string_view s) {
    if (seen.emplace(s).second) pending.emplace_back(s);
  };
  auto add_imports_of = [&](const usycl_device_image &image) {
    for (std::string_view s : image_symbols(image, imported_symbols_set_name)) add(s);
  };
  for (const usycl_device_image *root : roots)
    for (const std::string &s : kernel_imports(*root, kernel)) add(s);

  auto &registry = image_registry::instance();
  while (!pending.empty()) {
    const std::string symbol = std::move(pending.front());
    pending.pop_front();
    std::vector<const usycl_device_image *> exporters;
    registry.for_each([&](const usycl_device_image &img) {
      for (std::string_view s : image_symbols(img, exported_symbols_set_name))
        if (s == symbol) {
          exporters.push_back(&img);
          break;
        }
    });
    // An image already taken that exports it (one library image exporting
    // several functions the kernel calls) serves every one.
    bool done = false;
    for (const usycl_device_image *img : exporters)
      if (linked.count(img) && usable(*img)) done = true;
    if (done) continue;

    const usycl_device_image *chosen = nullptr;
    std::optional<requirement_failure> first_failure;
    auto judge = [&](const usycl_device_image &img) -> bool {
      if (!device) return true;
      const usycl_property_set *set = find_property_set(img, device_requirements_set_name);
      if (!set) return true;
      std::string error;
      std::optional<image_requirements> req = decode_requirements(*set, error);
      if (!req) {
        if (!first_failure)
          first_failure = requirement_failure{
              sycl::errc::runtime, "Malformed 'SYCL/device requirements' property set in the "
                                   "image that exports " + function_label(symbol) + ": " + error +
                                   "; rebuild the shared library with this usycl++."};
        return false;
      }
      if (auto failure = check_requirements(*req, *device)) {
        if (!first_failure) first_failure = std::move(failure);
        return false;
      }
      return true;
    };
    for (const usycl_device_image *img : exporters)
      if (usable(*img) && judge(*img)) {
        chosen = img;
        break;
      }
    if (chosen) {
      if (linked.insert(chosen).second) {
        result.images.push_back(chosen);
        add_imports_of(*chosen);
      }
      continue;
    }

    if (first_failure) { // some usable exporter, none meets the device
      first_failure->message = "Kernel calls " + function_label(symbol) +
                               " of a shared library, and " +
                               about_function(std::move(first_failure->message));
      result.failure = std::move(first_failure);
      return result;
    }
    if (exporters.empty()) {
      result.failure = requirement_failure{
          sycl::errc::build,
          "Kernel calls " + function_label(symbol) +
              ", which no device image of the program or of its loaded shared libraries "
              "exports; link the program against the shared library (built with usycl++ "
              "-shared) that defines it, and do not unload that library while the kernel "
              "can run."};
      return result;
    }
    // Exported only for other targets: the code-less requirements images of
    // this target (the aspect filter left the function out) say why.
    std::string targets;
    for (const usycl_device_image *img : exporters) {
      std::string t = img->target ? img->target : "?";
      if (img->format == USYCL_IMAGE_NONE && t == device_target) {
        judge(*img); // records why, if it fails
        continue;
      }
      if (targets.find("'" + t + "'") == std::string::npos)
        targets += (targets.empty() ? "'" : ", '") + t + "'";
    }
    if (first_failure) {
      first_failure->message = "Kernel calls " + function_label(symbol) +
                               " of a shared library, and " +
                               about_function(std::move(first_failure->message));
      result.failure = std::move(first_failure);
      return result;
    }
    result.failure = requirement_failure{
        sycl::errc::kernel_not_supported,
        "Kernel calls " + function_label(symbol) +
            ", which the shared library exports only for " + targets +
            ", not for this device's target '" + std::string(device_target) +
            "'; build the library with -fsycl-targets=" + std::string(device_target) + "."};
    return result;
  }
  return result;
}

} // namespace usycl::rt
