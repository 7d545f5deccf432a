// USM memory commands: memcpy between every kind of memory, memset, fill with
// patterns of several sizes, prefetch, mem_advise, copy<T>, pointer queries,
// aligned allocation and usm_allocator.
#include "e2e_common.hpp"

#include <cstdint>
#include <cstring>
#include <numeric>
#include <vector>

using sycl::usm::alloc;

static void memcpy_all_kinds(sycl::queue &q) {
  constexpr size_t n = 12345;
  std::vector<int> h(n), back(n, -1);
  std::iota(h.begin(), h.end(), -100);
  int *d1 = sycl::malloc_device<int>(n, q);
  int *d2 = sycl::malloc_device<int>(n, q);
  int *s = sycl::malloc_shared<int>(n, q);
  int *hm = sycl::malloc_host<int>(n, q);
  if (!d1 || !d2 || !s || !hm) {
    e2e::fail("memcpy_all_kinds: allocation failed");
    return;
  }
  // host -> device -> device -> shared -> pinned host -> host, chained by events
  auto e1 = q.memcpy(d1, h.data(), n * sizeof(int));
  auto e2 = q.memcpy(d2, d1, n * sizeof(int), e1);
  auto e3 = q.copy(d2, s, n, e2);
  auto e4 = q.memcpy(hm, s, n * sizeof(int), e3);
  q.memcpy(back.data(), hm, n * sizeof(int), e4).wait();
  for (size_t i = 0; i < n; ++i) {
    e2e::check_eq("memcpy chain back[" + std::to_string(i) + "]", back[i], h[i]);
    e2e::check_eq("memcpy chain shared[" + std::to_string(i) + "]", s[i], h[i]);
  }
  // partial, unaligned copies (byte offsets)
  std::vector<unsigned char> bytes(1000), got(1000, 0);
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = (unsigned char)(i * 13);
  auto *db = static_cast<unsigned char *>(sycl::malloc_device(1000, q));
  q.memset(db, 0xEE, 1000).wait();
  q.memcpy(db + 3, bytes.data() + 7, 501).wait();
  q.memcpy(got.data(), db, 1000).wait();
  for (size_t i = 0; i < 1000; ++i) {
    unsigned char want = (i >= 3 && i < 504) ? bytes[i + 4] : 0xEE;
    e2e::check_eq("unaligned memcpy byte " + std::to_string(i), got[i], want);
  }
  // zero-byte copy is a no-op that still returns a completing event
  q.memcpy(db, bytes.data(), 0).wait();
  sycl::free(db, q);
  sycl::free(d1, q);
  sycl::free(d2, q);
  sycl::free(s, q);
  sycl::free(hm, q);
}

static void memset_and_fill(sycl::queue &q) {
  constexpr size_t n = 1001;
  auto *b = sycl::malloc_shared<unsigned char>(n, q);
  q.memset(b, 0x5A, n).wait();
  for (size_t i = 0; i < n; ++i) e2e::check_eq("memset byte " + std::to_string(i), int(b[i]), 0x5A);
  q.memset(b + 10, 0x101, 5).wait(); // value converted to unsigned char: 0x01
  for (size_t i = 0; i < 20; ++i)
    e2e::check_eq("memset part byte " + std::to_string(i), int(b[i]), (i >= 10 && i < 15) ? 1 : 0x5A);
  sycl::free(b, q);

  // patterns of 1, 2, 4, 8, 12 and 16 bytes; device memory read back by memcpy
  auto check_fill = [&](auto pattern, const char *what) {
    using T = decltype(pattern);
    constexpr size_t cnt = 777;
    T *d = sycl::malloc_device<T>(cnt + 2, q);
    std::vector<T> out(cnt + 2);
    T zero{};
    q.fill(d, zero, cnt + 2).wait();
    q.fill(d + 1, pattern, cnt).wait();
    q.memcpy(out.data(), d, (cnt + 2) * sizeof(T)).wait();
    for (size_t i = 0; i < cnt + 2; ++i) {
      const T &want = (i == 0 || i == cnt + 1) ? zero : pattern;
      if (std::memcmp(&out[i], &want, sizeof(T)) != 0) {
        e2e::fail(std::string("fill ") + what + " element " + std::to_string(i) + " wrong");
        break;
      }
    }
    sycl::free(d, q);
  };
  check_fill((unsigned char)0xAB, "uint8");
  check_fill((uint16_t)0xBEEF, "uint16");
  check_fill(3.25f, "float");
  check_fill((uint64_t)0x0123456789ABCDEFull, "uint64");
  struct three {
    int a, b, c;
  };
  check_fill(three{1, -2, 3}, "12-byte struct");
  struct sixteen {
    double x, y;
  };
  check_fill(sixteen{1.5, -2.5}, "16-byte struct");
  // Patterns wider than 64 bytes (no size limit): 100 and 264 bytes.
  struct hundred {
    unsigned char b[100];
  };
  hundred h100{};
  for (int i = 0; i < 100; ++i) h100.b[i] = static_cast<unsigned char>(7 * i + 1);
  check_fill(h100, "100-byte struct");
  struct big {
    double v[33];
  };
  big b264{};
  for (int i = 0; i < 33; ++i) b264.v[i] = 0.5 * i - 3;
  check_fill(b264, "264-byte struct");

  // fill via the handler with depends_on
  float *f = sycl::malloc_shared<float>(100, q);
  auto e = q.fill(f, 1.0f, 100);
  q.submit([&](sycl::handler &h) {
     h.depends_on(e);
     h.fill(f + 50, 2.0f, 50);
   }).wait();
  for (size_t i = 0; i < 100; ++i) e2e::check_eq("handler fill f[" + std::to_string(i) + "]", f[i], i < 50 ? 1.0f : 2.0f);
  sycl::free(f, q);
}

static void prefetch_and_advise(sycl::queue &q) {
  constexpr size_t n = 4096;
  int *s = sycl::malloc_shared<int>(n, q);
  for (size_t i = 0; i < n; ++i) s[i] = int(i);
  auto p = q.prefetch(s, n * sizeof(int));
  auto a = q.mem_advise(s, n * sizeof(int), 0);
  q.parallel_for(sycl::range<1>(n), std::vector<sycl::event>{p, a}, [=](sycl::id<1> i) { s[i] += 1; }).wait();
  for (size_t i = 0; i < n; ++i) e2e::check_eq("after prefetch s[" + std::to_string(i) + "]", s[i], int(i) + 1);
  sycl::free(s, q);
}

template <typename F> static void expect_errc_invalid(const std::string &what, F &&f) {
  try {
    f();
    e2e::fail(what + ": no exception");
  } catch (const sycl::exception &e) {
    e2e::check_eq(what + " errc", e.code().value(), static_cast<int>(sycl::errc::invalid));
  }
}

static void pointer_queries(sycl::queue &q) {
  auto ctx = q.get_context();
  auto dev = q.get_device();
  void *d = sycl::malloc_device(64, q);
  void *h = sycl::malloc_host(64, q);
  void *s = sycl::malloc_shared(64, q);
  int local = 0;
  e2e::check_eq("get_pointer_type(device)", sycl::get_pointer_type(d, ctx), alloc::device);
  e2e::check_eq("get_pointer_type(host)", sycl::get_pointer_type(h, ctx), alloc::host);
  e2e::check_eq("get_pointer_type(shared)", sycl::get_pointer_type(s, ctx), alloc::shared);
  e2e::check_eq("get_pointer_type(interior of shared)",
                sycl::get_pointer_type(static_cast<char *>(s) + 10, ctx), alloc::shared);
  e2e::check_eq("get_pointer_type(stack)", sycl::get_pointer_type(&local, ctx), alloc::unknown);
  e2e::check("get_pointer_device(device)", sycl::get_pointer_device(d, ctx) == dev);
  e2e::check("get_pointer_device(shared)", sycl::get_pointer_device(s, ctx) == dev);
  // Host allocations belong to the context: its first device (§4.8.4),
  // also when made through aligned_alloc with a device.
  e2e::check("get_pointer_device(host)", sycl::get_pointer_device(h, ctx) == ctx.get_devices()[0]);
  void *hd = sycl::aligned_alloc(32, 64, dev, ctx, alloc::host);
  e2e::check("get_pointer_device(aligned_alloc host)",
             sycl::get_pointer_device(hd, ctx) == ctx.get_devices()[0]);
  sycl::free(hd, ctx);
  sycl::free(d, q);
  sycl::free(h, q);
  sycl::free(s, q);
  e2e::check_eq("get_pointer_type(freed)", sycl::get_pointer_type(d, ctx), alloc::unknown);
  sycl::free(nullptr, q); // no-op

  // Typed forms: a count whose size overflows size_t cannot be allocated;
  // an explicit alignment combines with alignof(T); property lists are taken.
  e2e::check("malloc_shared<double>(SIZE_MAX / 4) is nullptr",
             sycl::malloc_shared<double>(SIZE_MAX / 4, q) == nullptr);
  auto *t = sycl::aligned_alloc_shared<double>(2, 3, dev, ctx, sycl::property_list{});
  e2e::check("aligned_alloc_shared<double>(2, ...) is aligned to 8",
             t && reinterpret_cast<uintptr_t>(t) % alignof(double) == 0);
  sycl::free(t, q);
  expect_errc_invalid("malloc(kind=unknown)", [&] { sycl::malloc(8, q, alloc::unknown); });
  expect_errc_invalid("aligned_alloc_device(3, ...)", [&] { sycl::aligned_alloc_device(3, 8, q); });

  void *m = sycl::malloc(128, q, alloc::shared);
  e2e::check_eq("malloc(kind=shared) type", sycl::get_pointer_type(m, ctx), alloc::shared);
  sycl::free(m, ctx);

  for (size_t align : {64u, 256u, 4096u}) {
    void *a1 = sycl::aligned_alloc_device(align, 100, q);
    void *a2 = sycl::aligned_alloc_shared(align, 100, q);
    void *a3 = sycl::aligned_alloc_host(align, 100, q);
    e2e::check("aligned_alloc_device(" + std::to_string(align) + ")", reinterpret_cast<uintptr_t>(a1) % align == 0);
    e2e::check("aligned_alloc_shared(" + std::to_string(align) + ")", reinterpret_cast<uintptr_t>(a2) % align == 0);
    e2e::check("aligned_alloc_host(" + std::to_string(align) + ")", reinterpret_cast<uintptr_t>(a3) % align == 0);
    sycl::free(a1, q);
    sycl::free(a2, q);
    sycl::free(a3, q);
  }
}

static void allocator(sycl::queue &q) {
  sycl::usm_allocator<int, alloc::shared> al(q);
  std::vector<int, sycl::usm_allocator<int, alloc::shared>> v(1000, 0, al);
  int *p = v.data();
  q.parallel_for(sycl::range<1>(v.size()), [=](sycl::id<1> i) { p[i] = int(i) * 2; }).wait();
  for (size_t i = 0; i < v.size(); ++i) e2e::check_eq("usm_allocator v[" + std::to_string(i) + "]", v[i], int(i) * 2);
  e2e::check_eq("usm_allocator memory type", sycl::get_pointer_type(p, q.get_context()), alloc::shared);
}

int main() {
  sycl::queue q;
  e2e::print_device(q, "usm_ops");
  memcpy_all_kinds(q);
  memset_and_fill(q);
  prefetch_and_advise(q);
  pointer_queries(q);
  allocator(q);
  return e2e::finish("usm_ops");
}
