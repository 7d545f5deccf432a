// Floating-point flags and private arrays on NVPTX (issue 44), for a
// docking-style kernel: per work-item 8 poses in private arrays indexed by
// loops of constant trip count, a sqrt, a cosine and a division per atom.
//  * -ffast-math: float sin/cos/sqrt are the .approx forms and everything
//    flushes denormals (.ftz), as nvcc -use_fast_math; C math (std::exp,
//    std::log, std::pow) compiles (it used to crash llc: "no libcall
//    available for fexp"); -fsycl-fp32-prec-sqrt keeps sqrt.rn;
//  * the private arrays are registers: no local memory, no stack frame
//    (ptxas -v), where nvcc has none either (compiler/passes/private_array_unroll.hpp);
//  * default flags: IEEE, sqrt.rn, no .approx sine, square root or division.
//
// REQUIRES: usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t/fast %t/prec %t/ieee
// RUN: env TMPDIR=%t/fast %usycl -O3 -ffast-math -fno-sycl-host-device-opt -fsycl-targets=nvidia_gpu_sm_90 -save-temps -fPIC -shared %s -o %t/fast.so
// RUN: cat %t/fast/usycl-*/nvidia_gpu_sm_90/module_*.ptx > %t/fast.ptx
// RUN: FileCheck %s --check-prefix=FAST --implicit-check-not=.local --implicit-check-not=sqrt.rn < %t/fast.ptx
// RUN: env TMPDIR=%t/prec %usycl -O3 -ffast-math -fsycl-fp32-prec-sqrt -fno-sycl-host-device-opt -fsycl-targets=nvidia_gpu_sm_90 -save-temps -fPIC -shared %s -o %t/prec.so
// RUN: cat %t/prec/usycl-*/nvidia_gpu_sm_90/module_*.ptx | FileCheck %s --check-prefix=PREC --implicit-check-not=sqrt.approx
// RUN: env TMPDIR=%t/ieee %usycl -O3 -fno-sycl-host-device-opt -fsycl-targets=nvidia_gpu_sm_90 -save-temps -fPIC -shared %s -o %t/ieee.so
// RUN: cat %t/ieee/usycl-*/nvidia_gpu_sm_90/module_*.ptx | FileCheck %s --check-prefix=IEEE --implicit-check-not=sin.approx --implicit-check-not=sqrt.approx --implicit-check-not=div.approx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 -O3 -v %t/fast.ptx -o %t/fast.cubin 2>&1 | FileCheck %s --check-prefix=STACK %}

#include <sycl/sycl.hpp>

#include <cmath>

struct atom {
  float x, y, z, q;
};

constexpr int poses_per_item = 8;

void energies(sycl::queue &q, const atom *protein, int atoms, const float *angles, float *out,
              size_t items) {
  q.parallel_for(sycl::nd_range<1>(items, 64), [=](sycl::nd_item<1> item) {
    const int first = int(item.get_global_id(0)) * poses_per_item;
    float c[poses_per_item], s[poses_per_item], e[poses_per_item];
    for (int i = 0; i < poses_per_item; ++i) {
      c[i] = sycl::cos(angles[first + i]);
      s[i] = sycl::sin(angles[first + i]);
      e[i] = 0.0f;
    }
    for (int a = 0; a < atoms; ++a) {
      const atom p = protein[a];
      for (int i = 0; i < poses_per_item; ++i) {
        const float dx = c[i] - p.x, dy = s[i] - p.y;
        const float r = sycl::sqrt(dx * dx + dy * dy + p.z * p.z);
        e[i] += p.q / (r + 0.5f) * (0.5f + 0.5f * sycl::cos(r * 0.25f));
      }
    }
    for (int i = 0; i < poses_per_item; ++i)
      out[first + i] = e[i] + std::exp(e[i] * 1e-3f) + std::log(1.0f + e[i] * e[i]) +
                       std::pow(e[i] * e[i], 0.25f);
  });
}

// FAST-DAG: sin.approx.ftz.f32
// FAST-DAG: cos.approx.ftz.f32
// FAST-DAG: sqrt.approx.ftz.f32
// FAST-DAG: ex2.approx.ftz.f32
// FAST-DAG: lg2.approx.ftz.f32
// PREC: sqrt.rn.ftz.f32
// IEEE: sqrt.rn.f32
// STACK: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
