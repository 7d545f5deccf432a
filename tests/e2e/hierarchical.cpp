// Hierarchical parallelism (SYCL 2020 §4.10.4.2): parallel_for_work_group with
// and without a work-group size, parallel_for_work_item over the physical and
// over a logical range, work-group-scope variables shared by the group,
// private_memory, local_accessor, and the implicit barriers between
// work-item scopes (a scope reads what the previous one wrote for another
// work-item). On CUDA the work-items are a block's threads
// (sycl/detail/work_group_scope.hpp): work-groups wider than a block,
// logical ranges smaller than the group in 3-D, atomics on a
// work-group-scope counter, and the locals of a function called at
// work-group scope check that sharing.
#include "e2e_common.hpp"

#include <vector>

constexpr sycl::specialization_id<int> factor(3);

// Called at work-group scope: its locals are work-group-scope variables too.
template <typename Acc> void triple_in_group(const sycl::group<1> &g, Acc out) {
  int scale[2] = {3, 0};
  g.parallel_for_work_item([&](sycl::h_item<1> it) {
    out[it.get_global_id(0)] = scale[0] * static_cast<int>(it.get_global_id(0)) + scale[1];
  });
}

int main() {
  sycl::queue q;
  e2e::print_device(q, "hierarchical");
  constexpr size_t groups = 6, wg = 8;
  std::vector<int> neighbour(groups * wg, -1), mapping(groups * 2 * wg, -1), sums(groups, -1);
  std::vector<int> ids2d(4 * 6 * 4, -1); // global range (4, 6) x 4 fields
  std::vector<int> per_group(5, -1);
  std::vector<double> big(300, -1);
  std::vector<int> with_handler(8, -1);
  constexpr size_t wide_wg = 1500; // more than a CUDA block's 1024 threads
  std::vector<int> wide(2 * wide_wg, -1), wide_hits(2, -1);
  std::vector<int> logical3d(2 * 1 * 3 * 5, -1); // 2 groups x logical (1, 3, 5)
  {
    sycl::buffer<int> nb(neighbour.data(), sycl::range<1>(neighbour.size()));
    sycl::buffer<int> mb(mapping.data(), sycl::range<1>(mapping.size()));
    sycl::buffer<int> sb(sums.data(), sycl::range<1>(sums.size()));
    q.submit([&](sycl::handler &h) {
      sycl::accessor n(nb, h, sycl::write_only);
      sycl::accessor m(mb, h, sycl::write_only);
      sycl::accessor s(sb, h, sycl::write_only);
      sycl::local_accessor<int, 1> flags(sycl::range<1>(wg), h);
      h.parallel_for_work_group<class hier_1d>(
          sycl::range<1>(groups), sycl::range<1>(wg), [=](sycl::group<1> g) {
            int shared[wg]; // work-group scope: one array for the group
            sycl::private_memory<int> mine(g);
            g.parallel_for_work_item([&](sycl::h_item<1> it) {
              size_t l = it.get_local_id(0);
              shared[l] = static_cast<int>(it.get_global_id(0));
              mine(it) = 1000 + static_cast<int>(l);
              flags[l] = 1;
            });
            // Implicit barrier: every work-item of the previous scope is done.
            g.parallel_for_work_item([&](sycl::h_item<1> it) {
              size_t l = it.get_local_id(0);
              n[it.get_global_id(0)] = shared[(l + 1) % wg] + mine(it) + flags[(l + 3) % wg];
            });
            int total = 0; // work-group scope again
            for (size_t i = 0; i < wg; ++i) total += shared[i];
            s[g.get_group_id(0)] = total;
            g.parallel_for_work_item(sycl::range<1>(2 * wg), [&](sycl::h_item<1> it) {
              m[g.get_group_linear_id() * 2 * wg + it.get_logical_local_id(0)] =
                  static_cast<int>(it.get_physical_local_id(0) * 100 + it.get_global_id(0) % wg);
            });
          });
    });
    sycl::buffer<int, 3> ib(ids2d.data(), sycl::range<3>(4, 6, 4));
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(ib, h, sycl::write_only);
      h.parallel_for_work_group<class hier_2d>(
          sycl::range<2>(2, 3), sycl::range<2>(2, 2), [=](sycl::group<2> g) {
            g.parallel_for_work_item([&](sycl::h_item<2> it) {
              sycl::id<2> gid = it.get_global_id();
              a[gid[0]][gid[1]][0] = static_cast<int>(g.get_group_linear_id());
              a[gid[0]][gid[1]][1] = static_cast<int>(it.get_local().get_linear_id());
              a[gid[0]][gid[1]][2] = static_cast<int>(it.get_global_range().size());
              a[gid[0]][gid[1]][3] = static_cast<int>(it.get_global().get_linear_id());
            });
          });
    });
    // private_memory larger than its inline storage (heap path).
    sycl::buffer<double> bb(big.data(), sycl::range<1>(big.size()));
    q.submit([&](sycl::handler &h) {
      sycl::accessor b(bb, h, sycl::write_only);
      h.parallel_for_work_group<class hier_big_private>(
          sycl::range<1>(3), sycl::range<1>(100), [=](sycl::group<1> g) {
            sycl::private_memory<double> v(g);
            g.parallel_for_work_item([&](sycl::h_item<1> it) { v(it) = 0.5 * it.get_global_id(0); });
            g.parallel_for_work_item([&](sycl::h_item<1> it) { b[it.get_global_id(0)] = v(it) + 1; });
          });
    });
    // A kernel that takes a kernel_handler (specialization constants).
    sycl::buffer<int> kb(with_handler.data(), sycl::range<1>(with_handler.size()));
    q.submit([&](sycl::handler &h) {
      h.set_specialization_constant<factor>(7);
      sycl::accessor a(kb, h, sycl::write_only);
      h.parallel_for_work_group<class hier_kernel_handler>(
          sycl::range<1>(2), sycl::range<1>(4), [=](sycl::group<1> g, sycl::kernel_handler kh) {
            int f = kh.get_specialization_constant<factor>();
            g.parallel_for_work_item([&](sycl::h_item<1> it) {
              a[it.get_global_id(0)] = f * static_cast<int>(it.get_global_id(0));
            });
          });
    });
    sycl::buffer<int> wb(wide.data(), sycl::range<1>(wide.size()));
    sycl::buffer<int> hb(wide_hits.data(), sycl::range<1>(wide_hits.size()));
    q.submit([&](sycl::handler &h) {
      sycl::accessor w(wb, h, sycl::write_only);
      sycl::accessor hits(hb, h, sycl::write_only);
      h.parallel_for_work_group<class hier_wide>(
          sycl::range<1>(2), sycl::range<1>(wide_wg), [=](sycl::group<1> g) {
            int count = 0;
            g.parallel_for_work_item([&](sycl::h_item<1>) {
              sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::work_group>(
                  count)++;
            });
            hits[g.get_group_id(0)] = count;
            triple_in_group(g, w);
          });
    });
    sycl::buffer<int> lb(logical3d.data(), sycl::range<1>(logical3d.size()));
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(lb, h, sycl::write_only);
      h.parallel_for_work_group<class hier_logical_3d>(
          sycl::range<3>(1, 2, 1), sycl::range<3>(2, 2, 4), [=](sycl::group<3> g) {
            const sycl::range<3> logical(1, 3, 5);
            g.parallel_for_work_item(logical, [&](sycl::h_item<3> it) {
              a[g.get_group_linear_id() * logical.size() + it.get_logical_local().get_linear_id()] =
                  static_cast<int>(it.get_physical_local().get_linear_id());
            });
          });
    });
    sycl::buffer<int> pb(per_group.data(), sycl::range<1>(per_group.size()));
    q.submit([&](sycl::handler &h) {
      sycl::accessor p(pb, h, sycl::write_only);
      // No work-group size: the implementation picks one.
      h.parallel_for_work_group<class hier_nosize>(sycl::range<1>(5), [=](sycl::group<1> g) {
        int count = 0;
        g.parallel_for_work_item([&](sycl::h_item<1>) { ++count; });
        p[g.get_group_id(0)] = count == static_cast<int>(g.get_local_range().size()) ? 1 : 0;
      });
    });
  }
  for (size_t grp = 0; grp < groups; ++grp) {
    int total = 0;
    for (size_t l = 0; l < wg; ++l) {
      size_t i = grp * wg + l;
      total += static_cast<int>(i);
      e2e::check_eq("neighbour[" + std::to_string(i) + "]", neighbour[i],
                    static_cast<int>(grp * wg + (l + 1) % wg) + 1000 + static_cast<int>(l) + 1);
    }
    e2e::check_eq("sum[" + std::to_string(grp) + "]", sums[grp], total);
    for (size_t l = 0; l < 2 * wg; ++l)
      e2e::check_eq("mapping[" + std::to_string(grp * 2 * wg + l) + "]",
                    mapping[grp * 2 * wg + l], static_cast<int>((l % wg) * 100 + (l % wg)));
  }
  // 2-D: 2 x 3 groups of 2 x 2, global range (4, 6).
  for (size_t r = 0; r < 4; ++r)
    for (size_t c = 0; c < 6; ++c) {
      const int *f = &ids2d[(r * 6 + c) * 4];
      std::string at = "2-D (" + std::to_string(r) + "," + std::to_string(c) + ")";
      e2e::check_eq(at + " group", f[0], static_cast<int>((r / 2) * 3 + c / 2));
      e2e::check_eq(at + " local linear id", f[1], static_cast<int>((r % 2) * 2 + c % 2));
      e2e::check_eq(at + " global range", f[2], 24);
      e2e::check_eq(at + " global linear id", f[3], static_cast<int>(r * 6 + c));
    }
  for (size_t i = 0; i < big.size(); ++i)
    e2e::check_eq("big private_memory " + std::to_string(i), big[i], 0.5 * i + 1);
  for (size_t i = 0; i < with_handler.size(); ++i)
    e2e::check_eq("kernel_handler " + std::to_string(i), with_handler[i], 7 * static_cast<int>(i));
  for (size_t i = 0; i < wide.size(); ++i)
    e2e::check_eq("wide group " + std::to_string(i), wide[i], 3 * static_cast<int>(i));
  for (size_t i = 0; i < wide_hits.size(); ++i)
    e2e::check_eq("wide group hits " + std::to_string(i), wide_hits[i], static_cast<int>(wide_wg));
  // Logical (1, 3, 5) on a (2, 2, 4) group: physical id = logical % (2, 2, 4).
  for (size_t grp = 0; grp < 2; ++grp)
    for (size_t j = 0; j < 3; ++j)
      for (size_t k = 0; k < 5; ++k)
        e2e::check_eq("3-D logical (0," + std::to_string(j) + "," + std::to_string(k) + ")",
                      logical3d[grp * 15 + j * 5 + k],
                      static_cast<int>((j % 2) * 4 + k % 4));
  for (size_t i = 0; i < per_group.size(); ++i)
    e2e::check_eq("no-size group " + std::to_string(i), per_group[i], 1);
  return e2e::finish("hierarchical");
}
