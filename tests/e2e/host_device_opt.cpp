// usycl++ -fsycl-host-device-opt (issue 21): kernels specialised on the
// constants their submissions capture give the same results as generic ones,
// and the runtime launches a clone exactly where the captured values are
// the ones the raising proved.
//
//   Folded      an int trip count, a float, a bool and an int array, all
//               plain locals initialised with constants: specialised;
//   Looped      a constant captured in a loop of submissions: specialised
//               every time;
//   FromArgs    a value computed from argc at run time: not folded (the
//               launch's constant range is: a clone of the range alone);
//   Reassigned  a local assigned twice before its submission: likewise.
//
// The launch range itself (a clone runs only for the range it folded):
//   Ramp        a functor over range<1>(n): specialised; the same kernel
//               over a range computed from argc: generic;
//   GroupSum    a functor over nd_range<2>({64, 64}, {8, 16}) with a
//               work-group reduction (a constant number of warps on CUDA):
//               specialised; the same kernel with a work-group size from
//               argc: generic;
//   Offset      range<2>(8, 16) with the offset {16, 4}: specialised.
//   GroupAny    nd_range<1> of a size from argc in groups of 32 (a
//               work-group reduction; the group count and global range
//               read): specialised for both sizes (work-group size and
//               offset folded);
//   ScaleAny    range<1> of a size from argc with a captured constant:
//               specialised for both sizes (the constant and the offset).
//
// Functors built outside the command group (their fields proven constant
// where written once and otherwise only read):
//   FScale      a functor of main, aggregate-initialised, submitted in a
//               command group: specialised;
//   FTemp       a temporary functor through the queue::parallel_for
//               shortcut: specialised;
//   FCtor       a functor with a constructor storing its parameters, in a
//               command group and as a temporary through the shortcut (two
//               ranges, two values): specialised both times;
//   FMod        a functor whose field is assigned again after its
//               construction: the field is not folded (a clone of the
//               range alone);
//   FOne        a single_task functor through the shortcut: specialised.
//
// Buffer accessors (their buffer's range, their range, offset and base
// folded where the submission proves them):
//   AccWhole    two accessors of whole 16 x 48 buffers built in main:
//               specialised;
//   AccWindow   an accessor of range {8, 16} at the offset {4, 8}:
//               specialised (the offset folded);
//   Shift2D     a functor of two accessors, submitted over whole 16 x 48
//               buffers (specialised), then from a function called twice:
//               over a sub-buffer (rows 16..31 of a 32 x 48 buffer: the
//               accessors' bytes are the clone's but for base_, the
//               sub-buffer's start) and through accessors at an offset.
//               Neither holds for the clone: both run the generic kernel.
//
// parallel_for with reductions (the kernel object is the reduction
// wrapper holding the user's lambda; the folds are offsets in the wrapper):
//   RedRange    range form, USM sum, a constant int and float array:
//               specialised;
//   RedNd       nd_range form, a buffer sum and a USM max, a local accessor
//               of constant range and a constant int: specialised;
//   RedSpan     span reduction over a 2-D range, a constant std::array:
//               specialised;
//   RedShort    the queue::parallel_for shortcut, a constant int:
//               specialised;
//   RedArgs     a value computed from argc: generic (a range reduction's
//               range is not folded: it launches its own work-item count).
//
// parallel_for_work_group (the kernel object is the hierarchical wrapper:
// the user's lambda, then the work-group size; the launch's own geometry is
// not folded):
//   HierLocal   range<1>(8) groups of 16, a constant int and float and
//               parallel_for_work_item: specialised (the work-group size
//               folded too);
//   HierUnit    range<2>(4, 4) groups without a work-group size, a constant
//               int: specialised;
//   HierArgs    a work-group size and a capture from argc: generic.
//
// Kernels taking a kernel_handler (the kernel object is the wrapper holding
// the user's lambda and the specialization constants' address, which the
// runtime sets at launch and the plan never folds):
//   KHRange     range<1>, a constant int, submitted twice with the
//               specialization constant set to 5 and 6: specialised both
//               times, each launch reading its own value;
//   KHNd        nd_range<1>, the constant's default: specialised;
//   KHSingle    single_task: specialised;
//   HierKH      parallel_for_work_group taking a kernel_handler: specialised.
//
// When USYCL_TRACE_FILE names the trace (ctest sets it, with USYCL_TRACE=1),
// the program also reads which launches ran a clone ("[specialised: ...]").
#include "e2e_common.hpp"

#include <array>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

class Folded;
class Looped;
class FromArgs;
class Reassigned;
class RedRange;
class RedNd;
class RedSpan;
class RedShort;
class RedArgs;
class Offset;
class GroupAny;
class ScaleAny;
class AccWhole;
class AccWindow;
class HierLocal;
class HierUnit;
class HierArgs;
class KHRange;
class KHNd;
class KHSingle;
class HierKH;

constexpr sycl::specialization_id<int> hdo_coef{3};

// A kernel of two buffer accessors: copies its window of `in` to `out`'s,
// plus in's offset (100 x row + column).
struct Shift2D {
  sycl::accessor<float, 2, sycl::access_mode::read> in;
  sycl::accessor<float, 2, sycl::access_mode::write> out;
  void operator()(sycl::id<2> i) const {
    out[i] = in[i] + float(in.get_offset()[0] * 100 + in.get_offset()[1]);
  }
};

namespace {

// Counts the launch lines of the trace per kernel: total and specialised.
std::map<std::string, std::pair<int, int>> launches(const std::string &trace) {
  std::map<std::string, std::pair<int, int>> counts;
  std::ifstream in(trace);
  std::string line;
  while (std::getline(in, line)) {
    if (line.find("] launch: '") == std::string::npos)
      continue;
    for (const char *k :
         {"Folded", "Looped", "FromArgs", "Reassigned", "RedRange", "RedNd", "RedSpan", "RedShort",
          "RedArgs", "Ramp", "GroupSum", "Offset", "GroupAny", "ScaleAny", "AccWhole", "AccWindow", "Shift2D", "FScale",
          "FTemp", "FCtor", "FMod", "FOne", "HierLocal", "HierUnit", "HierArgs", "KHRange", "KHNd",
          "KHSingle", "HierKH"})
      // A reduction's kernel is named reduction_kernel_name<K>.
      if (line.find(std::string("'") + k + "'") != std::string::npos ||
          line.find(std::string("<") + k + ">'") != std::string::npos) {
        ++counts[k].first;
        if (line.find("[specialised: ") != std::string::npos)
          ++counts[k].second;
      }
  }
  return counts;
}

// Shift2D through accessors of range r at the offset off. Called from two
// places: the submission proves nothing (the plan has no record of it), and
// its launches run the clone of Shift2D's submission in main only where
// their accessors' bytes are that clone's.
void shift_window(sycl::queue &q, sycl::buffer<float, 2> &src, sycl::buffer<float, 2> &dst,
                  sycl::range<2> r, sycl::id<2> off) {
  q.submit([&](sycl::handler &h) {
     sycl::accessor in(src, h, r, off, sycl::read_only);
     sycl::accessor out(dst, h, r, off, sycl::write_only);
     h.parallel_for(r, Shift2D{in, out});
   }).wait();
}

// Fills a 2-D buffer with scale x ((7 x row + column) % 23).
void fill(sycl::buffer<float, 2> &b, float scale) {
  sycl::host_accessor h(b, sycl::write_only);
  for (size_t r = 0; r < b.get_range()[0]; ++r)
    for (size_t c = 0; c < b.get_range()[1]; ++c)
      h[r][c] = scale * float((r * 7 + c) % 23);
}
float filled(size_t r, size_t c, float scale) { return scale * float((r * 7 + c) % 23); }

} // namespace

// Kernels submitted twice, with a constant launch range and with one
// computed at run time.
struct Ramp {
  float *out;
  void operator()(sycl::item<1> it) const {
    out[it.get_id(0)] = float(it.get_id(0)) * 2.0f + float(it.get_range(0));
  }
};
struct GroupSum {
  const int *in;
  int *sums;
  void operator()(sycl::nd_item<2> it) const {
    const int v = in[it.get_global_linear_id()];
    const int s = sycl::reduce_over_group(it.get_group(), v, sycl::plus<int>());
    if (it.get_local_linear_id() == 0)
      sums[it.get_group_linear_id()] = s + int(it.get_local_range(0) * 1000);
  }
};

// Functors built outside the command group.
struct FScale {
  float a;
  float *p;
  void operator()(sycl::id<1> i) const { p[i] = a * float(i[0]); }
};
struct FTemp {
  int k;
  float *p;
  void operator()(sycl::id<1> i) const { p[i] = float(int(i[0]) + k); }
};
struct FCtor {
  FCtor(float a, float *p) : a(a), p(p) {}
  void operator()(sycl::id<1> i) const { p[i] = a * float(i[0]) + 1.0f; }
  float a;
  float *p;
};
struct FMod {
  float a;
  float *p;
  void operator()(sycl::id<1> i) const { p[i] = a - float(i[0]); }
};
struct FOne {
  int v;
  int *o;
  void operator()() const { *o = v; }
};

int main(int argc, char **) {
  const char *trace = std::getenv("USYCL_TRACE_FILE");
  if (trace)
    std::ofstream(trace, std::ios::trunc); // this run's lines only
  sycl::queue q;
  e2e::print_device(q, "host_device_opt");
  constexpr size_t n = 4096;
  int *in = sycl::malloc_shared<int>(n, q);
  float *out = sycl::malloc_shared<float>(n, q);
  for (size_t i = 0; i < n; ++i)
    in[i] = int(i % 13);

  int taps = 3;
  float scale = 0.5f;
  bool negate = true;
  std::array<int, 4> offsets = {0, 1, 5, 7};
  q.submit([&](sycl::handler &h) {
     h.parallel_for<Folded>(sycl::range<1>(n), [=](sycl::id<1> i) {
       float s = 0.0f;
       for (int t = 0; t < taps; ++t)
         s += float(in[(i[0] + size_t(offsets[size_t(t)])) % n]);
       out[i] = (negate ? -s : s) * scale;
     });
   }).wait();
  for (size_t i = 0; i < n; ++i) {
    float s = 0.0f;
    for (int t = 0; t < 3; ++t)
      s += float(in[(i + size_t(offsets[size_t(t)])) % n]);
    e2e::check_eq("Folded[" + std::to_string(i) + "]", out[i], -s * 0.5f);
  }

  float step = 0.25f;
  for (int round = 0; round < 3; ++round) {
    q.submit([&](sycl::handler &h) {
       h.parallel_for<Looped>(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] += step; });
     }).wait();
  }
  for (size_t i = 0; i < n; ++i) {
    float s = 0.0f;
    for (int t = 0; t < 3; ++t)
      s += float(in[(i + size_t(offsets[size_t(t)])) % n]);
    e2e::check_eq("Looped[" + std::to_string(i) + "]", out[i], -s * 0.5f + 0.75f);
  }

  const int runtime_value = argc + 1; // 2 under ctest
  q.submit([&](sycl::handler &h) {
     h.parallel_for<FromArgs>(sycl::range<1>(n),
                              [=](sycl::id<1> i) { out[i] = float(in[i] * runtime_value); });
   }).wait();
  for (size_t i = 0; i < n; ++i)
    e2e::check_eq("FromArgs[" + std::to_string(i) + "]", out[i], float(int(i % 13) * (argc + 1)));

  int factor = 2;
  factor = 3;
  q.submit([&](sycl::handler &h) {
     h.parallel_for<Reassigned>(sycl::range<1>(n),
                                [=](sycl::id<1> i) { out[i] = float(in[i] * factor); });
   }).wait();
  for (size_t i = 0; i < n; ++i)
    e2e::check_eq("Reassigned[" + std::to_string(i) + "]", out[i], float(int(i % 13) * 3));

  // Reductions whose kernels capture host constants.
  int *sum = sycl::malloc_shared<int>(4, q);
  const int weight = 3;
  const float bias[2] = {0.5f, 2.0f};
  *sum = 0;
  q.submit([&](sycl::handler &h) {
     h.parallel_for<RedRange>(sycl::range<1>(n), sycl::reduction(sum, sycl::plus<int>()),
                              [=](sycl::id<1> i, auto &s) { s += in[i] * weight + int(bias[1]); });
   }).wait();
  int expect_sum = 0;
  for (size_t i = 0; i < n; ++i)
    expect_sum += int(i % 13) * 3 + 2;
  e2e::check_eq("RedRange sum", *sum, expect_sum);

  constexpr size_t wg = 64;
  const int shift = 5;
  sycl::buffer<int> total(sycl::range<1>(1));
  {
    sycl::host_accessor t(total);
    t[0] = 0;
  }
  *sum = -1;
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> tile{sycl::range<1>{wg}, h};
     h.parallel_for<RedNd>(sycl::nd_range<1>(n, wg),
                           sycl::reduction(total, h, sycl::plus<int>()),
                           sycl::reduction(sum, sycl::maximum<int>()),
                           [=](sycl::nd_item<1> it, auto &s, auto &m) {
                             const size_t l = it.get_local_id(0);
                             tile[l] = in[it.get_global_id(0)] + shift;
                             sycl::group_barrier(it.get_group());
                             s += tile[wg - 1 - l];
                             m.combine(tile[l]);
                           });
   }).wait();
  int expect_total = 0;
  for (size_t i = 0; i < n; ++i)
    expect_total += int(i % 13) + 5;
  e2e::check_eq("RedNd sum", sycl::host_accessor(total)[0], expect_total);
  e2e::check_eq("RedNd max", *sum, 12 + 5);

  const std::array<int, 3> span_weights = {1, 10, 100};
  for (int k = 0; k < 4; ++k)
    sum[k] = 0;
  q.submit([&](sycl::handler &h) {
     h.parallel_for<RedSpan>(sycl::range<2>(8, 30),
                             sycl::reduction(sycl::span<int, 4>(sum, 4), sycl::plus<int>()),
                             [=](sycl::item<2> it, auto &s) {
                               s[it[0] % 4] += span_weights[it[1] % 3];
                             });
   }).wait();
  for (int k = 0; k < 4; ++k) // two rows per element, 10 of each weight per row
    e2e::check_eq("RedSpan[" + std::to_string(k) + "]", sum[k], 2 * 10 * 111);

  const int times = 7;
  *sum = 0;
  q.parallel_for<RedShort>(sycl::range<1>(n), sycl::reduction(sum, sycl::plus<int>()),
                           [=](sycl::id<1> i, auto &s) { s += in[i] * times; })
      .wait();
  e2e::check_eq("RedShort sum", *sum, (expect_sum - 2 * int(n)) / 3 * 7);

  *sum = 0;
  q.submit([&](sycl::handler &h) {
     h.parallel_for<RedArgs>(sycl::range<1>(n), sycl::reduction(sum, sycl::plus<int>()),
                             [=](sycl::id<1> i, auto &s) { s += in[i] * runtime_value; });
   }).wait();
  e2e::check_eq("RedArgs sum", *sum, (expect_sum - 2 * int(n)) / 3 * (argc + 1));
  sycl::free(sum, q);

  // The launch range. Ramp over the constant range<1>(n), then over n/2
  // from argc (1 under ctest): each writes its own range into the values.
  const size_t half = n / size_t(argc + 1);
  for (size_t m : {n, half}) {
    for (size_t i = 0; i < n; ++i)
      out[i] = -1.0f;
    if (m == n)
      q.submit([&](sycl::handler &h) { h.parallel_for(sycl::range<1>(n), Ramp{out}); }).wait();
    else
      q.submit([&](sycl::handler &h) { h.parallel_for(sycl::range<1>(half), Ramp{out}); }).wait();
    for (size_t i = 0; i < n; ++i)
      e2e::check_eq("Ramp(" + std::to_string(m) + ")[" + std::to_string(i) + "]", out[i],
                    i < m ? float(i) * 2.0f + float(m) : -1.0f);
  }

  // GroupSum over 64 x 64 in groups of 8 x 16, then of (4 * argc) x 16.
  int *sums = sycl::malloc_shared<int>(n, q);
  const size_t rows = 4 * size_t(argc);
  for (size_t g0 : {size_t(8), rows}) {
    if (g0 == 8)
      q.submit([&](sycl::handler &h) {
         h.parallel_for(sycl::nd_range<2>({64, 64}, {8, 16}), GroupSum{in, sums});
       }).wait();
    else
      q.submit([&](sycl::handler &h) {
         h.parallel_for(sycl::nd_range<2>({64, 64}, {rows, 16}), GroupSum{in, sums});
       }).wait();
    const size_t groups1 = 64 / 16;
    for (size_t a = 0; a < 64 / g0; ++a)
      for (size_t b = 0; b < groups1; ++b) {
        int expect = int(g0 * 1000);
        for (size_t r = a * g0; r < (a + 1) * g0; ++r)
          for (size_t c = b * 16; c < (b + 1) * 16; ++c)
            expect += int((r * 64 + c) % 13);
        e2e::check_eq("GroupSum(" + std::to_string(g0) + ")[" + std::to_string(a) + "," +
                          std::to_string(b) + "]",
                      sums[a * groups1 + b], expect);
      }
  }
  sycl::free(sums, q);

  // A range with an offset: the ids include it.
  for (size_t i = 0; i < n; ++i)
    out[i] = -1.0f;
  q.submit([&](sycl::handler &h) {
     h.parallel_for<Offset>(sycl::range<2>(8, 16), sycl::id<2>(16, 4), [=](sycl::item<2> it) {
       out[it.get_id(0) * 32 + it.get_id(1)] = float(it.get_linear_id());
     });
   }).wait();
  for (size_t r = 0; r < 32; ++r)
    for (size_t c = 0; c < 32; ++c) {
      const bool in_range = r >= 16 && r < 24 && c >= 4 && c < 20;
      e2e::check_eq("Offset[" + std::to_string(r) + "," + std::to_string(c) + "]",
                    out[r * 32 + c], in_range ? float((r - 16) * 16 + (c - 4)) : -1.0f);
    }

  // Run-time global sizes: an nd_range of constant work-group size (the
  // group counts and global range still read at run time), and a range with
  // a captured constant; each launched over two sizes, one clone for both.
  const size_t sizes[2] = {32 * size_t(argc + 1), 32 * size_t(argc + 4)};
  int *group_sums = sycl::malloc_shared<int>(sizes[1] / 32, q);
  for (size_t m : sizes) {
    q.submit([&](sycl::handler &h) {
       h.parallel_for<GroupAny>(sycl::nd_range<1>(m, 32), [=](sycl::nd_item<1> it) {
         const int s = sycl::reduce_over_group(it.get_group(), int(it.get_global_id(0) % 13),
                                               sycl::plus<>());
         if (it.get_local_id(0) == 0)
           group_sums[it.get_group(0)] = s + int(it.get_group_range(0)) * 1000 +
                                         int(it.get_global_range(0)) * 100000;
       });
     }).wait();
    for (size_t g = 0; g < m / 32; ++g) {
      int expect = int(m / 32) * 1000 + int(m) * 100000;
      for (size_t i = g * 32; i < (g + 1) * 32; ++i)
        expect += int(i % 13);
      e2e::check_eq("GroupAny(" + std::to_string(m) + ")[" + std::to_string(g) + "]",
                    group_sums[g], expect);
    }
    int k = 7;
    for (size_t i = 0; i < n; ++i)
      out[i] = -1.0f;
    q.submit([&](sycl::handler &h) {
       h.parallel_for<ScaleAny>(sycl::range<1>(m), [=](sycl::item<1> it) {
         out[it.get_id(0)] = float(k * int(it.get_id(0)) + int(it.get_range(0)));
       });
     }).wait();
    for (size_t i = 0; i < n; ++i)
      e2e::check_eq("ScaleAny(" + std::to_string(m) + ")[" + std::to_string(i) + "]", out[i],
                    i < m ? float(7 * int(i) + int(m)) : -1.0f);
  }
  sycl::free(group_sums, q);

  // Buffer accessors.
  constexpr size_t acc_rows = 16, acc_cols = 48;
  {
    sycl::buffer<float, 2> gin(sycl::range<2>{acc_rows, acc_cols}),
        gout(sycl::range<2>{acc_rows, acc_cols});
    fill(gin, 1.0f);
    q.submit([&](sycl::handler &h) {
       sycl::accessor a(gin, h, sycl::read_only);
       sycl::accessor o(gout, h, sycl::write_only, sycl::no_init);
       h.parallel_for<AccWhole>(sycl::range<2>{acc_rows, acc_cols}, [=](sycl::id<2> i) {
         o[i] = a[i] * 2.0f + float(o.get_range()[1] * i[0]);
       });
     }).wait();
    q.submit([&](sycl::handler &h) {
       sycl::accessor w(gout, h, sycl::range<2>{8, 16}, sycl::id<2>{4, 8}, sycl::read_write);
       h.parallel_for<AccWindow>(sycl::range<2>{8, 16}, [=](sycl::id<2> i) {
         w[i] += 1000.0f + float(w.get_offset()[0]);
       });
     }).wait();
    sycl::host_accessor got(gout, sycl::read_only);
    for (size_t r = 0; r < acc_rows; ++r)
      for (size_t c = 0; c < acc_cols; ++c) {
        const bool window = r >= 4 && r < 12 && c >= 8 && c < 24;
        e2e::check_eq("AccWhole/AccWindow[" + std::to_string(r) + "," + std::to_string(c) + "]",
                      got[r][c],
                      filled(r, c, 1.0f) * 2.0f + float(acc_cols * r) + (window ? 1004.0f : 0.0f));
      }
  }
  {
    sycl::buffer<float, 2> sa(sycl::range<2>{acc_rows, acc_cols}),
        sb(sycl::range<2>{acc_rows, acc_cols});
    fill(sa, 1.0f);
    q.submit([&](sycl::handler &h) {
       sycl::accessor in(sa, h, sycl::read_only);
       sycl::accessor out(sb, h, sycl::write_only, sycl::no_init);
       h.parallel_for(sycl::range<2>{acc_rows, acc_cols}, Shift2D{in, out});
     }).wait();
    // The lower half of a 32 x 48 buffer: a 16 x 48 sub-buffer at element 768.
    sycl::buffer<float, 2> parent(sycl::range<2>{2 * acc_rows, acc_cols});
    fill(parent, 3.0f);
    sycl::buffer<float, 2> lower(parent, sycl::id<2>{acc_rows, 0},
                                 sycl::range<2>{acc_rows, acc_cols});
    sycl::buffer<float, 2> sc(sycl::range<2>{acc_rows, acc_cols}),
        sd(sycl::range<2>{acc_rows, acc_cols});
    fill(sd, -1.0f);
    shift_window(q, lower, sc, sycl::range<2>{acc_rows, acc_cols}, sycl::id<2>{0, 0});
    shift_window(q, sa, sd, sycl::range<2>{8, 16}, sycl::id<2>{4, 8});
    sycl::host_accessor b(sb, sycl::read_only), c(sc, sycl::read_only), d(sd, sycl::read_only);
    for (size_t r = 0; r < acc_rows; ++r)
      for (size_t k = 0; k < acc_cols; ++k) {
        const std::string at = "[" + std::to_string(r) + "," + std::to_string(k) + "]";
        e2e::check_eq("Shift2D whole" + at, b[r][k], filled(r, k, 1.0f));
        e2e::check_eq("Shift2D sub-buffer" + at, c[r][k], filled(acc_rows + r, k, 3.0f));
        const bool window = r >= 4 && r < 12 && k >= 8 && k < 24;
        e2e::check_eq("Shift2D offset" + at, d[r][k],
                      window ? filled(r, k, 1.0f) + 408.0f : filled(r, k, -1.0f));
      }
  }

  // Functors built outside the command group.
  {
    float *fx = sycl::malloc_shared<float>(4 * n, q);
    int *fo = sycl::malloc_shared<int>(1, q);
    FScale fs{2.0f, fx};
    q.submit([&](sycl::handler &h) { h.parallel_for(sycl::range<1>(n), fs); }).wait();
    q.parallel_for(sycl::range<1>(n), FTemp{3, fx + n}).wait();
    FCtor fc(4.0f, fx + 2 * n);
    q.submit([&](sycl::handler &h) { h.parallel_for(sycl::range<1>(n), fc); }).wait();
    q.parallel_for(sycl::range<1>(n / 2), FCtor(5.0f, fx + 2 * n)).wait();
    FMod fm{1.0f, fx + 3 * n};
    fm.a = 6.0f;
    q.submit([&](sycl::handler &h) { h.parallel_for(sycl::range<1>(n), fm); }).wait();
    q.single_task(FOne{9, fo}).wait();
    for (size_t i = 0; i < n; ++i) {
      const std::string at = "[" + std::to_string(i) + "]";
      e2e::check_eq("FScale" + at, fx[i], 2.0f * float(i));
      e2e::check_eq("FTemp" + at, fx[n + i], float(i + 3));
      e2e::check_eq("FCtor" + at, fx[2 * n + i], (i < n / 2 ? 5.0f : 4.0f) * float(i) + 1.0f);
      e2e::check_eq("FMod" + at, fx[3 * n + i], 6.0f - float(i));
    }
    e2e::check_eq("FOne", *fo, 9);
    sycl::free(fx, q);
    sycl::free(fo, q);
  }

  // parallel_for_work_group and kernels taking a kernel_handler.
  {
    int *h = sycl::malloc_shared<int>(256, q);
    int scale = 3;
    float off = 2.0f;
    q.submit([&](sycl::handler &cgh) {
       cgh.parallel_for_work_group<HierLocal>(
           sycl::range<1>(8), sycl::range<1>(16), [=](sycl::group<1> g) {
             int base = scale * int(g.get_group_id(0));
             g.parallel_for_work_item([&](sycl::h_item<1> it) {
               h[it.get_global_id(0)] =
                   base + int(off) * int(it.get_local_id(0)) + int(it.get_local_range(0));
             });
           });
     }).wait();
    for (int i = 0; i < 128; ++i)
      e2e::check_eq("HierLocal[" + std::to_string(i) + "]", h[i], 3 * (i / 16) + 2 * (i % 16) + 16);
    q.submit([&](sycl::handler &cgh) {
       cgh.parallel_for_work_group<HierUnit>(sycl::range<2>(4, 4), [=](sycl::group<2> g) {
         h[g.get_group_linear_id()] = scale * int(g.get_group_linear_id()) +
                                      int(g.get_local_range().size());
       });
     }).wait();
    for (int i = 0; i < 16; ++i)
      e2e::check_eq("HierUnit[" + std::to_string(i) + "]", h[i], 3 * i + 1);
    const size_t wg = size_t(argc) * 8;
    const int runtime = argc + 1;
    q.submit([&](sycl::handler &cgh) {
       cgh.parallel_for_work_group<HierArgs>(
           sycl::range<1>(4), sycl::range<1>(wg), [=](sycl::group<1> g) {
             g.parallel_for_work_item([&](sycl::h_item<1> it) {
               h[it.get_global_id(0)] = runtime * int(it.get_local_range(0));
             });
           });
     }).wait();
    for (size_t i = 0; i < 4 * wg; ++i)
      e2e::check_eq("HierArgs[" + std::to_string(i) + "]", h[i], (argc + 1) * int(wg));
    for (int v : {5, 6}) {
      q.submit([&](sycl::handler &cgh) {
         cgh.set_specialization_constant<hdo_coef>(v);
         cgh.parallel_for<KHRange>(sycl::range<1>(64), [=](sycl::id<1> i, sycl::kernel_handler kh) {
           h[i] = kh.get_specialization_constant<hdo_coef>() * scale + int(i[0]);
         });
       }).wait();
      for (int i = 0; i < 64; ++i)
        e2e::check_eq("KHRange(" + std::to_string(v) + ")[" + std::to_string(i) + "]", h[i],
                      v * 3 + i);
    }
    q.submit([&](sycl::handler &cgh) {
       cgh.parallel_for<KHNd>(sycl::nd_range<1>(64, 16),
                              [=](sycl::nd_item<1> it, sycl::kernel_handler kh) {
                                h[it.get_global_id(0)] =
                                    kh.get_specialization_constant<hdo_coef>() + scale +
                                    int(it.get_local_id(0));
                              });
     }).wait();
    for (int i = 0; i < 64; ++i)
      e2e::check_eq("KHNd[" + std::to_string(i) + "]", h[i], 6 + i % 16);
    q.submit([&](sycl::handler &cgh) {
       cgh.set_specialization_constant<hdo_coef>(7);
       cgh.single_task<KHSingle>(
           [=](sycl::kernel_handler kh) { h[0] = kh.get_specialization_constant<hdo_coef>() * scale; });
     }).wait();
    e2e::check_eq("KHSingle", h[0], 21);
    q.submit([&](sycl::handler &cgh) {
       cgh.set_specialization_constant<hdo_coef>(2);
       cgh.parallel_for_work_group<HierKH>(
           sycl::range<1>(4), sycl::range<1>(8), [=](sycl::group<1> g, sycl::kernel_handler kh) {
             int c = kh.get_specialization_constant<hdo_coef>();
             g.parallel_for_work_item([&](sycl::h_item<1> it) {
               h[it.get_global_id(0)] = c * scale + int(off) + int(it.get_local_range(0));
             });
           });
     }).wait();
    for (int i = 0; i < 32; ++i)
      e2e::check_eq("HierKH[" + std::to_string(i) + "]", h[i], 16);
    sycl::free(h, q);
  }

  if (trace) {
    auto counts = launches(trace);
    auto expect = [&](const char *kernel, int total, int specialised) {
      e2e::check_eq(std::string("launches of ") + kernel, counts[kernel].first, total);
      e2e::check_eq(std::string("specialised launches of ") + kernel, counts[kernel].second,
                    specialised);
    };
    expect("Folded", 1, 1);
    expect("Looped", 3, 3);
    expect("FromArgs", 1, 1); // its range
    expect("Reassigned", 1, 1);
    expect("RedRange", 1, 1);
    expect("RedNd", 1, 1);
    expect("RedSpan", 1, 1);
    expect("RedShort", 1, 1);
    expect("RedArgs", 1, 0);
    expect("Ramp", 2, 1);
    expect("GroupSum", 2, 1);
    expect("Offset", 1, 1);
    expect("GroupAny", 2, 2);
    expect("ScaleAny", 2, 2);
    expect("AccWhole", 1, 1);
    expect("AccWindow", 1, 1);
    expect("Shift2D", 3, 1); // the sub-buffer's and the offset's launches: generic
    expect("FScale", 1, 1);
    expect("FTemp", 1, 1);
    expect("FCtor", 2, 2);
    expect("FMod", 1, 1); // its range only
    expect("FOne", 1, 1);
    expect("HierLocal", 1, 1);
    expect("HierUnit", 1, 1);
    expect("HierArgs", 1, 0);
    expect("KHRange", 2, 2);
    expect("KHNd", 1, 1);
    expect("KHSingle", 1, 1);
    expect("HierKH", 1, 1);
  }
  sycl::free(in, q);
  sycl::free(out, q);
  return e2e::finish("host_device_opt");
}
