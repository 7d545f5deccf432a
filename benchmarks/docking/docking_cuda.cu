// The CUDA peer of docking_sycl.cpp, written the way a CUDA docking code is
// (miniBUDE's CUDA port: a kernel template per poses-per-thread size, the
// poses in private arrays), built `nvcc -O3 -use_fast_math -arch=sm_90`.
// Same data, sizes, timing and check.
//
// Prints: docking,cuda,cuda_ppwi<N>_ms,<best ms>, cuda_ppwi<N>_GFLOPs, cuda_best_GFLOPs.
// Usage: docking_cuda [poses = 65536] [iterations = 5] [protein atoms = 938]
#include "docking_model.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <type_traits>

using docking::atom;
using docking::force_field;

template <int PPWI>
__global__ void fasten(int natpro, int natlig, const atom *__restrict__ protein,
                       const atom *__restrict__ ligand, const force_field *__restrict__ field,
                       const float *__restrict__ rx, const float *__restrict__ ry,
                       const float *__restrict__ rz, const float *__restrict__ tx,
                       const float *__restrict__ ty, const float *__restrict__ tz,
                       float *__restrict__ out) {
  const int lid = threadIdx.x;
  const int first = blockIdx.x * docking::group_size * PPWI + lid;

  float m[PPWI][3][4];
  float etot[PPWI];
  for (int i = 0; i < PPWI; ++i) {
    const int p = first + i * docking::group_size;
    const float sx = sinf(rx[p]), cx = cosf(rx[p]);
    const float sy = sinf(ry[p]), cy = cosf(ry[p]);
    const float sz = sinf(rz[p]), cz = cosf(rz[p]);
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
        const float r = sqrtf(dx * dx + dy * dy + dz * dz);
        const float sw = 0.5f + 0.5f * cosf(docking::pi * fminf(r * (1.0f / docking::cutoff), 1.0f));
        const float steric = r < radij ? (1.0f - r / radij) * hard : 0.0f;
        etot[i] += steric + qq / (r + 0.5f) * sw + ds * sw * sw;
      }
    }
  }
  for (int i = 0; i < PPWI; ++i) out[first + i * docking::group_size] = 0.5f * etot[i];
}

#define CHECK(x)                                                                                   \
  do {                                                                                             \
    cudaError_t e = (x);                                                                           \
    if (e != cudaSuccess) {                                                                        \
      std::fprintf(stderr, "docking_cuda: %s: %s\n", #x, cudaGetErrorString(e));                   \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

template <typename T> T *upload(const std::vector<T> &v) {
  T *p;
  CHECK(cudaMalloc(&p, v.size() * sizeof(T)));
  CHECK(cudaMemcpy(p, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice));
  return p;
}

int main(int argc, char **argv) {
  const int poses = argc > 1 ? std::atoi(argv[1]) : 65536;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 5;
  const int protein_atoms = argc > 3 ? std::atoi(argv[3]) : 938;
  if (poses <= 0 || poses % (docking::group_size * 128) || protein_atoms <= 0) {
    std::fprintf(stderr, "docking_cuda: poses must be a positive multiple of %d and protein atoms positive\n",
                 docking::group_size * 128);
    return 2;
  }
  const docking::deck d = docking::make_deck(protein_atoms, 26, poses);
  atom *protein = upload(d.protein), *ligand = upload(d.ligand);
  force_field *field = upload(d.field);
  float *rx = upload(d.rx), *ry = upload(d.ry), *rz = upload(d.rz);
  float *tx = upload(d.tx), *ty = upload(d.ty), *tz = upload(d.tz);
  float *out;
  CHECK(cudaMalloc(&out, sizeof(float) * poses));
  std::vector<float> host(poses);
  const double flops = docking::flops_per_pose(d) * poses;
  double best_gflops = 0;
  bool ok = true;

  auto measure = [&](auto poses_per_item) {
    constexpr int PPWI = decltype(poses_per_item)::value;
    double best = 1e30;
    for (int it = 0; it <= iterations; ++it) {
      CHECK(cudaMemset(out, 0, sizeof(float) * poses));
      CHECK(cudaDeviceSynchronize());
      auto t0 = std::chrono::steady_clock::now();
      fasten<PPWI><<<poses / PPWI / docking::group_size, docking::group_size>>>(
          int(d.protein.size()), int(d.ligand.size()), protein, ligand, field, rx, ry, rz, tx, ty,
          tz, out);
      CHECK(cudaDeviceSynchronize());
      const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (it) best = std::min(best, t);
    }
    CHECK(cudaMemcpy(host.data(), out, sizeof(float) * poses, cudaMemcpyDeviceToHost));
    ok = docking::check(d, host.data(), "docking_cuda", PPWI) && ok;
    std::printf("docking,cuda,cuda_ppwi%d_ms,%.3f\n", PPWI, best * 1e3);
    std::printf("docking,cuda,cuda_ppwi%d_GFLOPs,%.2f\n", PPWI, flops / best / 1e9);
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
  std::printf("docking,cuda,cuda_best_GFLOPs,%.2f\n", best_gflops);
  for (void *p : {(void *)protein, (void *)ligand, (void *)field, (void *)rx, (void *)ry,
                  (void *)rz, (void *)tx, (void *)ty, (void *)tz, (void *)out})
    cudaFree(p);
  return ok ? 0 : 1;
}
