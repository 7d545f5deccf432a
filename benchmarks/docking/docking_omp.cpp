// The OpenMP peer of docking_sycl.cpp, written the way an OpenMP docking
// code is (miniBUDE's OpenMP port: a parallel loop over blocks of poses,
// each block's poses in arrays the inner loop runs across, so it
// vectorises), built `g++ -O3 -ffast-math -march=native -fopenmp`. Same
// data, sizes, timing and check.
//
// Prints: docking,cpu,omp_ppwi<N>_ms,<best ms>, omp_ppwi<N>_GFLOPs, omp_best_GFLOPs.
// Usage: docking_omp [poses = 65536] [iterations = 5] [protein atoms = 938]
#include "docking_model.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <type_traits>

using docking::atom;
using docking::force_field;

template <int PPWI>
void fasten(int poses, const docking::deck &d, float *out) {
  const int natpro = int(d.protein.size()), natlig = int(d.ligand.size());
  const atom *protein = d.protein.data(), *ligand = d.ligand.data();
  const force_field *field = d.field.data();
#pragma omp parallel for schedule(static)
  for (int block = 0; block < poses / PPWI; ++block) {
    const int first = block * PPWI;
    float m[3][4][PPWI];
    float etot[PPWI];
    for (int i = 0; i < PPWI; ++i) {
      const int p = first + i;
      const float sx = std::sin(d.rx[p]), cx = std::cos(d.rx[p]);
      const float sy = std::sin(d.ry[p]), cy = std::cos(d.ry[p]);
      const float sz = std::sin(d.rz[p]), cz = std::cos(d.rz[p]);
      m[0][0][i] = cy * cz;
      m[0][1][i] = sx * sy * cz - cx * sz;
      m[0][2][i] = cx * sy * cz + sx * sz;
      m[0][3][i] = d.tx[p];
      m[1][0][i] = cy * sz;
      m[1][1][i] = sx * sy * sz + cx * cz;
      m[1][2][i] = cx * sy * sz - sx * cz;
      m[1][3][i] = d.ty[p];
      m[2][0][i] = -sy;
      m[2][1][i] = sx * cy;
      m[2][2][i] = cx * cy;
      m[2][3][i] = d.tz[p];
      etot[i] = 0.0f;
    }
    for (int l = 0; l < natlig; ++l) {
      const atom la = ligand[l];
      const force_field lf = field[la.type];
      float lx[PPWI], ly[PPWI], lz[PPWI];
      for (int i = 0; i < PPWI; ++i) {
        lx[i] = m[0][0][i] * la.x + m[0][1][i] * la.y + m[0][2][i] * la.z + m[0][3][i];
        ly[i] = m[1][0][i] * la.x + m[1][1][i] * la.y + m[1][2][i] * la.z + m[1][3][i];
        lz[i] = m[2][0][i] * la.x + m[2][1][i] * la.y + m[2][2][i] * la.z + m[2][3][i];
      }
      for (int a = 0; a < natpro; ++a) {
        const atom pa = protein[a];
        const force_field pf = field[pa.type];
        const float radij = lf.radius + pf.radius;
        const float hard = lf.hardness * pf.hardness;
        const float qq = lf.charge * pf.charge;
        const float ds = lf.desolvation + pf.desolvation;
#pragma omp simd
        for (int i = 0; i < PPWI; ++i) {
          const float dx = lx[i] - pa.x, dy = ly[i] - pa.y, dz = lz[i] - pa.z;
          const float r = std::sqrt(dx * dx + dy * dy + dz * dz);
          const float sw =
              0.5f + 0.5f * std::cos(docking::pi * std::fmin(r * (1.0f / docking::cutoff), 1.0f));
          const float steric = r < radij ? (1.0f - r / radij) * hard : 0.0f;
          etot[i] += steric + qq / (r + 0.5f) * sw + ds * sw * sw;
        }
      }
    }
    for (int i = 0; i < PPWI; ++i) out[first + i] = 0.5f * etot[i];
  }
}

int main(int argc, char **argv) {
  const int poses = argc > 1 ? std::atoi(argv[1]) : 65536;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 5;
  const int protein_atoms = argc > 3 ? std::atoi(argv[3]) : 938;
  if (poses <= 0 || poses % (docking::group_size * 128) || protein_atoms <= 0) {
    std::fprintf(stderr, "docking_omp: poses must be a positive multiple of %d and protein atoms positive\n",
                 docking::group_size * 128);
    return 2;
  }
  const docking::deck d = docking::make_deck(protein_atoms, 26, poses);
  std::vector<float> out(poses);
  const double flops = docking::flops_per_pose(d) * poses;
  double best_gflops = 0;
  bool ok = true;
  auto measure = [&](auto poses_per_item) {
    constexpr int PPWI = decltype(poses_per_item)::value;
    double best = 1e30;
    for (int it = 0; it <= iterations; ++it) {
      std::fill(out.begin(), out.end(), 0.0f);
      auto t0 = std::chrono::steady_clock::now();
      fasten<PPWI>(poses, d, out.data());
      const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (it) best = std::min(best, t);
    }
    ok = docking::check(d, out.data(), "docking_omp", PPWI) && ok;
    std::printf("docking,cpu,omp_ppwi%d_ms,%.3f\n", PPWI, best * 1e3);
    std::printf("docking,cpu,omp_ppwi%d_GFLOPs,%.2f\n", PPWI, flops / best / 1e9);
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
  std::printf("docking,cpu,omp_best_GFLOPs,%.2f\n", best_gflops);
  return ok ? 0 : 1;
}
