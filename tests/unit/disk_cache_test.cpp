// runtime/disk_cache: the on-disk cache of run-time-prepared device code.
#include "disk_cache.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using usycl::rt::disk_cache;

namespace {

// A fresh directory per test, removed afterwards.
class DiskCache : public ::testing::Test {
protected:
  void SetUp() override {
    char tmpl[] = "/tmp/usycl-disk-cache-test-XXXXXX";
    ASSERT_NE(::mkdtemp(tmpl), nullptr);
    root_ = tmpl;
    dir_ = root_ + "/cache";
  }
  void TearDown() override { std::system(("rm -rf '" + root_ + "'").c_str()); }

  static std::vector<unsigned char> bytes(size_t n, unsigned seed) {
    std::vector<unsigned char> v(n);
    for (size_t i = 0; i < n; ++i)
      v[i] = static_cast<unsigned char>(i * 31 + seed);
    return v;
  }
  std::vector<std::string> files() const {
    std::vector<std::string> names;
    if (DIR *d = ::opendir(dir_.c_str())) {
      while (dirent *e = ::readdir(d))
        if (e->d_name[0] != '.' || std::string(e->d_name).starts_with(".tmp-"))
          names.push_back(e->d_name);
      ::closedir(d);
    }
    return names;
  }

  std::string root_, dir_;
};

std::string digest_hex(const std::string &s) {
  auto d = usycl::rt::sha256(s.data(), s.size());
  char out[65];
  for (size_t i = 0; i < d.size(); ++i)
    std::snprintf(out + 2 * i, 3, "%02x", d[i]);
  return out;
}

} // namespace

TEST(Sha256, KnownVectors) {
  EXPECT_EQ(digest_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(digest_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(digest_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(digest_hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(DiskCacheKey, PartsAreDelimited) {
  std::string k = disk_cache::make_key({"ab", "c"});
  EXPECT_EQ(k.size(), 64u);
  EXPECT_NE(k, disk_cache::make_key({"a", "bc"}));
  EXPECT_NE(k, disk_cache::make_key({"abc"}));
  EXPECT_EQ(k, disk_cache::make_key({"ab", "c"}));
}

TEST(DiskCacheSize, Parse) {
  EXPECT_EQ(usycl::rt::parse_cache_size("1000"), 1000u);
  EXPECT_EQ(usycl::rt::parse_cache_size("64K"), 65536u);
  EXPECT_EQ(usycl::rt::parse_cache_size("2M"), 2u << 20);
  EXPECT_EQ(usycl::rt::parse_cache_size("1G"), 1u << 30);
  EXPECT_FALSE(usycl::rt::parse_cache_size(""));
  EXPECT_FALSE(usycl::rt::parse_cache_size("K"));
  EXPECT_FALSE(usycl::rt::parse_cache_size("12Q"));
  EXPECT_FALSE(usycl::rt::parse_cache_size("-5"));
  EXPECT_FALSE(usycl::rt::parse_cache_size("99999999999999999999"));
}

TEST_F(DiskCache, RoundTrip) {
  disk_cache c(dir_, disk_cache::default_max_bytes);
  std::string key = disk_cache::make_key({"image", "sm_90"});
  EXPECT_FALSE(c.load(key)) << "an empty cache hit";
  auto payload = bytes(100000, 7);
  ASSERT_TRUE(c.store(key, payload.data(), payload.size()));
  auto back = c.load(key);
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, payload);
  // Another key misses; an empty payload round-trips too.
  EXPECT_FALSE(c.load(disk_cache::make_key({"image", "sm_80"})));
  std::string empty_key = disk_cache::make_key({"empty"});
  ASSERT_TRUE(c.store(empty_key, nullptr, 0));
  auto empty = c.load(empty_key);
  ASSERT_TRUE(empty);
  EXPECT_TRUE(empty->empty());
  // Only entries are left behind (no temporary files).
  for (const std::string &f : files())
    EXPECT_TRUE(f.ends_with(".bin")) << f;
}

TEST_F(DiskCache, CorruptedEntryIsIgnoredAndRemoved) {
  disk_cache c(dir_, disk_cache::default_max_bytes);
  std::string key = disk_cache::make_key({"corrupt"});
  auto payload = bytes(4096, 3);
  std::string path = c.entry_path(key);

  // A flipped payload byte (checksum), a truncated file (length), a bad
  // magic, and an entry copied under another key's name.
  auto damage = [&](auto how) {
    ASSERT_TRUE(c.store(key, payload.data(), payload.size()));
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    how(f);
  };
  damage([](std::fstream &f) {
    f.seekp(200);
    f.put('\x5a');
  });
  EXPECT_FALSE(c.load(key)) << "flipped byte";
  EXPECT_NE(::access(path.c_str(), F_OK), 0) << "the corrupted entry was not removed";

  ASSERT_TRUE(c.store(key, payload.data(), payload.size()));
  ASSERT_EQ(::truncate(path.c_str(), 1000), 0);
  EXPECT_FALSE(c.load(key)) << "truncated";
  EXPECT_NE(::access(path.c_str(), F_OK), 0);

  ASSERT_TRUE(c.store(key, payload.data(), payload.size()));
  ASSERT_EQ(::truncate(path.c_str(), 10), 0);
  EXPECT_FALSE(c.load(key)) << "shorter than the header";

  damage([](std::fstream &f) {
    f.seekp(0);
    f.put('X');
  });
  EXPECT_FALSE(c.load(key)) << "bad magic";

  std::string other = disk_cache::make_key({"other"});
  ASSERT_TRUE(c.store(other, payload.data(), payload.size()));
  ASSERT_EQ(std::rename(c.entry_path(other).c_str(), path.c_str()), 0);
  EXPECT_FALSE(c.load(key)) << "entry of another key";

  // After all that, a store works again.
  ASSERT_TRUE(c.store(key, payload.data(), payload.size()));
  EXPECT_TRUE(c.load(key));
}

TEST_F(DiskCache, ProcessesRacingOnAnEmptyCacheAllSucceed) {
  // Several processes fill the same (not yet created) directory with the
  // same keys and read them back at once; every read must return the whole
  // right payload, and all processes must succeed.
  constexpr int processes = 4, rounds = 60, keys = 5;
  std::vector<pid_t> children;
  for (int p = 0; p < processes; ++p) {
    pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      disk_cache c(dir_, disk_cache::default_max_bytes);
      int bad = 0;
      for (int r = 0; r < rounds; ++r)
        for (int k = 0; k < keys; ++k) {
          std::string key = disk_cache::make_key({"race", std::to_string(k)});
          auto payload = bytes(20000 + size_t(k) * 1000, unsigned(k));
          if (!c.store(key, payload.data(), payload.size()))
            ++bad;
          // Writers only ever rename whole entries into place, so right
          // after a store the key always hits (a partly written file seen
          // here would be discarded as corrupt: a miss).
          auto back = c.load(key);
          if (!back || *back != payload)
            ++bad;
        }
      ::_exit(bad ? 1 : 0);
    }
    children.push_back(pid);
  }
  for (pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
        << "a racing process failed (status " << status << ")";
  }
  disk_cache c(dir_, disk_cache::default_max_bytes);
  for (int k = 0; k < keys; ++k) {
    auto back = c.load(disk_cache::make_key({"race", std::to_string(k)}));
    ASSERT_TRUE(back) << "key " << k;
    EXPECT_EQ(*back, bytes(20000 + size_t(k) * 1000, unsigned(k)));
  }
  for (const std::string &f : files())
    EXPECT_TRUE(f.ends_with(".bin")) << "left behind: " << f;
}

TEST_F(DiskCache, SizeBoundEvictsLeastRecentlyUsed) {
  constexpr size_t entry = 10000;
  // Room for three entries with their headers, not four.
  disk_cache c(dir_, 3 * (entry + 88) + 100);
  std::vector<std::string> keys;
  auto payload = bytes(entry, 1);
  for (int i = 0; i < 3; ++i) {
    keys.push_back(disk_cache::make_key({"bound", std::to_string(i)}));
    ASSERT_TRUE(c.store(keys.back(), payload.data(), payload.size()));
    // Distinct, increasing use times, whatever the clock's resolution.
    struct timespec t[2] = {{1000000 + i, 0}, {1000000 + i, 0}};
    ASSERT_EQ(::utimensat(AT_FDCWD, c.entry_path(keys.back()).c_str(), t, 0), 0);
  }
  // Using entry 0 makes entry 1 the least recently used.
  ASSERT_TRUE(c.load(keys[0]));
  keys.push_back(disk_cache::make_key({"bound", "3"}));
  ASSERT_TRUE(c.store(keys.back(), payload.data(), payload.size()));
  EXPECT_LE(c.size_on_disk(), c.max_bytes());
  EXPECT_TRUE(c.load(keys[0]));
  EXPECT_FALSE(c.load(keys[1])) << "the least recently used entry was kept";
  EXPECT_TRUE(c.load(keys[2]));
  EXPECT_TRUE(c.load(keys[3]));

  // A payload larger than the whole cache is not stored at all.
  auto huge = bytes(c.max_bytes(), 2);
  EXPECT_FALSE(c.store(disk_cache::make_key({"huge"}), huge.data(), huge.size()));
  EXPECT_TRUE(c.load(keys[3]));
}

TEST_F(DiskCache, EnvironmentChoosesDirectoryAndCanDisable) {
  ::setenv("HOME", root_.c_str(), 1);
  ::unsetenv("XDG_CACHE_HOME");
  ::unsetenv("USYCL_CACHE_DIR");
  ::unsetenv("USYCL_CACHE_DISABLE");
  ::unsetenv("USYCL_CACHE_MAX_SIZE");
  EXPECT_EQ(disk_cache::from_environment().directory(), root_ + "/.cache/usycl");
  ::setenv("XDG_CACHE_HOME", (root_ + "/xdg").c_str(), 1);
  EXPECT_EQ(disk_cache::from_environment().directory(), root_ + "/xdg/usycl");
  ::setenv("USYCL_CACHE_DIR", dir_.c_str(), 1);
  disk_cache c = disk_cache::from_environment();
  EXPECT_TRUE(c.enabled());
  EXPECT_EQ(c.directory(), dir_);
  EXPECT_EQ(c.max_bytes(), disk_cache::default_max_bytes);

  ::setenv("USYCL_CACHE_MAX_SIZE", "64K", 1);
  EXPECT_EQ(disk_cache::from_environment().max_bytes(), 65536u);
  ::setenv("USYCL_CACHE_MAX_SIZE", "lots", 1);
  disk_cache bad = disk_cache::from_environment();
  EXPECT_FALSE(bad.enabled());
  EXPECT_NE(bad.why().find("USYCL_CACHE_MAX_SIZE='lots'"), std::string::npos) << bad.why();
  ::unsetenv("USYCL_CACHE_MAX_SIZE");

  ::setenv("USYCL_CACHE_DISABLE", "1", 1);
  disk_cache off = disk_cache::from_environment();
  EXPECT_FALSE(off.enabled());
  std::string key = disk_cache::make_key({"off"});
  auto payload = bytes(100, 0);
  EXPECT_FALSE(off.store(key, payload.data(), payload.size()));
  EXPECT_FALSE(off.load(key));
  struct stat st;
  EXPECT_NE(::stat(dir_.c_str(), &st), 0) << "a disabled cache created its directory";
  ::setenv("USYCL_CACHE_DISABLE", "0", 1);
  EXPECT_TRUE(disk_cache::from_environment().enabled()) << "USYCL_CACHE_DISABLE=0 disables";
  ::unsetenv("USYCL_CACHE_DISABLE");
  ::unsetenv("USYCL_CACHE_DIR");
  ::unsetenv("XDG_CACHE_HOME");
}

TEST_F(DiskCache, UnusableDirectoryBehavesAsEmpty) {
  // A regular file where the directory should be: stores fail, loads miss,
  // nothing throws.
  std::ofstream(root_ + "/file") << "x";
  disk_cache c(root_ + "/file/cache", disk_cache::default_max_bytes);
  std::string key = disk_cache::make_key({"x"});
  EXPECT_FALSE(c.store(key, "abc", 3));
  EXPECT_FALSE(c.load(key));
  EXPECT_FALSE(c.load("../../etc/passwd")) << "a key that is not a digest was used as a path";
}
