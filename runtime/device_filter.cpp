#include "device_filter.hpp"

#include <algorithm>
#include <charconv>

namespace usycl::rt {
namespace {

constexpr std::string_view known_backends[] = {"level_zero", "opencl", "cuda",
                                               "hip",        "native_cpu", "*"};

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::string lower(std::string_view s) {
  std::string r(s);
  std::transform(r.begin(), r.end(), r.begin(), [](unsigned char c) { return std::tolower(c); });
  return r;
}

bool parse_device(std::string_view text, filter_term::device_spec &spec) {
  std::string t = lower(trim(text));
  if (t == "*") return true;
  if (t == "cpu") { spec.type = filter_device_type::cpu; return true; }
  if (t == "gpu") { spec.type = filter_device_type::gpu; return true; }
  if (t == "fpga") { spec.type = filter_device_type::fpga; return true; }
  // index or index.subdevice (sub-devices are not partitioned: use the root)
  std::string_view idx = t;
  if (auto dot = idx.find('.'); dot != std::string_view::npos) {
    std::string_view sub = idx.substr(dot + 1);
    idx = idx.substr(0, dot);
    if (sub != "*") {
      unsigned s;
      auto [p, ec] = std::from_chars(sub.data(), sub.data() + sub.size(), s);
      if (ec != std::errc() || p != sub.data() + sub.size()) return false;
    }
  }
  unsigned v;
  auto [p, ec] = std::from_chars(idx.data(), idx.data() + idx.size(), v);
  if (idx.empty() || ec != std::errc() || p != idx.data() + idx.size()) return false;
  spec.index = v;
  return true;
}

} // namespace

std::optional<device_filter> parse_device_filter(std::string_view text, std::string &error) {
  device_filter filter;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(';', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view raw = trim(text.substr(start, end - start));
    start = end + 1;
    if (raw.empty()) {
      if (end == text.size()) break;
      continue;
    }
    filter_term term;
    if (raw.front() == '!') {
      term.negative = true;
      raw = trim(raw.substr(1));
    }
    size_t colon = raw.find(':');
    if (colon == std::string_view::npos) {
      error = "ONEAPI_DEVICE_SELECTOR: term '" + std::string(raw) +
              "' has no ':'; write <backend>:<devices>, e.g. cuda:0 or *:cpu";
      return std::nullopt;
    }
    term.backend = lower(trim(raw.substr(0, colon)));
    if (std::find(std::begin(known_backends), std::end(known_backends), term.backend) ==
        std::end(known_backends)) {
      error = "ONEAPI_DEVICE_SELECTOR: unknown backend '" + term.backend +
              "'; use one of level_zero, opencl, cuda, hip, native_cpu or *";
      return std::nullopt;
    }
    std::string_view devs = raw.substr(colon + 1);
    if (trim(devs).empty()) {
      error = "ONEAPI_DEVICE_SELECTOR: term '" + std::string(raw) +
              "' names no device; use * for all, cpu, gpu, fpga or an index";
      return std::nullopt;
    }
    size_t ds = 0;
    while (ds <= devs.size()) {
      size_t de = devs.find(',', ds);
      if (de == std::string_view::npos) de = devs.size();
      filter_term::device_spec spec;
      std::string_view d = devs.substr(ds, de - ds);
      if (!parse_device(d, spec)) {
        error = "ONEAPI_DEVICE_SELECTOR: '" + std::string(trim(d)) + "' in term '" +
                std::string(raw) + "' is not a device; use *, cpu, gpu, fpga or an index like 0";
        return std::nullopt;
      }
      term.devices.push_back(spec);
      ds = de + 1;
    }
    filter.terms.push_back(std::move(term));
  }
  if (filter.terms.empty()) {
    error = "ONEAPI_DEVICE_SELECTOR is set but empty; unset it or write e.g. *:*";
    return std::nullopt;
  }
  return filter;
}

bool device_filter::accepts(std::string_view backend, filter_device_type type,
                            unsigned index) const {
  auto matches = [&](const filter_term &t) {
    if (t.backend != "*" && t.backend != backend) return false;
    for (const auto &d : t.devices) {
      if (d.index) {
        if (*d.index == index) return true;
      } else if (d.type == filter_device_type::any || d.type == type) {
        return true;
      }
    }
    return false;
  };
  bool any_positive = std::any_of(terms.begin(), terms.end(), [](auto &t) { return !t.negative; });
  bool selected = !any_positive;
  for (const auto &t : terms)
    if (!t.negative && matches(t)) selected = true;
  for (const auto &t : terms)
    if (t.negative && matches(t)) selected = false;
  return selected;
}

std::vector<std::string>
device_filter::absent_backends(const std::vector<std::string_view> &present) const {
  std::vector<std::string> absent;
  for (const auto &t : terms) {
    if (t.negative || t.backend == "*" ||
        std::find(present.begin(), present.end(), t.backend) != present.end() ||
        std::find(absent.begin(), absent.end(), t.backend) != absent.end())
      continue;
    absent.push_back(t.backend);
  }
  return absent;
}

} // namespace usycl::rt
