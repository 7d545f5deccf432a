// Docking energies (docking_model.hpp) in SYCL, written the way a SYCL
// port of a docking code is: USM device memory, one nd_range kernel per
// poses-per-work-item size, the poses of a work-item in private arrays
// indexed by loops of constant trip count. Built like real code:
// `usycl++ -O3 -ffast-math` (no -march).
//
// Prints: docking,<cpu|cuda>,ppwi<N>_ms,<best ms> and ppwi<N>_GFLOPs for each
// size N, then best_GFLOPs (the best size).
// Usage: docking_sycl [poses = 65536] [iterations = 5] [protein atoms = 938]
#include "docking_model.hpp"

#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <type_traits>

using docking::atom;
using docking::force_field;

template <int PPWI> class fasten;

template <int PPWI>
void energies(sycl::queue &q, int poses, int natpro, int natlig, const atom *protein,
              const atom *ligand, const force_field *field, const float *rx, const float *ry,
              const float *rz, const float *tx, const float *ty, const float *tz, float *out) {
  const size_t global = size_t(poses) / PPWI;
  q.parallel_for<fasten<PPWI>>(
      sycl::nd_range<1>(global, docking::group_size), [=](sycl::nd_item<1> item) {
        const int lid = int(item.get_local_id(0));
        const int gid = int(item.get_group(0));
        const int first = gid * docking::group_size * PPWI + lid;

        float m[PPWI][3][4];
        float etot[PPWI];
        for (int i = 0; i < PPWI; ++i) {
          const int p = first + i * docking::group_size;
          const float sx = sycl::sin(rx[p]), cx = sycl::cos(rx[p]);
          const float sy = sycl::sin(ry[p]), cy = sycl::cos(ry[p]);
          const float sz = sycl::sin(rz[p]), cz = sycl::cos(rz[p]);
          m[i][0][0] = cy * cz;
          m[i][0][1] = sx * sy * cz - cx * sz;
          m[i][0][2] = cx * sy * cz + sx * sz;
          m[i][0][3] = tx[p];
          m[i][1][0] = cy * sz;
          m[i][1][1] = sx * sy * sz + cx * cz;
          m[i][1][2] = cx * sy * sz - sx * cz;
          m[i][1][3] = ty[p];
          m[i][2][0] = -sy;
          m[i][2][1] = sx * cy;
          m[i][2][2] = cx * cy;
          m[i][2][3] = tz[p];
          etot[i] = 0.0f;
        }

        for (int l = 0; l < natlig; ++l) {
          const atom la = ligand[l];
          const force_field lf = field[la.type];
          float lx[PPWI], ly[PPWI], lz[PPWI];
          for (int i = 0; i < PPWI; ++i) {
            lx[i] = m[i][0][0] * la.x + m[i][0][1] * la.y + m[i][0][2] * la.z + m[i][0][3];
            ly[i] = m[i][1][0] * la.x + m[i][1][1] * la.y + m[i][1][2] * la.z + m[i][1][3];
            lz[i] = m[i][2][0] * la.x + m[i][2][1] * la.y + m[i][2][2] * la.z + m[i][2][3];
          }
          for (int a = 0; a < natpro; ++a) {
            const atom pa = protein[a];
            const force_field pf = field[pa.type];
            const float radij = lf.radius + pf.radius;
            const float hard = lf.hardness * pf.hardness;
            const float qq = lf.charge * pf.charge;
            const float ds = lf.desolvation + pf.desolvation;
            for (int i = 0; i < PPWI; ++i) {
              const float dx = lx[i] - pa.x, dy = ly[i] - pa.y, dz = lz[i] - pa.z;
              const float r = sycl::sqrt(dx * dx + dy * dy + dz * dz);
              const float sw =
                  0.5f + 0.5f * sycl::cos(docking::pi * sycl::fmin(r * (1.0f / docking::cutoff), 1.0f));
              const float steric = r < radij ? (1.0f - r / radij) * hard : 0.0f;
              etot[i] += steric + qq / (r + 0.5f) * sw + ds * sw * sw;
            }
          }
        }
        for (int i = 0; i < PPWI; ++i) out[first + i * docking::group_size] = 0.5f * etot[i];
      });
}

int main(int argc, char **argv) {
  const int poses = argc > 1 ? std::atoi(argv[1]) : 65536;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 5;
  const int protein_atoms = argc > 3 ? std::atoi(argv[3]) : 938;
  if (poses <= 0 || poses % (docking::group_size * 128) || protein_atoms <= 0) {
    std::fprintf(stderr, "docking_sycl: poses must be a positive multiple of %d and protein atoms positive\n",
                 docking::group_size * 128);
    return 2;
  }
  const docking::deck d = docking::make_deck(protein_atoms, 26, poses);
  sycl::queue q;
  auto upload = [&](const auto &v) {
    using T = typename std::decay_t<decltype(v)>::value_type;
    T *p = sycl::malloc_device<T>(v.size(), q);
    q.memcpy(p, v.data(), v.size() * sizeof(T)).wait();
    return p;
  };
  atom *protein = upload(d.protein), *ligand = upload(d.ligand);
  force_field *field = upload(d.field);
  float *rx = upload(d.rx), *ry = upload(d.ry), *rz = upload(d.rz);
  float *tx = upload(d.tx), *ty = upload(d.ty), *tz = upload(d.tz);
  float *out = sycl::malloc_device<float>(poses, q);
  std::vector<float> host(poses);
  const char *dev = q.get_device().is_gpu() ? "cuda" : "cpu";
  const double flops = docking::flops_per_pose(d) * poses;
  double best_gflops = 0;
  bool ok = true;

  auto measure = [&](auto poses_per_item) {
    constexpr int PPWI = decltype(poses_per_item)::value;
    double best = 1e30;
    for (int it = 0; it <= iterations; ++it) { // the first run is a warm-up
      q.memset(out, 0, sizeof(float) * poses).wait();
      auto t0 = std::chrono::steady_clock::now();
      energies<PPWI>(q, poses, int(d.protein.size()), int(d.ligand.size()), protein, ligand,
                     field, rx, ry, rz, tx, ty, tz, out);
      q.wait();
      const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (it) best = std::min(best, t);
    }
    q.memcpy(host.data(), out, sizeof(float) * poses).wait();
    ok = docking::check(d, host.data(), "docking_sycl", PPWI) && ok;
    std::printf("docking,%s,ppwi%d_ms,%.3f\n", dev, PPWI, best * 1e3);
    std::printf("docking,%s,ppwi%d_GFLOPs,%.2f\n", dev, PPWI, flops / best / 1e9);
    best_gflops = std::max(best_gflops, flops / best / 1e9);
  };
  measure(std::integral_constant<int, 1>{});
  measure(std::integral_constant<int, 2>{});
  measure(std::integral_constant<int, 4>{});
  measure(std::integral_constant<int, 8>{});
  measure(std::integral_constant<int, 16>{});
  measure(std::integral_constant<int, 32>{});
  measure(std::integral_constant<int, 64>{});
  measure(std::integral_constant<int, 128>{});
  std::printf("docking,%s,best_GFLOPs,%.2f\n", dev, best_gflops);
  for (void *p : {(void *)protein, (void *)ligand, (void *)field, (void *)rx, (void *)ry,
                  (void *)rz, (void *)tx, (void *)ty, (void *)tz, (void *)out})
    sycl::free(p, q);
  return ok ? 0 : 1;
}
