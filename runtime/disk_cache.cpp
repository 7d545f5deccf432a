#include "disk_cache.hpp"

#include "trace.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <random>
#include <sys/stat.h>
#include <unistd.h>

namespace usycl::rt {

// ---- SHA-256 (FIPS 180-4) -------------------------------------------------------
// Keys must not collide for different inputs (stale code would run), and the
// runtime links no crypto library, so the hash is here.
namespace {

constexpr uint32_t sha_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
    0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
    0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
    0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
    0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
    0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
    0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
    0xc67178f2};

class sha256_state {
public:
  void update(const void *data, size_t size) {
    auto *p = static_cast<const unsigned char *>(data);
    total_ += size;
    while (size) {
      size_t n = std::min(size, sizeof block_ - used_);
      std::memcpy(block_ + used_, p, n);
      used_ += n;
      p += n;
      size -= n;
      if (used_ == sizeof block_) {
        compress(block_);
        used_ = 0;
      }
    }
  }
  sha256_digest finish() {
    uint64_t bits = total_ * 8;
    unsigned char pad = 0x80;
    update(&pad, 1);
    unsigned char zero = 0;
    while (used_ != 56)
      update(&zero, 1);
    unsigned char length[8];
    for (int i = 0; i < 8; ++i)
      length[i] = static_cast<unsigned char>(bits >> (56 - 8 * i));
    update(length, 8);
    sha256_digest out;
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 4; ++j)
        out[4 * i + j] = static_cast<unsigned char>(h_[i] >> (24 - 8 * j));
    return out;
  }

private:
  static uint32_t rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }
  void compress(const unsigned char *b) {
    uint32_t w[64];
    for (int i = 0; i < 16; ++i)
      w[i] = uint32_t(b[4 * i]) << 24 | uint32_t(b[4 * i + 1]) << 16 | uint32_t(b[4 * i + 2]) << 8 |
             uint32_t(b[4 * i + 3]);
    for (int i = 16; i < 64; ++i) {
      uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
      uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = h_[0], b2 = h_[1], c = h_[2], d = h_[3], e = h_[4], f = h_[5], g = h_[6],
             h = h_[7];
    for (int i = 0; i < 64; ++i) {
      uint32_t s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      uint32_t ch = (e & f) ^ (~e & g);
      uint32_t t1 = h + s1 + ch + sha_k[i] + w[i];
      uint32_t s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      uint32_t maj = (a & b2) ^ (a & c) ^ (b2 & c);
      uint32_t t2 = s0 + maj;
      h = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b2;
      b2 = a;
      a = t1 + t2;
    }
    h_[0] += a;
    h_[1] += b2;
    h_[2] += c;
    h_[3] += d;
    h_[4] += e;
    h_[5] += f;
    h_[6] += g;
    h_[7] += h;
  }

  uint32_t h_[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  unsigned char block_[64];
  size_t used_ = 0;
  uint64_t total_ = 0;
};

std::string hex(const unsigned char *p, size_t n) {
  static const char digits[] = "0123456789abcdef";
  std::string s(2 * n, '0');
  for (size_t i = 0; i < n; ++i) {
    s[2 * i] = digits[p[i] >> 4];
    s[2 * i + 1] = digits[p[i] & 15];
  }
  return s;
}

} // namespace

sha256_digest sha256(const void *data, size_t size) {
  sha256_state s;
  s.update(data, size);
  return s.finish();
}

// ---- entry format ---------------------------------------------------------------
namespace {

constexpr char entry_magic[8] = {'U', 'S', 'Y', 'C', 'L', 'D', 'C', '\n'};
constexpr uint32_t entry_version = 1;
constexpr std::string_view entry_suffix = ".bin";
constexpr std::string_view temp_prefix = ".tmp-";
// Temporary files of writers that died are removed after this long.
constexpr auto stale_temp_age = std::chrono::minutes(10);

struct entry_header {
  char magic[8];
  uint32_t version;
  uint32_t reserved;
  uint64_t payload_size;
  unsigned char key_digest[32];
  unsigned char payload_digest[32];
};
static_assert(sizeof(entry_header) == 88);

bool is_entry_name(std::string_view name) {
  return name.size() == 64 + entry_suffix.size() && name.ends_with(entry_suffix) &&
         std::all_of(name.begin(), name.begin() + 64,
                     [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

bool is_valid_key(const std::string &key) { return is_entry_name(key + std::string(entry_suffix)); }

// Moves exactly `size` bytes with read(2) or write(2), through short
// transfers and EINTR; false on error or early end of file.
template <typename Byte, typename Io>
bool transfer_all(int fd, Byte *p, size_t size, Io io) {
  while (size) {
    ssize_t n = io(fd, p, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    p += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

bool read_all(int fd, void *data, size_t size) {
  return transfer_all(fd, static_cast<unsigned char *>(data), size, ::read);
}

bool write_all(int fd, const void *data, size_t size) {
  return transfer_all(fd, static_cast<const unsigned char *>(data), size, ::write);
}

// mkdir -p with mode 0700 (cached code is the user's business only).
bool make_directories(const std::string &path) {
  struct stat st;
  if (::stat(path.c_str(), &st) == 0)
    return S_ISDIR(st.st_mode);
  size_t slash = path.find_last_of('/');
  if (slash != std::string::npos && slash > 0 && !make_directories(path.substr(0, slash)))
    return false;
  return ::mkdir(path.c_str(), 0700) == 0 || errno == EEXIST;
}

struct fd_closer {
  int fd;
  ~fd_closer() {
    if (fd >= 0)
      ::close(fd);
  }
};

} // namespace

// ---- disk_cache -----------------------------------------------------------------

disk_cache::disk_cache(std::string directory, uint64_t max_bytes)
    : enabled_(true), directory_(std::move(directory)), max_bytes_(max_bytes) {
  while (directory_.size() > 1 && directory_.back() == '/')
    directory_.pop_back();
}

disk_cache disk_cache::disabled(std::string why) {
  disk_cache c;
  c.why_ = std::move(why);
  return c;
}

std::optional<uint64_t> parse_cache_size(std::string_view text) {
  if (text.empty())
    return std::nullopt;
  uint64_t value = 0;
  size_t i = 0;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
    if (value > (UINT64_MAX - 9) / 10)
      return std::nullopt;
    value = value * 10 + uint64_t(text[i] - '0');
  }
  if (i == 0)
    return std::nullopt;
  std::string_view suffix = text.substr(i);
  int shift = 0;
  if (suffix.empty())
    shift = 0;
  else if (suffix == "K" || suffix == "k")
    shift = 10;
  else if (suffix == "M" || suffix == "m")
    shift = 20;
  else if (suffix == "G" || suffix == "g")
    shift = 30;
  else
    return std::nullopt;
  if (shift && value > (UINT64_MAX >> shift))
    return std::nullopt;
  return value << shift;
}

disk_cache disk_cache::from_environment() {
  if (const char *off = std::getenv("USYCL_CACHE_DISABLE"); off && *off && std::strcmp(off, "0"))
    return disabled("USYCL_CACHE_DISABLE is set");
  uint64_t max_bytes = default_max_bytes;
  if (const char *size = std::getenv("USYCL_CACHE_MAX_SIZE"); size && *size) {
    std::optional<uint64_t> parsed = parse_cache_size(size);
    if (!parsed)
      return disabled(std::string("USYCL_CACHE_MAX_SIZE='") + size +
                      "' is not a size (bytes, or a number with K, M or G); fix or unset it");
    max_bytes = *parsed;
  }
  std::string dir;
  if (const char *d = std::getenv("USYCL_CACHE_DIR"); d && *d)
    dir = d;
  else if (const char *x = std::getenv("XDG_CACHE_HOME"); x && *x == '/')
    dir = std::string(x) + "/usycl";
  else if (const char *h = std::getenv("HOME"); h && *h)
    dir = std::string(h) + "/.cache/usycl";
  else
    return disabled("no cache directory: set USYCL_CACHE_DIR (neither XDG_CACHE_HOME nor HOME "
                    "is set)");
  return disk_cache(std::move(dir), max_bytes);
}

std::string disk_cache::make_key(std::initializer_list<std::string_view> parts) {
  sha256_state s;
  for (std::string_view part : parts) {
    uint64_t n = part.size();
    unsigned char length[8];
    for (int i = 0; i < 8; ++i)
      length[i] = static_cast<unsigned char>(n >> (8 * i));
    s.update(length, sizeof length);
    s.update(part.data(), part.size());
  }
  sha256_digest d = s.finish();
  return hex(d.data(), d.size());
}

std::string disk_cache::entry_path(const std::string &key) const {
  return directory_ + "/" + key + std::string(entry_suffix);
}

std::optional<std::vector<unsigned char>> disk_cache::load(const std::string &key) const {
  if (!enabled_ || !is_valid_key(key))
    return std::nullopt;
  std::string path = entry_path(key);
  fd_closer f{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
  if (f.fd < 0)
    return std::nullopt; // a plain miss
  // Anything wrong from here on is a damaged entry: remove it so the next
  // store replaces it (another process's rename may already have: then the
  // unlink removes a good entry, which only costs one more JIT).
  auto discard = [&](const char *what) -> std::optional<std::vector<unsigned char>> {
    USYCL_TRACE_IF(basic, "cache", "discarding corrupted entry %s (%s)", path.c_str(), what);
    ::unlink(path.c_str());
    return std::nullopt;
  };
  struct stat st;
  if (::fstat(f.fd, &st) != 0)
    return std::nullopt;
  entry_header h;
  if (static_cast<uint64_t>(st.st_size) < sizeof h || !read_all(f.fd, &h, sizeof h))
    return discard("shorter than its header");
  if (std::memcmp(h.magic, entry_magic, sizeof h.magic) != 0)
    return discard("bad magic");
  if (h.version != entry_version)
    return discard("other format version");
  sha256_digest key_digest = sha256(key.data(), key.size());
  if (std::memcmp(h.key_digest, key_digest.data(), key_digest.size()) != 0)
    return discard("written for another key");
  if (h.payload_size != static_cast<uint64_t>(st.st_size) - sizeof h)
    return discard("length does not match the header");
  std::vector<unsigned char> payload(h.payload_size);
  if (!read_all(f.fd, payload.data(), payload.size()))
    return discard("unreadable payload");
  sha256_digest payload_digest = sha256(payload.data(), payload.size());
  if (std::memcmp(h.payload_digest, payload_digest.data(), payload_digest.size()) != 0)
    return discard("checksum mismatch");
  // Touch it: eviction removes the least recently used entries first.
  ::futimens(f.fd, nullptr);
  return payload;
}

bool disk_cache::store(const std::string &key, const void *data, size_t size) const {
  if (!enabled_ || !is_valid_key(key))
    return false;
  if (sizeof(entry_header) + size > max_bytes_) {
    USYCL_TRACE_IF(basic, "cache", "not storing %zu bytes: larger than USYCL_CACHE_MAX_SIZE (%llu)",
                   size, static_cast<unsigned long long>(max_bytes_));
    return false;
  }
  if (!make_directories(directory_)) {
    USYCL_TRACE_IF(basic, "cache", "cannot create the cache directory %s: %s", directory_.c_str(),
                   std::strerror(errno));
    return false;
  }
  // A name no other writer uses: pid plus random bits (threads of one
  // process may store the same key at once).
  std::random_device rd;
  std::string temp = directory_ + "/" + std::string(temp_prefix) + key.substr(0, 16) + "-" +
                     std::to_string(::getpid()) + "-" + std::to_string(rd());
  entry_header h{};
  std::memcpy(h.magic, entry_magic, sizeof h.magic);
  h.version = entry_version;
  h.payload_size = size;
  sha256_digest key_digest = sha256(key.data(), key.size());
  std::memcpy(h.key_digest, key_digest.data(), key_digest.size());
  sha256_digest payload_digest = sha256(data, size);
  std::memcpy(h.payload_digest, payload_digest.data(), payload_digest.size());
  {
    fd_closer f{::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600)};
    if (f.fd < 0) {
      USYCL_TRACE_IF(basic, "cache", "cannot write %s: %s", temp.c_str(), std::strerror(errno));
      return false;
    }
    if (!write_all(f.fd, &h, sizeof h) || !write_all(f.fd, data, size)) {
      USYCL_TRACE_IF(basic, "cache", "cannot write %s: %s", temp.c_str(), std::strerror(errno));
      ::unlink(temp.c_str());
      return false;
    }
  }
  // rename() replaces atomically: readers see the old entry or the new one.
  if (::rename(temp.c_str(), entry_path(key).c_str()) != 0) {
    USYCL_TRACE_IF(basic, "cache", "cannot rename %s into place: %s", temp.c_str(),
                   std::strerror(errno));
    ::unlink(temp.c_str());
    return false;
  }
  evict();
  return true;
}

namespace {
struct entry_info {
  std::string path;
  uint64_t bytes;
  struct timespec mtime;
};

// Entries (and stale temporary files, which are removed) of `dir`.
std::vector<entry_info> list_entries(const std::string &dir) {
  std::vector<entry_info> entries;
  DIR *d = ::opendir(dir.c_str());
  if (!d)
    return entries;
  auto now = std::chrono::system_clock::now();
  while (struct dirent *e = ::readdir(d)) {
    std::string_view name(e->d_name);
    bool entry = is_entry_name(name);
    if (!entry && !name.starts_with(temp_prefix))
      continue;
    std::string path = dir + "/" + std::string(name);
    struct stat st;
    if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
      continue; // removed meanwhile by another process
    if (!entry) {
      auto modified = std::chrono::system_clock::from_time_t(st.st_mtim.tv_sec);
      if (now - modified > stale_temp_age)
        ::unlink(path.c_str());
      continue;
    }
    entries.push_back({std::move(path), static_cast<uint64_t>(st.st_size), st.st_mtim});
  }
  ::closedir(d);
  return entries;
}
} // namespace

uint64_t disk_cache::size_on_disk() const {
  uint64_t total = 0;
  for (const entry_info &e : list_entries(directory_))
    total += e.bytes;
  return total;
}

void disk_cache::evict() const {
  std::vector<entry_info> entries = list_entries(directory_);
  uint64_t total = 0;
  for (const entry_info &e : entries)
    total += e.bytes;
  if (total <= max_bytes_)
    return;
  std::sort(entries.begin(), entries.end(), [](const entry_info &a, const entry_info &b) {
    if (a.mtime.tv_sec != b.mtime.tv_sec)
      return a.mtime.tv_sec < b.mtime.tv_sec;
    return a.mtime.tv_nsec < b.mtime.tv_nsec;
  });
  for (const entry_info &e : entries) {
    if (total <= max_bytes_)
      break;
    // Another process may have removed it already; either way it is gone.
    ::unlink(e.path.c_str());
    total -= e.bytes;
    USYCL_TRACE_IF(basic, "cache", "evicted %s (%llu bytes) to stay within %llu bytes",
                   e.path.c_str(), static_cast<unsigned long long>(e.bytes),
                   static_cast<unsigned long long>(max_bytes_));
  }
}

} // namespace usycl::rt
