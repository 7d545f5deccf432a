// CPU kernels per x86-64 level (docs/driver.md, "CPU kernels per x86-64
// level"): built -O2 -ffast-math for the CPU, this program runs once per
// level (USYCL_CPU_ISA=x86-64, -v2, -v3, -v4; exit 77 where the processor
// lacks the level) and checks what each copy computes against the host:
// vectorised libmvec math in a range kernel, a docking-style kernel with
// private arrays of 8 poses per work-item (whose 8-lane cosine once reached
// SSE2 code in the wrong registers), a work-group reduction through local
// memory and barriers (work-item loops), a sub-group reduction, a
// sycl::reduction, and 32-byte vectors stored into buffers the runtime
// allocated (the v3/v4 copies store vec<short, 16> with aligned moves: the
// buffers' host storage, which CPU kernels use in place, was once only
// 16-byte aligned and the SYCL-CTS async_work_group_copy tests crashed).
#include "e2e_common.hpp"

#include <cstdint>
#include <cstring>

class IsaMath;
class IsaDocking;
class IsaLocalSum;
class IsaSubGroupSum;
class IsaReduction;
class IsaWideVectors;

constexpr int poses_per_item = 8;

int main() {
  sycl::queue q;
  try {
    q = sycl::queue(sycl::cpu_selector_v);
  } catch (const sycl::exception &e) {
    if (std::strstr(e.what(), "this processor supports")) {
      std::printf("cpu_isa_levels: SKIPPED (%s)\n", e.what());
      return 77;
    }
    throw;
  }
  e2e::print_device(q, "cpu_isa_levels");

  // Transcendentals: vectorised with the level's libmvec variants.
  constexpr size_t n = 4099; // a remainder for every vector width
  float *x = sycl::malloc_shared<float>(n, q);
  float *y = sycl::malloc_shared<float>(n, q);
  for (size_t i = 0; i < n; ++i) x[i] = 0.001f * float(i) - 2.0f;
  q.parallel_for<IsaMath>(sycl::range<1>(n), [=](sycl::id<1> i) {
     const float v = x[i];
     y[i] = sycl::cos(v) + sycl::sin(v) * sycl::exp(0.5f * v) + sycl::log(v * v + 1.0f) +
            sycl::pow(v * v + 0.5f, 0.75f) + sycl::tan(0.3f * v);
   }).wait();
  for (size_t i = 0; i < n; ++i) {
    const double v = x[i];
    const double want = std::cos(v) + std::sin(v) * std::exp(0.5 * v) + std::log(v * v + 1.0) +
                        std::pow(v * v + 0.5, 0.75) + std::tan(0.3 * v);
    e2e::check_near("math[" + std::to_string(i) + "]", double(y[i]), want, 1e-4);
  }

  // Docking-style: per work-item arrays indexed by loops of constant trip count.
  constexpr int group = 16, items = 64, atoms = 37;
  constexpr int poses = items * poses_per_item;
  float *angle = sycl::malloc_shared<float>(poses, q);
  float *energy = sycl::malloc_shared<float>(poses, q);
  for (int p = 0; p < poses; ++p) angle[p] = 0.01f * float(p);
  q.parallel_for<IsaDocking>(sycl::nd_range<1>(items, group), [=](sycl::nd_item<1> it) {
     const int first = int(it.get_global_id(0));
     float c[poses_per_item], e[poses_per_item];
     for (int i = 0; i < poses_per_item; ++i) {
       c[i] = sycl::cos(angle[first + i * items]);
       e[i] = 0.0f;
     }
     for (int a = 0; a < atoms; ++a) {
       const float pa = 0.25f * float(a);
       for (int i = 0; i < poses_per_item; ++i) {
         const float r = sycl::sqrt((c[i] - pa) * (c[i] - pa) + 1.0f);
         e[i] += 1.0f / (r + 0.5f) * (0.5f + 0.5f * sycl::cos(0.3f * r));
       }
     }
     for (int i = 0; i < poses_per_item; ++i) energy[first + i * items] = e[i];
   }).wait();
  for (int p = 0; p < poses; ++p) {
    const double c = std::cos(double(angle[p]));
    double e = 0;
    for (int a = 0; a < atoms; ++a) {
      const double r = std::sqrt((c - 0.25 * a) * (c - 0.25 * a) + 1.0);
      e += 1.0 / (r + 0.5) * (0.5 + 0.5 * std::cos(0.3 * r));
    }
    e2e::check_near("energy[" + std::to_string(p) + "]", double(energy[p]), e, 1e-4);
  }

  // Work-group sums through local memory and barriers (exact integers).
  constexpr int wg = 64, groups = 32;
  int *in = sycl::malloc_shared<int>(wg * groups, q);
  int *sums = sycl::malloc_shared<int>(groups, q);
  int *sg_sums = sycl::malloc_shared<int>(wg * groups, q);
  for (int i = 0; i < wg * groups; ++i) in[i] = (i * 37) % 101 - 50;
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> scratch(wg, h);
     h.parallel_for<IsaLocalSum>(sycl::nd_range<1>(wg * groups, wg), [=](sycl::nd_item<1> it) {
       const int lid = int(it.get_local_id(0));
       scratch[lid] = in[it.get_global_id(0)];
       for (int stride = wg / 2; stride > 0; stride /= 2) {
         sycl::group_barrier(it.get_group());
         if (lid < stride) scratch[lid] += scratch[lid + stride];
       }
       if (lid == 0) sums[it.get_group(0)] = scratch[0];
     });
   }).wait();
  int *widths = sycl::malloc_shared<int>(wg * groups, q);
  q.parallel_for<IsaSubGroupSum>(sycl::nd_range<1>(wg * groups, wg), [=](sycl::nd_item<1> it) {
     const sycl::sub_group sub = it.get_sub_group();
     sg_sums[it.get_global_id(0)] =
         sycl::reduce_over_group(sub, in[it.get_global_id(0)], sycl::plus<int>());
     widths[it.get_global_id(0)] = int(sub.get_max_local_range()[0]);
   }).wait();
  for (int g = 0; g < groups; ++g) {
    int want = 0;
    for (int i = 0; i < wg; ++i) want += in[g * wg + i];
    e2e::check_eq("local sum[" + std::to_string(g) + "]", sums[g], want);
  }
  // The group (64) is a multiple of every CPU sub-group width.
  for (int i = 0; i < wg * groups; ++i) {
    const int width = widths[i], first = i / width * width;
    int want = 0;
    for (int k = first; k < first + width; ++k) want += in[k];
    e2e::check_eq("sub-group sum[" + std::to_string(i) + "]", sg_sums[i], want);
  }

  // sycl::reduction over a float expression.
  float *total = sycl::malloc_shared<float>(1, q);
  *total = 0.0f;
  q.parallel_for<IsaReduction>(sycl::range<1>(n), sycl::reduction(total, sycl::plus<float>()),
                               [=](sycl::id<1> i, auto &sum) { sum += y[i] * 0.5f; })
      .wait();
  double want_total = 0;
  for (size_t i = 0; i < n; ++i) want_total += 0.5 * double(y[i]);
  e2e::check_near("reduction", double(*total), want_total, 1e-3);

  // Buffers without host data, so the runtime allocates them; several
  // sizes so that a 16-byte-aligned allocation would turn up among them.
  using wide = sycl::vec<short, 16>;
  for (size_t count : {1, 3, 5, 7, 9, 11}) {
    sycl::buffer<wide, 1> buf{sycl::range<1>(count)};
    q.submit([&](sycl::handler &h) {
      sycl::accessor out(buf, h, sycl::write_only, sycl::no_init);
      h.parallel_for<IsaWideVectors>(sycl::range<1>(count), [=](sycl::id<1> i) {
        out[i] = wide(short(i[0] + 1)) * wide(short(3));
      });
    });
    sycl::host_accessor got(buf, sycl::read_only);
    const auto address = reinterpret_cast<uintptr_t>(&got[0]);
    e2e::check_eq("buffer of " + std::to_string(count) + " vec<short, 16>: address % alignof",
                  size_t(address % alignof(wide)), size_t(0));
    for (size_t i = 0; i < count; ++i)
      e2e::check_eq("wide[" + std::to_string(i) + "]", int(got[i][15]), int(3 * (i + 1)));
  }

  for (void *p : {(void *)x, (void *)y, (void *)angle, (void *)energy, (void *)in, (void *)sums,
                  (void *)sg_sums, (void *)widths, (void *)total})
    sycl::free(p, q);
  return e2e::finish("cpu_isa_levels");
}
