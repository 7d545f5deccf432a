// sycl_ext_oneapi_non_uniform_groups' opportunistic_group: the work-items of
// a sub-group that reach the call together.
//  * warp-aggregated atomics (the leader reserves slots for the group, the
//    others learn the base through group_broadcast), as filters and stream
//    compaction write it: every selected work-item gets a distinct slot;
//  * reduce_over_group, inclusive/exclusive scans and any/all over the
//    members, checked against what the members are (known from their ids).
#include "e2e_common.hpp"

#include <algorithm>
#include <vector>

namespace syclex = sycl::ext::oneapi::experimental;

int main() {
  sycl::queue q;
  e2e::print_device(q, "opportunistic_group");
  static_assert(sycl::is_group_v<syclex::opportunistic_group>);

  constexpr int n = 4096, wg = 128;
  int *counter = sycl::malloc_shared<int>(1, q);
  int *slot = sycl::malloc_shared<int>(n, q);
  int *size = sycl::malloc_shared<int>(n, q);
  int *sum = sycl::malloc_shared<int>(n, q);
  int *incl = sycl::malloc_shared<int>(n, q);
  int *excl = sycl::malloc_shared<int>(n, q);
  int *lid = sycl::malloc_shared<int>(n, q);
  *counter = 0;
  std::fill(slot, slot + n, -1);
  q.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
     const int i = int(it.get_global_id(0));
     if (i % 3 == 0) { // a divergent branch: a third of each sub-group
       auto g = syclex::this_kernel::get_opportunistic_group();
       int base = 0;
       if (g.leader()) {
         sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> a(*counter);
         base = a.fetch_add(int(g.get_local_linear_range()));
       }
       base = sycl::group_broadcast(g, base);
       slot[i] = base + int(g.get_local_linear_id());
       size[i] = int(g.get_local_linear_range());
       lid[i] = int(g.get_local_linear_id());
       sum[i] = sycl::reduce_over_group(g, i, sycl::plus<int>());
       incl[i] = sycl::inclusive_scan_over_group(g, i, sycl::plus<int>());
       excl[i] = sycl::exclusive_scan_over_group(g, i, sycl::plus<int>());
       if (!sycl::all_of_group(g, i % 3 == 0) || sycl::any_of_group(g, i % 3 != 0))
         slot[i] = -2;
       sycl::group_barrier(g);
     }
   }).wait();

  const int selected = (n + 2) / 3;
  e2e::check_eq("slots reserved", *counter, selected);
  std::vector<int> seen(n, 0);
  // The members a work-item's group has: on NVPTX every selected work-item of
  // its warp (they run together); on the CPU, whose sub-groups do not run in
  // lock step, the caller alone (docs/sycl2020-status.md).
  const bool alone = q.get_device().is_cpu();
  const int sg = alone ? 1 : int(q.get_device().get_info<sycl::info::device::sub_group_sizes>().back());
  for (int i = 0; i < n; i += 3) {
    if (slot[i] < 0 || slot[i] >= selected) {
      e2e::fail("slot[" + std::to_string(i) + "] = " + std::to_string(slot[i]));
      continue;
    }
    seen[slot[i]]++;
    // The members: the selected work-items of i's sub-group, in order.
    std::vector<int> members;
    const int first = i / sg * sg;
    for (int j = first; j < first + sg && j < n; ++j)
      if (j % 3 == 0)
        members.push_back(j);
    const int rank = int(std::find(members.begin(), members.end(), i) - members.begin());
    e2e::check_eq("size[" + std::to_string(i) + "]", size[i], int(members.size()));
    e2e::check_eq("local id[" + std::to_string(i) + "]", lid[i], rank);
    int total = 0, prefix = 0;
    for (size_t r = 0; r < members.size(); ++r) {
      total += members[r];
      if (int(r) < rank)
        prefix += members[r];
    }
    e2e::check_eq("reduce[" + std::to_string(i) + "]", sum[i], total);
    e2e::check_eq("inclusive[" + std::to_string(i) + "]", incl[i], prefix + i);
    e2e::check_eq("exclusive[" + std::to_string(i) + "]", excl[i], prefix);
  }
  for (int s = 0; s < selected; ++s)
    if (seen[s] != 1)
      e2e::fail("slot " + std::to_string(s) + " given " + std::to_string(seen[s]) + " times");

  for (int *p : {counter, slot, size, sum, incl, excl, lid})
    sycl::free(p, q);
  return e2e::finish("opportunistic_group");
}
