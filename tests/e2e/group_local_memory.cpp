// sycl_ext_oneapi_local_memory: group_local_memory_for_overwrite and
// group_local_memory give each call site its own work-group memory, shared
// by the group's work-items (a block's shared memory on CUDA, a per-thread
// buffer per call site on the CPU), and group_local_memory constructs the
// object once per work-group before any work-item reads it.
#include "e2e_common.hpp"

#include <vector>

namespace {

constexpr int kLocalForUnion = 64;

struct tile_header {
  int base;
  int scale;
  tile_header(int b, int s) : base(b), scale(s) {}
};

// _for_overwrite default-initialises: this one's constructor runs.
struct defaulted {
  int value = 42;
};

// CUB-style temporary storage: a union whose members have default member
// initialisers has no default constructor; _for_overwrite hands out its
// storage unconstructed, as DPC++ does.
struct scan_slot {
  int value = 0;
};
union temp_storage {
  scan_slot scan[kLocalForUnion];
  int flat[kLocalForUnion];
};

constexpr int kGroups = 16;
constexpr int kLocal = 64;

} // namespace

int main() {
  sycl::queue q;
  e2e::print_device(q, "group_local_memory");
  static_assert(SYCL_EXT_ONEAPI_LOCAL_MEMORY == 1);

  int *out = sycl::malloc_shared<int>(kGroups * kLocal, q);
  q.parallel_for(sycl::nd_range<1>(kGroups * kLocal, kLocal), [=](sycl::nd_item<1> it) {
     const sycl::group<1> g = it.get_group();
     // Two call sites of the same type: two different arrays.
     int(&reversed)[kLocal] = *sycl::ext::oneapi::group_local_memory_for_overwrite<int[kLocal]>(g);
     int(&by_group)[kLocal] = *sycl::ext::oneapi::group_local_memory_for_overwrite<int[kLocal]>(g);
     // Constructed by the leader, visible to all once the call returns.
     sycl::multi_ptr<tile_header, sycl::access::address_space::local_space,
                     sycl::access::decorated::legacy>
         header = sycl::ext::oneapi::group_local_memory<tile_header>(g, 7, 3);
     auto initialised = sycl::ext::oneapi::group_local_memory_for_overwrite<defaulted>(g);
     static_assert(!std::is_default_constructible_v<temp_storage>);
     temp_storage &storage = *sycl::ext::oneapi::group_local_memory_for_overwrite<temp_storage>(g);
     const int l = static_cast<int>(it.get_local_id(0));
     storage.flat[l] = l;
     reversed[kLocal - 1 - l] = storage.flat[l];
     by_group[l] = static_cast<int>(it.get_group(0)) * 1000;
     sycl::group_barrier(g);
     out[it.get_global_id(0)] =
         reversed[l] + by_group[(l + 1) % kLocal] + header->base * header->scale +
         (initialised->value - 42);
   }).wait();

  for (int gr = 0; gr < kGroups; ++gr)
    for (int l = 0; l < kLocal; ++l)
      e2e::check_eq("out[" + std::to_string(gr) + "][" + std::to_string(l) + "]",
                    out[gr * kLocal + l], (kLocal - 1 - l) + 1000 * gr + 21);

  // A 2-D work-group and a two-dimensional array: a tile transposed through
  // work-group memory.
  constexpr int n = 32, t = 8;
  std::vector<float> in(n * n);
  for (int i = 0; i < n * n; ++i) in[i] = static_cast<float>(i);
  float *src = sycl::malloc_device<float>(n * n, q);
  float *dst = sycl::malloc_shared<float>(n * n, q);
  q.memcpy(src, in.data(), sizeof(float) * n * n).wait();
  q.parallel_for(sycl::nd_range<2>({n, n}, {t, t}), [=](sycl::nd_item<2> it) {
     float(*tile)[t + 1] =
         *sycl::ext::oneapi::group_local_memory_for_overwrite<float[t][t + 1]>(it.get_group());
     const int r = static_cast<int>(it.get_local_id(0)), c = static_cast<int>(it.get_local_id(1));
     const int gr = static_cast<int>(it.get_group(0)), gc = static_cast<int>(it.get_group(1));
     tile[r][c] = src[(gr * t + r) * n + gc * t + c];
     sycl::group_barrier(it.get_group());
     dst[(gc * t + r) * n + gr * t + c] = tile[c][r];
   }).wait();
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      e2e::check_eq("transposed[" + std::to_string(i) + "][" + std::to_string(j) + "]",
                    dst[i * n + j], in[j * n + i]);

  sycl::free(out, q);
  sycl::free(src, q);
  sycl::free(dst, q);
  return e2e::finish("group_local_memory");
}
