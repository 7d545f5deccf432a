// The docking benchmark's problem, shared by its SYCL, CUDA and OpenMP
// programs: a protein and a ligand (atoms with a type), a force field per
// type, and poses (three rotation angles and a translation each). Every
// program computes, for each pose, the energy of the ligand placed by the
// pose against the protein: per pose a rotation built with sin/cos, per
// ligand-protein atom pair a distance (sqrt), a smooth cut-off (cos), a
// steric, an electrostatic (division) and a desolvation term. Each work-item
// owns POSES_PER_ITEM poses in private arrays, the way docking codes tune
// for GPUs (miniBUDE's PPWI); the host reference here checks a sample.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace docking {

struct atom {
  float x, y, z;
  int type;
};
struct force_field {
  float radius, hardness, charge, desolvation;
};
struct deck {
  std::vector<atom> protein, ligand;
  std::vector<force_field> field;
  std::vector<float> rx, ry, rz, tx, ty, tz; // one per pose
};

constexpr float cutoff = 8.0f;
constexpr float pi = 3.14159265358979f;
constexpr int group_size = 64;
// The sizes every program runs, in this order.
constexpr int poses_per_item[] = {1, 2, 4, 8, 16, 32, 64, 128};

// Deterministic data of miniBUDE's bm1 shape by default (938 protein atoms,
// 26 ligand atoms, 65536 poses); no input files.
inline deck make_deck(int protein_atoms, int ligand_atoms, int poses) {
  deck d;
  uint32_t s = 12345;
  auto next = [&] {
    s = s * 1664525u + 1013904223u;
    return float(s >> 8) / float(1u << 24);
  };
  const int types = 16;
  for (int t = 0; t < types; ++t)
    d.field.push_back({1.2f + 0.8f * next(), 0.5f + next(), next() * 2.0f - 1.0f, 0.1f * next()});
  for (int i = 0; i < protein_atoms; ++i)
    d.protein.push_back({20.0f * next() - 10.0f, 20.0f * next() - 10.0f, 20.0f * next() - 10.0f,
                         int(next() * types) % types});
  for (int i = 0; i < ligand_atoms; ++i)
    d.ligand.push_back({4.0f * next() - 2.0f, 4.0f * next() - 2.0f, 4.0f * next() - 2.0f,
                        int(next() * types) % types});
  for (int p = 0; p < poses; ++p) {
    d.rx.push_back(2.0f * pi * next());
    d.ry.push_back(2.0f * pi * next());
    d.rz.push_back(2.0f * pi * next());
    d.tx.push_back(6.0f * next() - 3.0f);
    d.ty.push_back(6.0f * next() - 3.0f);
    d.tz.push_back(6.0f * next() - 3.0f);
  }
  return d;
}

// Floating-point operations of one pose (for GFLOP/s): per pose 12 sin/cos
// products, per atom pair 30 counted as miniBUDE counts its own.
inline double flops_per_pose(const deck &d) {
  return 30.0 * double(d.protein.size()) * double(d.ligand.size()) + 40.0 * double(d.ligand.size());
}

// The energy of pose `p` in double precision.
inline double reference_energy(const deck &d, int p) {
  const double sx = std::sin(d.rx[p]), cx = std::cos(d.rx[p]);
  const double sy = std::sin(d.ry[p]), cy = std::cos(d.ry[p]);
  const double sz = std::sin(d.rz[p]), cz = std::cos(d.rz[p]);
  const double m[3][4] = {{cy * cz, sx * sy * cz - cx * sz, cx * sy * cz + sx * sz, d.tx[p]},
                          {cy * sz, sx * sy * sz + cx * cz, cx * sy * sz - sx * cz, d.ty[p]},
                          {-sy, sx * cy, cx * cy, d.tz[p]}};
  double e = 0;
  for (const atom &l : d.ligand) {
    const double x = m[0][0] * l.x + m[0][1] * l.y + m[0][2] * l.z + m[0][3];
    const double y = m[1][0] * l.x + m[1][1] * l.y + m[1][2] * l.z + m[1][3];
    const double z = m[2][0] * l.x + m[2][1] * l.y + m[2][2] * l.z + m[2][3];
    const force_field &lf = d.field[l.type];
    for (const atom &a : d.protein) {
      const force_field &pf = d.field[a.type];
      const double radij = lf.radius + pf.radius;
      const double hard = lf.hardness * pf.hardness;
      const double qq = lf.charge * pf.charge;
      const double ds = lf.desolvation + pf.desolvation;
      const double dx = x - a.x, dy = y - a.y, dz = z - a.z;
      const double r = std::sqrt(dx * dx + dy * dy + dz * dz);
      const double sw = 0.5 + 0.5 * std::cos(pi * std::fmin(r * (1.0 / cutoff), 1.0));
      const double steric = r < radij ? (1.0 - r / radij) * hard : 0.0;
      e += steric + qq / (r + 0.5) * sw + ds * sw * sw;
    }
  }
  return 0.5 * e;
}

// Checks a sample of the computed energies against the reference; prints
// the first mismatch. Fast-math builds differ from double in the 4th digit.
inline bool check(const deck &d, const float *energies, const char *who, int ppwi) {
  const int poses = int(d.rx.size());
  for (int p = 0; p < poses; p += poses / 61 + 1) {
    const double want = reference_energy(d, p);
    if (!(std::fabs(energies[p] - want) <= 2e-3 * (std::fabs(want) + 10.0))) {
      std::fprintf(stderr, "%s: %d poses per work-item: energy[%d] = %g, want %g\n", who, ppwi, p,
                   double(energies[p]), want);
      return false;
    }
  }
  return true;
}

} // namespace docking
