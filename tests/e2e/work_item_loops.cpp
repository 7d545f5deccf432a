// nd_range kernels with work-group barriers: on the CPU each runs as loops
// over its work-items, one per region between barriers (the host pass
// usycl-work-item-loops); on CUDA as written. Every shape the pass must get
// right: barriers in loops whose trip count is only known at run time, in
// conditionals uniform across the group, several barriers with values of
// several types (scalars, a struct, a private array indexed at run time)
// live across them, 2- and 3-dimensional groups, local memory, group
// algorithms, a barrier inside a helper the compiler must inline, guarded
// regions (`if (lid < n)`) with signed and unsigned bounds, early returns,
// values the same for the whole group (kept once per group) beside values
// that only look so.
#include "e2e_common.hpp"

#include <algorithm>
#include <numeric>
#include <vector>

using namespace sycl;

namespace {

struct pair_value {
  int a;
  double b;
};

// A barrier in a function of its own, not inlined by the optimiser.
[[gnu::noinline]] void wait_and_add(nd_item<1> it, local_accessor<int, 1> l, int v) {
  group_barrier(it.get_group());
  l[it.get_local_id(0)] += v;
  group_barrier(it.get_group());
}

void tree_reduction(queue &q, size_t wg) {
  const size_t groups = 7, n = groups * wg;
  std::vector<double> in(n);
  for (size_t i = 0; i < n; ++i) in[i] = double(i % 13) + 0.25;
  std::vector<double> out(groups, -1);
  {
    buffer<double> bin(in.data(), range<1>(n)), bout(out.data(), range<1>(groups));
    q.submit([&](handler &h) {
      accessor a(bin, h, read_only);
      accessor o(bout, h, write_only);
      local_accessor<double, 1> scratch(range<1>(wg), h);
      h.parallel_for(nd_range<1>(n, wg), [=](nd_item<1> it) {
        const size_t l = it.get_local_id(0);
        scratch[l] = a[it.get_global_id(0)];
        // The local range is only known at run time: the loop stays a loop
        // with the barrier inside.
        for (size_t w = it.get_local_range(0) / 2; w > 0; w /= 2) {
          group_barrier(it.get_group());
          if (l < w) scratch[l] += scratch[l + w];
        }
        if (l == 0) o[it.get_group(0)] = scratch[0];
      });
    });
  }
  for (size_t g = 0; g < groups; ++g) {
    double want = 0;
    for (size_t i = g * wg; i < (g + 1) * wg; ++i) want += in[i];
    e2e::check_near("tree reduction wg " + std::to_string(wg) + " group " + std::to_string(g),
                    out[g], want, 1e-12);
  }
}

void live_values(queue &q) {
  constexpr size_t wg = 64, groups = 4, n = wg * groups;
  int *iout = malloc_shared<int>(n, q);
  double *dout = malloc_shared<double>(n, q);
  float *fout = malloc_shared<float>(n, q);
  q.submit([&](handler &h) {
     local_accessor<int, 1> l(range<1>(wg), h);
     h.parallel_for(nd_range<1>(n, wg), [=](nd_item<1> it) {
       const int lid = int(it.get_local_id(0));
       const int gid = int(it.get_global_id(0));
       // Values of several types computed before the barriers, used after.
       int i = gid * 3 + 1;
       float f = float(lid) * 0.5f;
       double d = double(gid) / 7.0;
       bool odd = (lid & 1) != 0;
       pair_value p{lid * 2, d * 2};
       float priv[8];
       for (int k = 0; k < 8; ++k) priv[k] = f + float(k);
       const int pick = (gid * 5) % 8; // indexed at run time: stays in memory
       l[lid] = i;
       group_barrier(it.get_group());
       int neighbour = l[(lid + 1) % int(wg)];
       group_barrier(it.get_group());
       l[lid] = neighbour + p.a;
       priv[pick] += 1.0f;
       group_barrier(it.get_group());
       iout[gid] = l[lid] + (odd ? 1000 : 0);
       dout[gid] = d + p.b;
       fout[gid] = priv[pick] + priv[(pick + 1) % 8];
     });
   }).wait();
  for (size_t g = 0; g < n; ++g) {
    const int lid = int(g % wg), gid = int(g);
    const int nb = int(g / wg * wg + (lid + 1) % int(wg));
    e2e::check_eq("live int " + std::to_string(g), iout[g],
                  nb * 3 + 1 + lid * 2 + ((lid & 1) ? 1000 : 0));
    e2e::check_near("live double " + std::to_string(g), dout[g], 3 * double(gid) / 7.0, 1e-12);
    const float f = float(lid) * 0.5f;
    const int pick = (gid * 5) % 8;
    e2e::check_near("private array " + std::to_string(g), fout[g],
                    f + float(pick) + 1.0f + f + float((pick + 1) % 8));
  }
  free(iout, q);
  free(dout, q);
  free(fout, q);
}

void uniform_conditionals(queue &q) {
  constexpr size_t wg = 32, groups = 6, n = wg * groups;
  std::vector<int> out(n, -1);
  {
    buffer<int> b(out.data(), range<1>(n));
    q.submit([&](handler &h) {
      accessor o(b, h, write_only);
      local_accessor<int, 1> l(range<1>(wg), h);
      h.parallel_for(nd_range<1>(n, wg), [=](nd_item<1> it) {
        const size_t lid = it.get_local_id(0);
        const size_t g = it.get_group(0);
        l[lid] = int(lid);
        if (g % 2 == 0) { // the same for the whole group
          group_barrier(it.get_group());
          o[it.get_global_id(0)] = l[wg - 1 - lid] * 10;
          return; // an early return after a barrier
        }
        for (size_t k = 0; k < g; ++k) { // a uniform trip count per group
          group_barrier(it.get_group());
          const int v = l[(lid + 1) % wg];
          group_barrier(it.get_group());
          l[lid] = v;
        }
        o[it.get_global_id(0)] = l[lid];
      });
    });
  }
  for (size_t i = 0; i < n; ++i) {
    const size_t g = i / wg, lid = i % wg;
    const int want = g % 2 == 0 ? int(wg - 1 - lid) * 10 : int((lid + g) % wg);
    e2e::check_eq("uniform conditional " + std::to_string(i), out[i], want);
  }
}

void two_and_three_dimensions(queue &q) {
  constexpr size_t rows = 32, cols = 48, tile = 8;
  std::vector<int> in(rows * cols), out(rows * cols, -1);
  std::iota(in.begin(), in.end(), 0);
  {
    buffer<int, 2> bin(in.data(), range<2>(rows, cols)), bout(out.data(), range<2>(cols, rows));
    q.submit([&](handler &h) {
      accessor a(bin, h, read_only);
      accessor o(bout, h, write_only);
      local_accessor<int, 2> t(range<2>(tile, tile + 1), h);
      h.parallel_for(nd_range<2>({rows, cols}, {tile, tile}), [=](nd_item<2> it) {
        const size_t lr = it.get_local_id(0), lc = it.get_local_id(1);
        t[lr][lc] = a[it.get_global_id()];
        it.barrier(access::fence_space::local_space);
        const size_t r = it.get_group(1) * tile + lr, c = it.get_group(0) * tile + lc;
        o[r][c] = t[lc][lr];
      });
    });
  }
  for (size_t r = 0; r < rows; ++r)
    for (size_t c = 0; c < cols; ++c)
      e2e::check_eq("transpose " + std::to_string(r) + "," + std::to_string(c),
                    out[c * rows + r], in[r * cols + c]);

  constexpr size_t d0 = 4, d1 = 6, d2 = 8;
  int *sums = malloc_shared<int>(d0 * d1 * d2, q);
  q.submit([&](handler &h) {
     local_accessor<int, 3> l(range<3>(2, 3, 4), h);
     h.parallel_for(nd_range<3>({d0, d1, d2}, {2, 3, 4}), [=](nd_item<3> it) {
       const id<3> lid = it.get_local_id();
       l[lid] = int(it.get_global_linear_id());
       group_barrier(it.get_group());
       // each work-item reads its mirror in the group
       sums[it.get_global_linear_id()] = l[1 - lid[0]][2 - lid[1]][3 - lid[2]];
     });
   }).wait();
  for (size_t i = 0; i < d0; ++i)
    for (size_t j = 0; j < d1; ++j)
      for (size_t k = 0; k < d2; ++k) {
        const size_t gi = i / 2 * 2 + (1 - i % 2), gj = j / 3 * 3 + (2 - j % 3),
                     gk = k / 4 * 4 + (3 - k % 4);
        e2e::check_eq("3-d mirror", sums[(i * d1 + j) * d2 + k], int((gi * d1 + gj) * d2 + gk));
      }
  free(sums, q);
}

void group_algorithms_and_helpers(queue &q) {
  constexpr size_t wg = 16, groups = 5, n = wg * groups;
  int *out = malloc_shared<int>(n * 4, q);
  q.submit([&](handler &h) {
     local_accessor<int, 1> l(range<1>(wg), h);
     h.parallel_for(nd_range<1>(n, wg), [=](nd_item<1> it) {
       const auto g = it.get_group();
       const int x = int(it.get_global_id(0)) % 9;
       const int sum = reduce_over_group(g, x, plus<>());
       const int before = exclusive_scan_over_group(g, x, plus<>());
       const int first = group_broadcast(g, x, 0);
       l[it.get_local_id(0)] = x;
       wait_and_add(it, l, 1);
       const size_t i = it.get_global_id(0);
       out[i * 4 + 0] = sum;
       out[i * 4 + 1] = before;
       out[i * 4 + 2] = first + (any_of_group(g, x == 8) ? 100 : 0);
       out[i * 4 + 3] = l[(it.get_local_id(0) + 3) % wg];
     });
   }).wait();
  for (size_t grp = 0; grp < groups; ++grp) {
    int sum = 0;
    bool any8 = false;
    for (size_t k = 0; k < wg; ++k) {
      sum += int(grp * wg + k) % 9;
      any8 |= int(grp * wg + k) % 9 == 8;
    }
    int before = 0;
    for (size_t k = 0; k < wg; ++k) {
      const size_t i = grp * wg + k;
      e2e::check_eq("reduce_over_group", out[i * 4 + 0], sum);
      e2e::check_eq("exclusive_scan_over_group", out[i * 4 + 1], before);
      e2e::check_eq("group_broadcast/any_of", out[i * 4 + 2],
                    int(grp * wg) % 9 + (any8 ? 100 : 0));
      e2e::check_eq("barrier in a helper", out[i * 4 + 3],
                    int(grp * wg + (k + 3) % wg) % 9 + 1);
      before += int(i) % 9;
    }
  }
  free(out, q);
}

void guarded_regions(queue &q) {
  // `if (lid < n)` / `if (n > lid)` / `if (lid <= n)` with n from the
  // kernel's captures (signed, possibly negative, or beyond the group).
  constexpr size_t wg = 32;
  for (int bound : {-3, 0, 1, 7, 31, 32, 40}) {
    int *out = malloc_shared<int>(wg * 3, q);
    q.submit([&](handler &h) {
       local_accessor<int, 1> l(range<1>(wg), h);
       h.parallel_for(nd_range<1>(wg, wg), [=](nd_item<1> it) {
         const int lid = int(it.get_local_id(0));
         l[lid] = 0;
         group_barrier(it.get_group());
         if (lid < bound) l[lid] += 1;
         group_barrier(it.get_group());
         if (bound > lid) l[lid] += 10;
         group_barrier(it.get_group());
         if (size_t(lid) <= size_t(bound)) l[lid] += 100;
         group_barrier(it.get_group());
         out[lid] = l[lid];
       });
     }).wait();
    for (int lid = 0; lid < int(wg); ++lid) {
      int want = (lid < bound ? 11 : 0) + (size_t(lid) <= size_t(bound) ? 100 : 0);
      e2e::check_eq("guard bound " + std::to_string(bound) + " lid " + std::to_string(lid),
                    out[lid], want);
    }
    free(out, q);
  }
}

// Values the same for every work-item of a group live across barriers (the
// pass keeps one per group): a tile counter advanced at the end of a loop
// with barriers and read again at its top (the pass reads the counter's old
// value in the region that also stores the next one), a value derived from
// it, a bound from the kernel's arguments; beside values that only look
// uniform: set under a work-item's own condition inside the loop, or counted
// only by some work-items.
void uniform_values(queue &q) {
  constexpr size_t wg = 16, groups = 5, n = wg * groups, len = 7 * wg;
  std::vector<int> in(groups * len);
  std::iota(in.begin(), in.end(), 1);
  std::vector<int> sums(n, -1), picks(n, -1), counts(n, -1);
  {
    buffer<int> bin(in.data(), range<1>(in.size()));
    buffer<int> bs(sums.data(), range<1>(n)), bp(picks.data(), range<1>(n)),
        bc(counts.data(), range<1>(n));
    q.submit([&](handler &h) {
      accessor a(bin, h, read_only);
      accessor s(bs, h, write_only), pk(bp, h, write_only), c(bc, h, write_only);
      local_accessor<int, 1> tile(range<1>(wg), h);
      const size_t length = len; // a bound from the kernel object
      h.parallel_for(nd_range<1>(n, wg), [=](nd_item<1> it) {
        const size_t lid = it.get_local_id(0), g = it.get_group(0);
        int sum = 0, pick = -1, count = 0;
        size_t twice = 0;
        for (size_t t = 0; t < length; t += wg) {
          tile[lid] = a[g * length + t + lid];
          group_barrier(it.get_group());
          for (size_t k = 0; k < wg; ++k) sum += tile[k] * int(k == lid ? 1 : 0);
          if (lid < t / wg) pick = int(t); // uniform value, varying condition
          if (lid % 2) ++count;            // counted by odd work-items only
          twice = 2 * t;                   // derived from the counter
          group_barrier(it.get_group());
        }
        s[it.get_global_id(0)] = sum + int(twice);
        pk[it.get_global_id(0)] = pick;
        c[it.get_global_id(0)] = count;
      });
    });
  }
  for (size_t i = 0; i < n; ++i) {
    const size_t g = i / wg, lid = i % wg, steps = len / wg;
    int want = 0, pick = -1;
    for (size_t step = 0; step < steps; ++step) {
      want += in[g * len + step * wg + lid];
      if (lid < step) pick = int(step * wg);
    }
    want += int(2 * (len - wg));
    e2e::check_eq("uniform sum " + std::to_string(i), sums[i], want);
    e2e::check_eq("uniform pick " + std::to_string(i), picks[i], pick);
    e2e::check_eq("uniform count " + std::to_string(i), counts[i], lid % 2 ? int(steps) : 0);
  }
}

// Many sub-group collectives in one kernel (joint scans over the group and
// over each sub-group, with and without an initial value chosen at run
// time, as SYCL-CTS's joint-scan tests do): on the CPU each loop over a
// sub-group's work-items becomes a function of its own (compile time).
void many_collectives(queue &q) {
  constexpr size_t wg = 40, groups = 3, len = 70;
  std::vector<int> in(len);
  for (size_t i = 0; i < len; ++i) in[i] = int(i % 7) - 2;
  std::vector<int> out(groups * 5 * len, -99);
  const bool with_init = in.size() > 3; // decided at run time
  {
    buffer<int> bin(in.data(), range<1>(len)), bout(out.data(), range<1>(out.size()));
    q.submit([&](handler &h) {
      accessor a(bin, h, read_only);
      accessor o(bout, h, write_only);
      h.parallel_for(nd_range<1>(groups * wg, wg), [=](nd_item<1> it) {
        const auto g = it.get_group();
        const auto sg = it.get_sub_group();
        const int *first = &a[0], *last = first + len;
        int *base = &o[0] + g.get_group_linear_id() * 5 * len;
        plus<int> op;
        if (with_init) {
          joint_exclusive_scan(g, first, last, base, 10, op);
          joint_inclusive_scan(g, first, last, base + len, op, 10);
        } else {
          joint_exclusive_scan(g, first, last, base, op);
          joint_inclusive_scan(g, first, last, base + len, op);
        }
        // Each sub-group scans the input into a slice of its own.
        const size_t slice = len / 8;
        const size_t s = sg.get_group_linear_id();
        int *mine = base + 2 * len + s * slice;
        if (s < 8) {
          if (with_init)
            joint_inclusive_scan(sg, first, first + slice, mine, op, 10);
          else
            joint_inclusive_scan(sg, first, first + slice, mine, op);
        }
        const int total = reduce_over_group(sg, int(sg.get_local_linear_id()), op);
        const int before = exclusive_scan_over_group(sg, 1, op);
        base[3 * len + it.get_local_linear_id()] = total * 1000 + before;
        base[4 * len + it.get_local_linear_id()] = int(sg.get_local_linear_range());
      });
    });
  }
  for (size_t grp = 0; grp < groups; ++grp) {
    const int *r = out.data() + grp * 5 * len;
    int acc = 10;
    for (size_t i = 0; i < len; ++i) {
      e2e::check_eq("joint exclusive " + std::to_string(i), r[i], acc);
      acc += in[i];
      e2e::check_eq("joint inclusive " + std::to_string(i), r[len + i], acc);
    }
    // The sub-group width is what the kernel saw (sub-group 0 is full).
    const size_t lanes = size_t(r[4 * len]);
    const size_t sub_groups = (wg + lanes - 1) / lanes, slice = len / 8;
    for (size_t s = 0; s < std::min<size_t>(sub_groups, 8); ++s) {
      int sacc = 10;
      for (size_t i = 0; i < slice; ++i) {
        sacc += in[i];
        e2e::check_eq("sub-group joint inclusive " + std::to_string(s) + "." + std::to_string(i),
                      r[2 * len + s * slice + i], sacc);
      }
    }
    for (size_t lid = 0; lid < wg; ++lid) {
      const size_t s = lid / lanes, lane = lid % lanes;
      const size_t n = std::min(lanes, wg - s * lanes);
      const int total = int(n * (n - 1) / 2);
      e2e::check_eq("sub-group collectives " + std::to_string(lid), r[3 * len + lid],
                    total * 1000 + int(lane));
      e2e::check_eq("sub-group lanes " + std::to_string(lid), r[4 * len + lid], int(n));
    }
  }
}

void no_barrier(queue &q) {
  constexpr size_t n = 1000, wg = 40;
  std::vector<long> out(n, 0);
  {
    buffer<long> b(out.data(), range<1>(n));
    q.submit([&](handler &h) {
      accessor o(b, h, write_only);
      h.parallel_for(nd_range<1>(n, wg, id<1>(5)), [=](nd_item<1> it) {
        o[it.get_global_id(0) - 5] =
            long(it.get_global_id(0)) * 1000 + long(it.get_local_id(0)) + long(it.get_group(0)) * 7;
      });
    });
  }
  for (size_t i = 0; i < n; ++i)
    e2e::check_eq("no barrier " + std::to_string(i), out[i],
                  long(i + 5) * 1000 + long(i % wg) + long(i / wg) * 7);
}

// Fewer groups than CPU threads: groups without barriers or local memory
// run in parts on several threads (work_item_loops.hpp, divisible groups).
// One group of 999 work-items (uneven parts) with sub-group queries, a
// guarded kernel (`if (lid < 300)`), and a sycl::reduction whose partials
// per part are combined.
void groups_in_parts(queue &q) {
  constexpr size_t n = 999;
  long *out = malloc_shared<long>(2 * n + 1, q);
  std::fill(out, out + 2 * n + 1, -1);
  q.parallel_for(nd_range<1>(n, n), [=](nd_item<1> it) {
     const sub_group sg = it.get_sub_group();
     out[it.get_global_id(0)] = long(it.get_global_id(0)) * 1000 +
                                long(sg.get_group_linear_id()) * 7 + long(sg.get_local_linear_id()) * 3;
     if (it.get_global_id(0) == n - 1)
       out[2 * n] = long(sg.get_max_local_range()[0]);
   }).wait();
  q.parallel_for(nd_range<1>(n, n), [=](nd_item<1> it) {
     const size_t lid = it.get_local_id(0);
     if (lid < 300)
       out[n + lid] = long(lid) * 2;
   }).wait();
  long *sum = malloc_shared<long>(1, q);
  *sum = 5;
  q.parallel_for(nd_range<1>(512, 512), reduction(sum, plus<long>()),
                 [=](nd_item<1> it, auto &s) { s += long(it.get_global_id(0)); })
      .wait();
  const long w = out[2 * n];
  for (size_t i = 0; i < n; ++i) {
    e2e::check_eq("group in parts " + std::to_string(i), out[i],
                  long(i) * 1000 + long(i) / w * 7 + long(i) % w * 3);
    e2e::check_eq("guarded group in parts " + std::to_string(i), out[n + i],
                  i < 300 ? long(i) * 2 : -1L);
  }
  e2e::check_eq("reduction over a group in parts", *sum, 5L + 511L * 512L / 2);
  free(out, q);
  free(sum, q);
}

} // namespace

int main() {
  queue q;
  e2e::print_device(q, "work_item_loops");
  for (size_t wg : {1, 2, 8, 64, 256}) tree_reduction(q, wg);
  live_values(q);
  uniform_conditionals(q);
  two_and_three_dimensions(q);
  group_algorithms_and_helpers(q);
  guarded_regions(q);
  uniform_values(q);
  many_collectives(q);
  no_barrier(q);
  groups_in_parts(q);
  return e2e::finish("work_item_loops");
}
