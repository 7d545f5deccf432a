// Kernel objects shared by gpu_kernels.cpp (device side, compiled to PTX) and
// gpu_check.cpp (host side: launches them through the CUDA driver API and
// compares with the host implementation of the same headers).
#pragma once

#include <sycl/atomic_fence.hpp>
#include <sycl/atomic_ref.hpp>
#include <sycl/half.hpp>
#include <sycl/math.hpp>
#include <sycl/vec.hpp>

#include <cstdint>

namespace gpu {

#ifdef __SYCL_DEVICE_ONLY__
inline unsigned tid() { return __nvvm_read_ptx_sreg_tid_x(); }
inline unsigned bid() { return __nvvm_read_ptx_sreg_ctaid_x(); }
inline unsigned bdim() { return __nvvm_read_ptx_sreg_ntid_x(); }
#else
inline unsigned tid() { return 0; }
inline unsigned bid() { return 0; }
inline unsigned bdim() { return 1; }
#endif

// X(name, input expression in terms of t in [-1, 1], ulp tolerance)
#define GPU_MATH_LIST(X)                                                                 \
  X(acos, t, 4) X(acosh, 1 + 4 * (t + 1), 4) X(acospi, t, 5) X(asin, t, 4)              \
  X(asinh, 5 * t, 4) X(asinpi, t, 5) X(atan, 5 * t, 5) X(atanh, 0.99 * t, 5)            \
  X(atanpi, 5 * t, 5) X(cbrt, 9 * t, 4) X(ceil, 9 * t, 0) X(cos, 9 * t, 4)              \
  X(cosh, 4 * t, 4) X(cospi, 9 * t, 4) X(erf, 3 * t, 16) X(erfc, 3 * t, 16)            \
  X(exp, 9 * t, 4) X(exp2, 9 * t, 4) X(exp10, 5 * t, 4) X(expm1, 4 * t, 4)             \
  X(fabs, 9 * t, 0) X(floor, 9 * t, 0) X(log, 50 * (t + 1.01), 4)                       \
  X(log2, 50 * (t + 1.01), 4) X(log10, 50 * (t + 1.01), 4) X(log1p, 4 * (t + 1), 4)    \
  X(logb, 90 * t, 0) X(rint, 9 * t, 0) X(round, 9 * t, 0) X(rsqrt, 9 * (t + 1.01), 4)   \
  X(sin, 9 * t, 4) X(sinh, 4 * t, 4) X(sinpi, 9 * t, 4) X(sqrt, 9 * (t + 1), 4)         \
  X(tan, 1.5 * t, 5) X(tanh, 4 * t, 5) X(tanpi, 0.45 * t, 6) X(tgamma, 0.1 + 4 * (t + 1), 16) \
  X(trunc, 9 * t, 0)

constexpr int kMathN = 1024;
#define GPU_COUNT(n, e, u) +1
constexpr int kMathFns = 0 GPU_MATH_LIST(GPU_COUNT);
#undef GPU_COUNT

template <class F> inline F math_input(int i) {
  return F(-1) + F(2) * F(i) / F(kMathN - 1);
}

// out[f * kMathN + i] = fn_f(input_f(t_i)) for float and double
struct math_kernel {
  float *outf;
  double *outd;
  void operator()() const {
    const int i = static_cast<int>(bid() * bdim() + tid());
    if (i >= kMathN)
      return;
    int f = 0;
    {
      const float t = math_input<float>(i);
#define GPU_F(n, e, u) outf[(f++) * kMathN + i] = sycl::n(static_cast<float>(e));
      GPU_MATH_LIST(GPU_F)
#undef GPU_F
    }
    f = 0;
    {
      const double t = math_input<double>(i);
#define GPU_D(n, e, u) outd[(f++) * kMathN + i] = sycl::n(static_cast<double>(e));
      GPU_MATH_LIST(GPU_D)
#undef GPU_D
    }
  }
};

// Bit-exact items: half arithmetic, conversions with rounding modes, integer
// built-ins. out32[i * kExactPer + k].
constexpr int kExactPer = 24;
// NaN payloads/signs differ between x86 and the GPU: compare NaNs as equal.
inline std::uint32_t hbits(sycl::half h) {
  const std::uint32_t b = sycl::detail::half_to_bits(h);
  return (b & 0x7fffu) > 0x7c00u ? 0x7fffu : b;
}
inline std::uint32_t fbits(float f) {
  const std::uint32_t b = sycl::bit_cast<std::uint32_t>(f);
  return (b & 0x7fffffffu) > 0x7f800000u ? 0x7fffffffu : b;
}
struct exact_kernel {
  const std::uint32_t *in; // random bits
  std::uint32_t *out;
  void operator()() const {
    const int i = static_cast<int>(bid() * bdim() + tid());
    if (i >= kMathN)
      return;
    std::uint32_t *o = out + i * kExactPer;
    const std::uint32_t a = in[2 * i], b = in[2 * i + 1];
    const float fa = sycl::bit_cast<float>((a & 0x807fffffu) | ((110u + (a >> 23) % 40u) << 23));
    const float fb = sycl::bit_cast<float>((b & 0x807fffffu) | ((110u + (b >> 23) % 40u) << 23));
    const sycl::half ha(fa), hb(fb);
    int k = 0;
    o[k++] = hbits(ha);
    o[k++] = hbits(ha + hb);
    o[k++] = hbits(ha * hb);
    o[k++] = hbits(ha / hb);
    o[k++] = hbits(ha - hb);
    const double da = static_cast<double>(fa) * (1.0 + 1e-9 * (b & 0xff));
    const sycl::vec<double, 1> dv(da);
    o[k++] = fbits((dv.convert<float, sycl::rounding_mode::rtz>()).x());
    o[k++] = fbits((dv.convert<float, sycl::rounding_mode::rtp>()).x());
    o[k++] = fbits((dv.convert<float, sycl::rounding_mode::rtn>()).x());
    o[k++] = hbits((sycl::vec<float, 1>(fa).convert<sycl::half, sycl::rounding_mode::rtp>()).x());
    o[k++] = hbits((sycl::vec<float, 1>(fa).convert<sycl::half, sycl::rounding_mode::rtz>()).x());
    // |fa| < 2^24, so fa * 100 stays inside int's range (out of range is UB)
    const sycl::float2 fv(fa * 100.0f, fb * 100.0f);
    const sycl::int2 r1 = fv.convert<int, sycl::rounding_mode::rte>();
    const sycl::int2 r2 = fv.convert<int, sycl::rounding_mode::rtn>();
    const sycl::int2 r3 = fv.convert<int>();
    o[k++] = static_cast<std::uint32_t>(r1.x());
    o[k++] = static_cast<std::uint32_t>(r2.y());
    o[k++] = static_cast<std::uint32_t>(r3.x());
    const sycl::vec<std::int64_t, 1> lv(static_cast<std::int64_t>((std::uint64_t(a) << 32) | b));
    o[k++] = fbits((lv.convert<float, sycl::rounding_mode::rtz>()).x());
    o[k++] = fbits((lv.convert<float, sycl::rounding_mode::rtp>()).x());
    const int ia = static_cast<int>(a), ib = static_cast<int>(b);
    o[k++] = static_cast<std::uint32_t>(sycl::mul_hi(ia, ib));
    o[k++] = static_cast<std::uint32_t>(sycl::add_sat(ia, ib));
    o[k++] = static_cast<std::uint32_t>(sycl::mad_sat(ia, ib, ia));
    o[k++] = sycl::clz(a) + 64 * sycl::ctz(b) + 4096 * sycl::popcount(a);
    o[k++] = sycl::rotate(a, b);
    const long long la = static_cast<long long>((std::uint64_t(a) << 32) | b);
    o[k++] = static_cast<std::uint32_t>(sycl::mul_hi(la, la * 3) >> 7);
    o[k++] = static_cast<std::uint32_t>(sycl::mad_sat(la, 5ll, la) >> 11);
    o[k++] = hbits(sycl::sqrt(ha));
    o[k++] = fbits(sycl::fma(fa, fb, fa));
  }
};

// Atomics under contention from many blocks.
struct atomic_kernel {
  int *icnt;                  // [0] relaxed device, [1] acq_rel device, [2] seq_cst system
  float *fsum;                // [0] relaxed device (global_space), [1] seq_cst system
  double *dsum;               // [0] acq_rel device
  unsigned long long *ull;    // [0] fetch_max, [1] fetch_min
  float *fmax;                // [0] float fetch_max (CAS loop), [1] float fetch_min
  int *per_block;             // [block] work_group-scope counters
  int *lock;                  // [0] spin lock
  long long *plain;           // [0] protected by lock
  int *msg;                   // [0] data, [1] flag, [2] failures seen
  void operator()() const {
    using namespace sycl;
    const unsigned t = tid(), b = bid(), g = b * bdim() + t;
    atomic_ref<int, memory_order::relaxed, memory_scope::device>(icnt[0]).fetch_add(1);
    atomic_ref<int, memory_order::acq_rel, memory_scope::device>(icnt[1]) += 2;
    atomic_ref<int, memory_order::seq_cst, memory_scope::system>(icnt[2]).fetch_sub(1);
    atomic_ref<float, memory_order::relaxed, memory_scope::device, access::address_space::global_space>(fsum[0]).fetch_add(1.0f);
    atomic_ref<float, memory_order::seq_cst, memory_scope::system>(fsum[1]).fetch_add(0.5f);
    atomic_ref<double, memory_order::acq_rel, memory_scope::device>(dsum[0]).fetch_add(0.25);
    atomic_ref<unsigned long long, memory_order::relaxed, memory_scope::device>(ull[0]).fetch_max(g * 3ull);
    atomic_ref<unsigned long long, memory_order::acq_rel, memory_scope::system>(ull[1]).fetch_min(1000000ull + g);
    atomic_ref<float, memory_order::relaxed, memory_scope::device>(fmax[0]).fetch_max(static_cast<float>(g) * 0.5f);
    atomic_ref<float, memory_order::seq_cst, memory_scope::device>(fmax[1]).fetch_min(static_cast<float>(g) - 7.0f);
    atomic_ref<int, memory_order::relaxed, memory_scope::work_group>(per_block[b]).fetch_add(1, memory_order::acq_rel);
    // spin lock (one thread per block, to keep it short)
    if (t == 0) {
      atomic_ref<int, memory_order::acq_rel, memory_scope::device> l(lock[0]);
      int expected = 0;
      while (!l.compare_exchange_strong(expected, 1, memory_order::acquire, memory_order::relaxed))
        expected = 0;
      plain[0] = plain[0] + 1;
      l.store(0, memory_order::release);
    }
    // message passing: block 0 publishes, every other block's thread 0 reads
    if (t == 0) {
      atomic_ref<int, memory_order::relaxed, memory_scope::device> flag(msg[1]);
      if (b == 0) {
        msg[0] = 1234;
        atomic_fence(memory_order::release, memory_scope::device);
        flag.store(1);
      } else {
        while (flag.load() == 0) {
        }
        atomic_fence(memory_order::acquire, memory_scope::device);
        if (*static_cast<volatile int *>(&msg[0]) != 1234)
          atomic_ref<int, memory_order::relaxed, memory_scope::device>(msg[2]).fetch_add(1);
      }
    }
  }
};

} // namespace gpu
