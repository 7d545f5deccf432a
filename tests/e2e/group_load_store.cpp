// sycl_ext_oneapi_group_load_store: group_load/group_store of spans, vecs
// and single values, blocked (the default) and striped, by work-groups and
// sub-groups. A blocked load followed by a striped store transposes each
// group's tile; every element is checked on the host.
#include "e2e_common.hpp"

#include <sycl/ext/oneapi/experimental/group_load_store.hpp>

#include <vector>

namespace syclex = sycl::ext::oneapi::experimental;

int main() {
  sycl::queue q;
  e2e::print_device(q, "group_load_store");
  constexpr int wg = 64, per = 4, groups = 8, n = wg * per * groups;
  std::vector<int> host(n);
  for (int i = 0; i < n; ++i)
    host[i] = i * 7 + 3;
  int *in = sycl::malloc_device<int>(n, q);
  int *transposed = sycl::malloc_shared<int>(n, q);
  int *copied = sycl::malloc_shared<int>(n, q);
  int *singles = sycl::malloc_shared<int>(wg * groups, q);
  int *sg_copy = sycl::malloc_shared<int>(n, q);
  q.copy(host.data(), in, n).wait();
  q.parallel_for(sycl::nd_range<1>(wg * groups, wg), [=](sycl::nd_item<1> it) {
     auto g = it.get_group();
     const size_t base = it.get_group(0) * wg * per;
     int vals[per];
     syclex::group_load(g, in + base, sycl::span{vals},
                        syclex::properties{syclex::data_placement_blocked, syclex::contiguous_memory,
                                           syclex::full_group});
     syclex::group_store(g, sycl::span{vals}, transposed + base,
                         syclex::properties{syclex::data_placement_striped});
     sycl::vec<int, per> v;
     syclex::group_load(g, in + base, v, syclex::properties{syclex::data_placement_striped});
     syclex::group_store(g, v, copied + base, syclex::properties{syclex::data_placement_striped});
     int one = 0;
     syclex::group_load(g, in + it.get_group(0) * wg, one);
     syclex::group_store(g, one + 1, singles + it.get_group(0) * wg);
     // A sub-group: blocked in both directions is a copy of its slice.
     auto sg = it.get_sub_group();
     const size_t sg_base = base + it.get_sub_group().get_group_linear_id() *
                                       sg.get_max_local_range()[0] * per;
     int sv[per];
     syclex::group_load(sg, in + sg_base, sycl::span{sv});
     syclex::group_store(sg, sycl::span{sv}, sg_copy + sg_base);
   }).wait();

  for (int gr = 0; gr < groups; ++gr)
    for (int wi = 0; wi < wg; ++wi)
      for (int k = 0; k < per; ++k) {
        const int base = gr * wg * per;
        // blocked: work-item wi held elements wi*per + k; striped store puts
        // its k-th value at wi + k*wg.
        e2e::check_eq("transposed", transposed[base + wi + k * wg], host[base + wi * per + k]);
      }
  for (int i = 0; i < n; ++i) {
    e2e::check_eq("striped copy[" + std::to_string(i) + "]", copied[i], host[i]);
    e2e::check_eq("sub-group copy[" + std::to_string(i) + "]", sg_copy[i], host[i]);
  }
  for (int i = 0; i < wg * groups; ++i)
    e2e::check_eq("single[" + std::to_string(i) + "]", singles[i], host[i] + 1);
  for (int *p : {in, transposed, copied, singles, sg_copy})
    sycl::free(p, q);
  return e2e::finish("group_load_store");
}
