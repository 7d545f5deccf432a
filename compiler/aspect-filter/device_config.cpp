//===- device_config.cpp - The device configuration file ------------------===//
//
// YAML is read with yaml-cpp. Everything yaml-cpp throws is caught here and
// turned into a "<file>:<line>:<col>: ..." message; nothing escapes the API.
//
//===----------------------------------------------------------------------===//

#include "device_config.hpp"

#include <sycl/detail/aspect_names.hpp>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

namespace usycl::config {
namespace {

namespace sd = sycl::detail;

constexpr std::string_view aspects_key = "aspects";
constexpr std::string_view sub_group_sizes_key = "sub-group-sizes";

// Thrown inside this file only, caught by parse().
struct config_error {
  YAML::Mark mark;
  std::string what;
};

[[noreturn]] void fail(const YAML::Mark &mark, std::string what) {
  throw config_error{mark, std::move(what)};
}

std::string location(std::string_view file, const YAML::Mark &mark) {
  std::string s(file);
  if (mark.is_null() || mark.line < 0)
    return s + ":1:1"; // yaml-cpp has no position: point at the file
  return s + ":" + std::to_string(mark.line + 1) + ":" +
         std::to_string(mark.column + 1);
}

std::string squote(std::string_view s) { return "'" + std::string(s) + "'"; }

// Levenshtein distance, for "did you mean" hints.
size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j)
    row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1,
                         diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

// " (did you mean 'fp64'?)" or "".
std::string suggest_aspect(std::string_view name) {
  name = sd::strip_aspect_prefix(name);
  std::string_view best;
  size_t best_distance = std::numeric_limits<size_t>::max();
  for (const sd::aspect_info &a : sd::aspect_table) {
    size_t d = edit_distance(name, a.name);
    if (d < best_distance) {
      best_distance = d;
      best = a.name;
    }
  }
  if (best.empty() || best_distance > std::max<size_t>(2, name.size() / 3))
    return {};
  return " (did you mean " + squote(best) + "?)";
}

const char *node_kind(const YAML::Node &n) {
  switch (n.Type()) {
  case YAML::NodeType::Null:
    return "nothing";
  case YAML::NodeType::Scalar:
    return "a scalar";
  case YAML::NodeType::Sequence:
    return "a list";
  case YAML::NodeType::Map:
    return "a map";
  default:
    return "an undefined node";
  }
}

// A decimal uint32 ("16"); nullopt for anything else.
std::optional<uint32_t> parse_uint32(std::string_view s) {
  if (s.size() > 1 && s[0] == '+')
    s.remove_prefix(1);
  uint32_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, 10);
  if (ec != std::errc() || end != s.data() + s.size() || s.empty())
    return std::nullopt;
  return v;
}

bool looks_numeric(std::string_view s) {
  return !s.empty() && (std::isdigit(static_cast<unsigned char>(s[0])) ||
                        s[0] == '-' || s[0] == '+');
}

void push_unique(std::vector<uint32_t> &v, uint32_t x) {
  if (std::find(v.begin(), v.end(), x) == v.end())
    v.push_back(x);
}

// A list value (`[a, b]` or a block list); null means an empty list.
void expect_list(const YAML::Node &value, std::string_view target,
                 std::string_view key) {
  if (value.IsNull() || value.IsSequence())
    return;
  fail(value.Mark(), squote(key) + " of target " + squote(target) +
                         " must be a list, found " + node_kind(value) +
                         "; write it as `" + std::string(key) + ": [...]`");
}

std::vector<uint32_t> read_aspects(const YAML::Node &list,
                                   std::string_view target) {
  expect_list(list, target, aspects_key);
  std::vector<uint32_t> out;
  if (list.IsNull())
    return out;
  for (const YAML::Node &item : list) {
    if (!item.IsScalar())
      fail(item.Mark(), "an aspect of target " + squote(target) +
                            " must be a number or an aspect name, found " +
                            node_kind(item));
    const std::string &text = item.Scalar();
    if (looks_numeric(text)) {
      std::optional<uint32_t> v = parse_uint32(text);
      if (!v)
        fail(item.Mark(), "aspect " + squote(text) + " of target " +
                              squote(target) +
                              " is not a valid aspect number; use a "
                              "non-negative sycl::aspect value such as 6 or a "
                              "name such as fp64");
      push_unique(out, *v);
      continue;
    }
    int v = sd::aspect_value(text);
    if (v < 0)
      fail(item.Mark(), "unknown aspect " + squote(text) + " of target " +
                            squote(target) + suggest_aspect(text) +
                            "; use a sycl::aspect enumerator name (fp64, "
                            "atomic64, ext_intel_gpu_pvc, ...) or its number");
    push_unique(out, static_cast<uint32_t>(v));
  }
  return out;
}

std::vector<uint32_t> read_sub_group_sizes(const YAML::Node &list,
                                           std::string_view target) {
  expect_list(list, target, sub_group_sizes_key);
  std::vector<uint32_t> out;
  if (list.IsNull())
    return out;
  for (const YAML::Node &item : list) {
    std::optional<uint32_t> v;
    if (item.IsScalar())
      v = parse_uint32(item.Scalar());
    if (!v || *v == 0)
      fail(item.Mark(),
           "sub-group size " +
               (item.IsScalar() ? squote(item.Scalar()) : std::string(node_kind(item))) +
               " of target " + squote(target) +
               " is not a positive integer; write the sizes as numbers, e.g. "
               "`sub-group-sizes: [8, 16, 32]`");
    push_unique(out, *v);
  }
  return out;
}

target_entry read_entry(const YAML::Node &key, const YAML::Node &value) {
  const std::string &name = key.Scalar();
  if (!value.IsMap())
    fail(value.IsNull() ? key.Mark() : value.Mark(),
         "target " + squote(name) + " must map to `aspects:` and `" +
             std::string(sub_group_sizes_key) + ":` lists, found " +
             node_kind(value));
  target_entry entry;
  entry.name = name;
  YAML::Mark aspects_mark, sizes_mark;
  bool have_aspects = false, have_sizes = false;
  for (auto it = value.begin(); it != value.end(); ++it) {
    // A copy, not a reference: yaml-cpp's iterator_value is a temporary, so
    // a reference to its `first` dangles (found by tests/fuzz/device_config).
    const YAML::Node k = it->first;
    if (!k.IsScalar())
      fail(k.Mark(), "keys under target " + squote(name) +
                         " must be `aspects` or `sub-group-sizes`, found " +
                         node_kind(k));
    const std::string &kname = k.Scalar();
    if (kname == aspects_key) {
      if (have_aspects)
        fail(k.Mark(), "duplicate key 'aspects' under target " + squote(name) +
                           " (first at line " +
                           std::to_string(aspects_mark.line + 1) +
                           "); merge the two lists into one");
      have_aspects = true;
      aspects_mark = k.Mark();
      entry.aspects = read_aspects(it->second, name);
    } else if (kname == sub_group_sizes_key) {
      if (have_sizes)
        fail(k.Mark(), "duplicate key 'sub-group-sizes' under target " +
                           squote(name) + " (first at line " +
                           std::to_string(sizes_mark.line + 1) +
                           "); merge the two lists into one");
      have_sizes = true;
      sizes_mark = k.Mark();
      entry.sub_group_sizes = read_sub_group_sizes(it->second, name);
    } else {
      std::string hint;
      if (edit_distance(kname, sub_group_sizes_key) <= 3)
        hint = " (did you mean 'sub-group-sizes'?)";
      else if (edit_distance(kname, aspects_key) <= 2)
        hint = " (did you mean 'aspects'?)";
      fail(k.Mark(), "unknown key " + squote(kname) + " under target " +
                         squote(name) + hint +
                         "; a target has only `aspects:` and `sub-group-sizes:`");
    }
  }
  if (!have_aspects)
    fail(key.Mark(), "target " + squote(name) +
                         " has no `aspects:` list; add one (it may be empty: "
                         "`aspects: []`)");
  if (!have_sizes)
    fail(key.Mark(), "target " + squote(name) +
                         " has no `sub-group-sizes:` list; add one (e.g. "
                         "`sub-group-sizes: [32]`, or `[]`)");
  return entry;
}

// yaml-cpp 0.7 (Debian 12's) loops forever in YAML::LoadAll, allocating a
// null document per turn, when a document starts with a token no node can
// start with (a leading ',', found by tests/fuzz/device_config): its parser
// returns from the document without consuming that token. Walk the documents
// with the event-level parser first and stop at one that consumed nothing.
class document_starts : public YAML::EventHandler {
public:
  std::vector<YAML::Mark> starts;
  void OnDocumentStart(const YAML::Mark &mark) override { starts.push_back(mark); }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark &, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark &, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark &, const std::string &, YAML::anchor_t,
                const std::string &) override {}
  void OnSequenceStart(const YAML::Mark &, const std::string &, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark &, const std::string &, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}
};

void check_documents_progress(const std::string &text) {
  std::istringstream in(text);
  YAML::Parser parser(in);
  document_starts handler;
  while (parser.HandleNextDocument(handler)) {
    const auto &s = handler.starts;
    if (s.size() >= 2 && s[s.size() - 1].pos == s[s.size() - 2].pos)
      fail(s.back(), "invalid YAML: nothing can start here (a stray ','?); "
                     "the file must be a map from target names to their "
                     "properties (`x86_64:` ...)");
  }
}

// The canonical target name for `name` (itself when it is not a known alias).
std::string_view canonical_name(std::string_view name) {
  const sd::device_target *t = sd::find_target(name);
  return t ? t->canonical() : name;
}

} // namespace

std::optional<device_config> device_config::parse(std::string_view yaml,
                                                  std::string_view file_name,
                                                  std::string &error) {
  error.clear();
  try {
    try {
      const std::string text(yaml);
      check_documents_progress(text);
      std::vector<YAML::Node> docs = YAML::LoadAll(text);
      if (docs.size() > 1)
        fail(docs[1].Mark(),
             "the device configuration file holds " +
                 std::to_string(docs.size()) +
                 " YAML documents; put all targets in one map (remove the "
                 "`---` separators)");
      if (docs.empty() || docs[0].IsNull())
        fail(docs.empty() ? YAML::Mark() : docs[0].Mark(),
             "the device configuration file is empty; expected a map from "
             "target names to `aspects:` and `sub-group-sizes:` lists");
      const YAML::Node &root = docs[0];
      if (!root.IsMap())
        fail(root.Mark(),
             std::string("the device configuration file must be a map from "
                         "target names to their properties (`x86_64:` ...), "
                         "found ") +
                 node_kind(root));
      device_config config;
      std::vector<YAML::Mark> marks;
      for (auto it = root.begin(); it != root.end(); ++it) {
        // A copy: a reference to `it->first` dangles (see read_entry).
        const YAML::Node key = it->first;
        if (!key.IsScalar() || key.Scalar().empty())
          fail(key.Mark(), std::string("a target name must be a non-empty "
                                       "scalar (e.g. `intel_gpu_pvc:`), found ") +
                               node_kind(key));
        const std::string &name = key.Scalar();
        std::string_view canonical = canonical_name(name);
        for (size_t i = 0; i < config.entries_.size(); ++i) {
          const std::string &other = config.entries_[i].name;
          if (other == name)
            fail(key.Mark(), "duplicate target " + squote(name) +
                                 " (first defined at line " +
                                 std::to_string(marks[i].line + 1) +
                                 "); keep only one entry per target");
          if (canonical_name(other) == canonical)
            fail(key.Mark(), "target " + squote(name) + " and target " +
                                 squote(other) + " (line " +
                                 std::to_string(marks[i].line + 1) +
                                 ") name the same device " + squote(canonical) +
                                 "; keep only one of them");
        }
        config.entries_.push_back(read_entry(key, it->second));
        marks.push_back(key.Mark());
      }
      return config;
    } catch (const config_error &e) {
      error = location(file_name, e.mark) + ": " + e.what;
    } catch (const YAML::Exception &e) {
      // e.msg is yaml-cpp's text without its own "line, column" prefix.
      error = location(file_name, e.mark) + ": invalid YAML: " + e.msg;
    } catch (const std::exception &e) {
      error = std::string(file_name) + ": cannot parse the device "
                                       "configuration file: " + e.what();
    }
  } catch (...) {
    // Building the message itself failed (out of memory).
    try {
      error = "cannot parse the device configuration file";
    } catch (...) {
    }
  }
  return std::nullopt;
}

std::optional<device_config> device_config::load(const std::string &path,
                                                 std::string &error) {
  try {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      int err = errno;
      error = path + ": cannot read the device configuration file: " +
              (err ? std::strerror(err) : "cannot open it") +
              "; pass an existing file (-fsycl-device-config-file=<path>, "
              "USYCL_DEVICE_CONFIG_FILE)";
      return std::nullopt;
    }
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) {
      error = path + ": cannot read the device configuration file: read error";
      return std::nullopt;
    }
    return parse(text.str(), path, error);
  } catch (...) {
    try {
      error = path + ": cannot read the device configuration file";
    } catch (...) {
    }
    return std::nullopt;
  }
}

const target_entry *device_config::find(std::string_view target) const {
  for (const target_entry &e : entries_)
    if (e.name == target)
      return &e;
  std::string_view canonical = canonical_name(target);
  for (const target_entry &e : entries_)
    if (canonical_name(e.name) == canonical)
      return &e;
  return nullptr;
}

std::string default_config_path(const std::string &bin_or_lib_dir) {
  try {
    namespace fs = std::filesystem;
    fs::path dir = bin_or_lib_dir.empty() ? fs::path(".") : fs::path(bin_or_lib_dir);
    fs::path prefix = (dir / "..").lexically_normal();
    return (prefix / "share" / "usycl" / "device-config.yaml").string();
  } catch (...) {
    return {};
  }
}

} // namespace usycl::config
