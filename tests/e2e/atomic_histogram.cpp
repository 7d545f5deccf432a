// Histogram with sycl::atomic_ref (relaxed order, device scope) on USM and on
// buffer accessors, plus a work-group-local histogram merged with global
// atomics, a float accumulation and min/max.
#include "e2e_common.hpp"

#include <algorithm>
#include <vector>

constexpr size_t bins = 16;
constexpr size_t n = 1 << 15;

using relaxed_dev = sycl::atomic_ref<unsigned, sycl::memory_order::relaxed,
                                     sycl::memory_scope::device,
                                     sycl::access::address_space::global_space>;

static std::vector<unsigned> make_input() {
  std::vector<unsigned> in(n);
  unsigned x = 12345;
  for (auto &v : in) {
    x = x * 1103515245u + 12345u;
    v = (x >> 8) % 1000;
  }
  return in;
}

static std::vector<unsigned> host_histogram(const std::vector<unsigned> &in) {
  std::vector<unsigned> h(bins, 0);
  for (unsigned v : in) h[v % bins]++;
  return h;
}

static void usm_histogram(sycl::queue &q, const std::vector<unsigned> &in,
                          const std::vector<unsigned> &ref) {
  unsigned *din = sycl::malloc_device<unsigned>(n, q);
  unsigned *hist = sycl::malloc_shared<unsigned>(bins, q);
  q.memcpy(din, in.data(), n * sizeof(unsigned));
  q.memset(hist, 0, bins * sizeof(unsigned));
  q.wait();
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     relaxed_dev bin(hist[din[i] % bins]);
     bin.fetch_add(1u);
   }).wait();
  for (size_t b = 0; b < bins; ++b)
    e2e::check_eq("usm_histogram bin " + std::to_string(b), hist[b], ref[b]);
  sycl::free(din, q);
  sycl::free(hist, q);
}

static void accessor_histogram(sycl::queue &q, const std::vector<unsigned> &in,
                               const std::vector<unsigned> &ref) {
  std::vector<unsigned> hist(bins, 0);
  {
    sycl::buffer<unsigned> I(in.data(), sycl::range<1>(n));
    sycl::buffer<unsigned> H(hist.data(), sycl::range<1>(bins));
    // Two kernels into the same buffer: the counts must add up.
    for (int pass = 0; pass < 2; ++pass)
      q.submit([&](sycl::handler &h) {
        sycl::accessor x(I, h, sycl::read_only);
        sycl::accessor hh(H, h, sycl::read_write);
        h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
          sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::device> a(
              hh[x[i] % bins]);
          a += 1u;
        });
      });
  }
  for (size_t b = 0; b < bins; ++b)
    e2e::check_eq("accessor_histogram bin " + std::to_string(b), hist[b], 2 * ref[b]);
}

static void local_histogram(sycl::queue &q, const std::vector<unsigned> &in,
                            const std::vector<unsigned> &ref) {
  constexpr size_t L = 128;
  std::vector<unsigned> hist(bins, 0);
  {
    sycl::buffer<unsigned> I(in.data(), sycl::range<1>(n));
    sycl::buffer<unsigned> H(hist.data(), sycl::range<1>(bins));
    q.submit([&](sycl::handler &h) {
      sycl::accessor x(I, h, sycl::read_only);
      sycl::accessor hh(H, h, sycl::read_write);
      sycl::local_accessor<unsigned, 1> local(sycl::range<1>(bins), h);
      h.parallel_for(sycl::nd_range<1>(n, L), [=](sycl::nd_item<1> it) {
        size_t l = it.get_local_id(0);
        if (l < bins) local[l] = 0;
        it.barrier(sycl::access::fence_space::local_space);
        sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::work_group,
                         sycl::access::address_space::local_space>
            lb(local[x[it.get_global_id()] % bins]);
        lb.fetch_add(1u);
        it.barrier(sycl::access::fence_space::local_space);
        if (l < bins) {
          sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::device> gb(hh[l]);
          gb.fetch_add(local[l]);
        }
      });
    });
  }
  for (size_t b = 0; b < bins; ++b)
    e2e::check_eq("local_histogram bin " + std::to_string(b), hist[b], ref[b]);
}

static void float_and_minmax(sycl::queue &q, const std::vector<unsigned> &in) {
  struct result {
    float fsum;
    int imin, imax;
    unsigned long long u64;
  };
  result *r = sycl::malloc_shared<result>(1, q);
  unsigned *din = sycl::malloc_device<unsigned>(n, q);
  q.memcpy(din, in.data(), n * sizeof(unsigned)).wait();
  *r = {0.0f, 1 << 30, -(1 << 30), 0};
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     // Small integers in float: the sum is exact in any order.
     sycl::atomic_ref<float, sycl::memory_order::relaxed, sycl::memory_scope::device> f(r->fsum);
     f.fetch_add(float(din[i] % 4));
     sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> mn(r->imin), mx(r->imax);
     mn.fetch_min(int(din[i]) - 500);
     mx.fetch_max(int(din[i]) - 500);
     sycl::atomic_ref<unsigned long long, sycl::memory_order::relaxed, sycl::memory_scope::device> u(r->u64);
     u.fetch_add(1ull << 20);
   }).wait();
  float fs = 0;
  int mn = 1 << 30, mx = -(1 << 30);
  for (unsigned v : in) {
    fs += float(v % 4);
    mn = std::min(mn, int(v) - 500);
    mx = std::max(mx, int(v) - 500);
  }
  e2e::check_eq("float fetch_add sum", r->fsum, fs);
  e2e::check_eq("int fetch_min", r->imin, mn);
  e2e::check_eq("int fetch_max", r->imax, mx);
  e2e::check_eq("u64 fetch_add", r->u64, (unsigned long long)n << 20);
  sycl::free(r, q);
  sycl::free(din, q);
}

int main() {
  sycl::queue q;
  e2e::print_device(q, "atomic_histogram");
  auto in = make_input();
  auto ref = host_histogram(in);
  usm_histogram(q, in, ref);
  accessor_histogram(q, in, ref);
  local_histogram(q, in, ref);
  float_and_minmax(q, in);
  return e2e::finish("atomic_histogram");
}
