#include "cuda_image.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace usycl::rt::cuda {

std::optional<sm_arch> parse_sm_arch(std::string_view text) {
  // Take the last "sm_" in the string so target names parse too.
  size_t pos = text.rfind("sm_");
  if (pos == std::string_view::npos)
    return std::nullopt;
  std::string_view rest = text.substr(pos + 3);
  int sm = 0;
  auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), sm);
  if (ec != std::errc() || end == rest.data() || sm < 10)
    return std::nullopt;
  rest.remove_prefix(static_cast<size_t>(end - rest.data()));
  sm_arch arch{sm, 0};
  if (!rest.empty() && (rest.front() == 'a' || rest.front() == 'f')) {
    arch.suffix = rest.front();
    rest.remove_prefix(1);
  }
  // Anything alphanumeric left means this was not an arch ("sm_90xyz").
  if (!rest.empty() && (std::isalnum(static_cast<unsigned char>(rest.front()))))
    return std::nullopt;
  return arch;
}

namespace {

std::string_view image_text(const usycl_device_image &image, size_t limit) {
  if (!image.begin || !image.end || image.end <= image.begin)
    return {};
  size_t size = static_cast<size_t>(image.end - image.begin);
  return {reinterpret_cast<const char *>(image.begin), std::min(size, limit)};
}

// Value of a PTX directive such as ".target sm_90" in the header of the text.
std::string_view ptx_directive(const usycl_device_image &image,
                               std::string_view directive) {
  std::string_view text = image_text(image, 1 << 16);
  size_t pos = 0;
  while ((pos = text.find(directive, pos)) != std::string_view::npos) {
    bool line_start = pos == 0 || text[pos - 1] == '\n' ||
                      text[pos - 1] == ' ' || text[pos - 1] == '\t';
    size_t value = pos + directive.size();
    if (line_start && value < text.size() &&
        (text[value] == ' ' || text[value] == '\t')) {
      size_t begin = text.find_first_not_of(" \t", value);
      size_t end = text.find_first_of(" \t\r\n,", begin);
      if (begin == std::string_view::npos)
        return {};
      return text.substr(begin, end == std::string_view::npos
                                    ? std::string_view::npos
                                    : end - begin);
    }
    pos = value;
  }
  return {};
}

} // namespace

std::optional<sm_arch> image_arch(const usycl_device_image &image) {
  if (image.arch && *image.arch)
    if (auto a = parse_sm_arch(image.arch))
      return a;
  if (image.target && *image.target)
    if (auto a = parse_sm_arch(image.target))
      return a;
  if (image.format == USYCL_IMAGE_PTX)
    if (auto t = ptx_directive(image, ".target"); !t.empty())
      return parse_sm_arch(t);
  return std::nullopt;
}

std::string ptx_isa_version(const usycl_device_image &image) {
  if (image.format != USYCL_IMAGE_PTX)
    return {};
  return std::string(ptx_directive(image, ".version"));
}

image_fit fit_of(const usycl_device_image &image, sm_arch device) {
  if (image.format != USYCL_IMAGE_PTX && image.format != USYCL_IMAGE_CUBIN)
    return image_fit::incompatible;
  if (!image.begin || !image.end || image.end <= image.begin)
    return image_fit::incompatible;
  std::optional<sm_arch> arch = image_arch(image);
  if (!arch)
    return image.format == USYCL_IMAGE_CUBIN ? image_fit::unknown_cubin
                                             : image_fit::ptx;
  bool same_major = arch->major() == device.major();
  if (arch->suffix == 'a') {
    // Arch-specific code (sm_90a) runs on exactly that architecture.
    if (arch->sm != device.sm)
      return image_fit::incompatible;
    return image.format == USYCL_IMAGE_CUBIN ? image_fit::exact_cubin
                                             : image_fit::ptx;
  }
  if (arch->suffix == 'f') {
    // Family-specific code runs on the same major version, same or later minor.
    if (!same_major || arch->minor() > device.minor())
      return image_fit::incompatible;
    if (image.format == USYCL_IMAGE_PTX)
      return image_fit::ptx;
    return arch->sm == device.sm ? image_fit::exact_cubin
                                 : image_fit::compatible_cubin;
  }
  if (image.format == USYCL_IMAGE_CUBIN) {
    if (arch->sm == device.sm)
      return image_fit::exact_cubin;
    // SASS runs on later minor versions of the same major version.
    if (same_major && arch->minor() < device.minor())
      return image_fit::compatible_cubin;
    return image_fit::incompatible;
  }
  // PTX JIT-compiles for any later architecture.
  return arch->sm <= device.sm ? image_fit::ptx : image_fit::incompatible;
}

std::vector<const usycl_device_image *>
rank_images(const std::vector<const usycl_device_image *> &images,
            sm_arch device) {
  struct entry {
    const usycl_device_image *image;
    image_fit fit;
    int sm;
    size_t order; // registration order breaks ties
  };
  std::vector<entry> entries;
  for (const auto *img : images) {
    if (!img)
      continue;
    image_fit fit = fit_of(*img, device);
    if (fit == image_fit::incompatible)
      continue;
    auto arch = image_arch(*img);
    entries.push_back({img, fit, arch ? arch->sm : 0, entries.size()});
  }
  std::sort(entries.begin(), entries.end(), [](const entry &a, const entry &b) {
    if (a.fit != b.fit)
      return a.fit < b.fit;
    if (a.sm != b.sm)
      return a.sm > b.sm; // newest architecture first
    return a.order < b.order;
  });
  std::vector<const usycl_device_image *> out;
  out.reserve(entries.size());
  for (const auto &e : entries)
    out.push_back(e.image);
  return out;
}

std::string describe_image(const usycl_device_image &image) {
  std::string s;
  switch (image.format) {
  case USYCL_IMAGE_PTX: s = "PTX"; break;
  case USYCL_IMAGE_CUBIN: s = "CUBIN"; break;
  case USYCL_IMAGE_LLVM_BC: s = "LLVM bitcode"; break;
  case USYCL_IMAGE_SPIRV: s = "SPIR-V"; break;
  case USYCL_IMAGE_NONE: s = "requirements-only"; break; // no code
  default: s = "format " + std::to_string(image.format); break;
  }
  if (image.arch && *image.arch) {
    s += ' ';
    s += image.arch;
  } else if (auto a = image_arch(image)) {
    s += " sm_" + std::to_string(a->sm);
    if (a->suffix)
      s += a->suffix;
  }
  if (image.format == USYCL_IMAGE_PTX) {
    std::string isa = ptx_isa_version(image);
    if (!isa.empty())
      s += " (PTX ISA " + isa + ")";
  }
  if (image.target && *image.target && (!image.arch || std::string_view(image.target) != image.arch)) {
    s += " [";
    s += image.target;
    s += ']';
  }
  return s;
}

} // namespace usycl::rt::cuda
