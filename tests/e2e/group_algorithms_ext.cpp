// Group extensions. sycl_ext_oneapi_sub_group_mask: group_ballot in kernels
// (sub-groups are discovered at run time: one work-item on the CPU, a warp on
// NVIDIA GPUs), and the mask's bit operations on a 32-bit mask built on the
// host. sycl_khr_group_interface: khr::work_group, khr::sub_group and their
// work-items against sycl::group and sycl::sub_group, in 1-3 dimensions.
// Exit code 0 = all checks passed.
#include <sycl/sycl.hpp>

#include <climits>
#include <cstdint>
#include <cstdio>
#include <string>

namespace {

int failures = 0;

void check(const std::string &what, unsigned long long got, unsigned long long want) {
  if (got == want)
    return;
  if (++failures <= 25)
    std::fprintf(stderr, "FAIL %s: got %#llx, expected %#llx\n", what.c_str(), got, want);
}

using mask_t = sycl::ext::oneapi::sub_group_mask;

unsigned long long bits_of(const mask_t &m) {
  unsigned long long v = 0;
  m.extract_bits(v);
  return v;
}

// Every member function of the mask, against the same operation on an
// integer, for a 32-bit mask (a warp's).
void host_mask_ops() {
  const uint32_t n = 32;
  const unsigned long long all = 0xffffffffull, even = 0x55555555ull, third = 0x49249249ull;
  mask_t m = sycl::detail::make_sub_group_mask(even | (1ull << 40), n);
  check("size", m.size(), n);
  check("bits past size() are dropped", bits_of(m), even);
  check("count", m.count(), 16);
  check("find_low", m.find_low()[0], 0);
  check("find_high", m.find_high()[0], 30);
  check("test(2)", m.test(sycl::id<1>(2)), 1);
  check("test(3)", m[sycl::id<1>(3)], 0);
  check("any/all/none", m.any() * 4 + m.all() * 2 + m.none(), 4);
  check("~", bits_of(~m), all & ~even);
  check("<< 3", bits_of(m << 3), (even << 3) & all);
  check(">> 3", bits_of(m >> 3), even >> 3);
  check("<< 64", bits_of(m << 64), 0);
  const mask_t t = sycl::detail::make_sub_group_mask(third, n);
  check("&", bits_of(m & t), even & third);
  check("|", bits_of(m | t), even | third);
  check("^", bits_of(m ^ t), even ^ third);
  check("==", m == t, 0);
  check("!=", m != t, 1);

  mask_t w = m;
  w.flip(sycl::id<1>(1));
  check("flip(1)", bits_of(w), even | 2);
  w.reset_low();
  check("reset_low", bits_of(w), (even | 2) & ~1ull);
  w.reset_high();
  check("reset_high", bits_of(w), (even | 2) & ~1ull & ~(1ull << 30));
  w.set(sycl::id<1>(31));
  w.set(sycl::id<1>(33)); // past size(): ignored
  check("set(id)", bits_of(w), ((even | 2) & ~1ull & ~(1ull << 30)) | (1ull << 31));
  w.set();
  check("set()", bits_of(w), all);
  check("all", w.all(), 1);
  w.flip();
  check("flip()", bits_of(w), 0);
  check("none", w.none(), 1);
  check("find_low of empty", w.find_low()[0], n);
  check("find_high of empty", w.find_high()[0], n);

  mask_t::reference r = w[sycl::id<1>(5)];
  r = true;
  check("reference = true", bits_of(w), 1ull << 5);
  r.flip();
  check("reference flip", bits_of(w), 0);
  w[sycl::id<1>(6)] = m[sycl::id<1>(6)];
  check("reference = bit", bits_of(w), 1ull << 6);
  check("reference ~", ~w[sycl::id<1>(6)], 0);

  // insert_bits/extract_bits: fields clipped at size(), marrays element by
  // element (element 0 lowest), negative values by their bit pattern.
  mask_t f = sycl::detail::make_sub_group_mask(0, n);
  f.insert_bits(static_cast<signed char>(-1), sycl::id<1>(28));
  check("insert_bits(char) at 28", bits_of(f), 0xf0000000ull);
  signed char c = 0;
  f.extract_bits(c, sycl::id<1>(28));
  check("extract_bits(char) at 28", static_cast<unsigned char>(c), 0x0f);
  f.insert_bits(sycl::marray<unsigned char, 2>(0x12, 0x34), sycl::id<1>(4));
  check("insert_bits(marray)", bits_of(f), 0xf0034120ull);
  sycl::marray<unsigned short, 3> ms;
  f.extract_bits(ms, sycl::id<1>(4));
  check("extract_bits(marray)", ms[0] | (uint64_t(ms[1]) << 16) | (uint64_t(ms[2]) << 32),
        0x0f003412ull);
  int whole = 0;
  f.extract_bits(whole, sycl::id<1>(32));
  check("extract_bits at size()", whole, 0);
}

// group_ballot over real sub-groups: every work-item checks the mask it got
// against the predicate pattern it knows, plus the revision-2 constructors.
void device_ballot(sycl::queue &q, size_t local, size_t groups) {
  const size_t total = local * groups;
  int *bad = sycl::malloc_shared<int>(total, q);
  uint32_t *sizes = sycl::malloc_shared<uint32_t>(total, q);
  q.parallel_for(sycl::nd_range<1>(total, local), [=](sycl::nd_item<1> it) {
     const auto sg = it.get_sub_group();
     const size_t lid = sg.get_local_linear_id(), n = sg.get_local_linear_range();
     int b = 0;
     const mask_t even = sycl::ext::oneapi::group_ballot(sg, lid % 2 == 0);
     const mask_t all = sycl::ext::oneapi::group_ballot(sg);
     const mask_t none = sycl::ext::oneapi::group_ballot(sg, false);
     for (size_t k = 0; k < even.size(); ++k) {
       b |= even.test(sycl::id<1>(k)) != (k < n && k % 2 == 0);
       b |= all.test(sycl::id<1>(k)) != (k < n);
     }
     b |= !none.none() << 1;
     b |= (all.count() != n) << 2;
     b |= (even.size() != sg.get_max_local_range()[0]) << 3;
     b |= (mask_t() != none) << 4;
     b |= (mask_t(~0ull) != ~none) << 5;
     b |= (mask_t(sycl::marray<unsigned char, 8>(0xff)) != ~none) << 6;
     bad[it.get_global_linear_id()] = b;
     sizes[it.get_global_linear_id()] = even.size();
   }).wait_and_throw();
  for (size_t i = 0; i < total; ++i)
    check("ballot in work-group of " + std::to_string(local) + ", work-item " +
              std::to_string(i) + " (mask size " + std::to_string(sizes[i]) + ")",
          bad[i], 0);
  sycl::free(bad, q);
  sycl::free(sizes, q);
}

// Each work-item compares the khr views with the SYCL 2020 classes; a
// nonzero bit names the first query that disagreed.
template <int D> int khr_mismatches(sycl::nd_item<D> it) {
  namespace khr = sycl::khr;
  const sycl::group<D> g = it.get_group();
  const sycl::sub_group sg = it.get_sub_group();
  const khr::work_group<D> wg = g;
  const khr::sub_group ksg = sg;
  int bad = 0;
  bad |= (wg.id() != g.get_group_id() || wg.linear_id() != g.get_group_linear_id() ||
          wg.range() != g.get_group_range() || wg.size() != g.get_local_linear_range())
         << 0;
  bad |= (sycl::group<D>(wg) != g || khr::leader_of(wg) != g.leader()) << 1;
  bad |= (ksg.id()[0] != sg.get_group_linear_id() || ksg.linear_id() != sg.get_group_linear_id() ||
          ksg.range() != sg.get_group_range() || ksg.size() != sg.get_local_linear_range() ||
          ksg.max_size() != sg.get_max_local_range()[0])
         << 2;
  bad |= (sycl::sub_group(ksg) != sg || khr::leader_of(ksg) != sg.leader()) << 3;
  const auto wi = khr::get_item(wg);
  bad |= (wi.id() != g.get_local_id() || wi.linear_id() != g.get_local_linear_id() ||
          wi.range() != g.get_local_range() || wi.size() != 1 || !khr::leader_of(wi))
         << 4;
  khr::member_item si{khr::get_member_item(ksg)};
  bad |= (si.id() != sg.get_local_id() || si.linear_id() != sg.get_local_linear_id() ||
          si.range() != sg.get_local_range() || si.size() != 1)
         << 5;
  static_assert(std::is_same_v<decltype(wi), const khr::work_item<khr::work_group<D>>>);
  static_assert(std::is_same_v<decltype(si.id()), sycl::id<1>>);
  static_assert(khr::work_group<D>::fence_scope == sycl::memory_scope::work_group &&
                khr::sub_group::fence_scope == sycl::memory_scope::sub_group &&
                decltype(wi)::fence_scope == sycl::memory_scope::work_item);
#if defined(__cpp_lib_mdspan)
  for (int d = 0; d < D; ++d)
    bad |= (wg.extent(d) != g.get_local_range(d) || wi.extent(d) != 1) << 6;
  bad |= (ksg.extent(0) != sg.get_local_linear_range()) << 7;
#endif
  return bad;
}

template <int D> void khr_interface(sycl::queue &q, sycl::range<D> global, sycl::range<D> local) {
  int *bad = sycl::malloc_shared<int>(global.size(), q);
  q.parallel_for(sycl::nd_range<D>(global, local), [=](sycl::nd_item<D> it) {
     bad[it.get_global_linear_id()] = khr_mismatches(it);
   }).wait_and_throw();
  for (size_t i = 0; i < global.size(); ++i)
    check("khr group interface (" + std::to_string(D) + "-D), work-item " + std::to_string(i),
          bad[i], 0);
  sycl::free(bad, q);
}

} // namespace

int main() {
  try {
    host_mask_ops();
    sycl::queue q;
    const size_t max_wg =
        q.get_device().get_info<sycl::info::device::max_work_group_size>();
    for (size_t local : {1, 32, 48, 100})
      if (local <= max_wg)
        device_ballot(q, local, 3);
    khr_interface(q, sycl::range<1>(100), sycl::range<1>(50));
    khr_interface(q, sycl::range<2>(10, 12), sycl::range<2>(2, 3));
    khr_interface(q, sycl::range<3>(3, 10, 12), sycl::range<3>(1, 2, 3));
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "FAIL: sycl::exception: %s\n", e.what());
    return 2;
  }
  if (failures) {
    std::fprintf(stderr, "group_algorithms_ext: %d check(s) FAILED\n", failures);
    return 1;
  }
  std::printf("group_algorithms_ext: all checks passed\n");
  return 0;
}
