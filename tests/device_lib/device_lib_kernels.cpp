// Device-library coverage source for check_device_lib.sh.
//
// Every SYCL math builtin, sycl::half, sycl::vec/marray and sycl::atomic_ref
// is used from kernels (functions carrying [[clang::sycl_kernel_entry_point]]).
// The script compiles it for NVPTX, links libdevice, runs llc (and ptxas when
// available) and checks the PTX. Without __SYCL_DEVICE_ONLY__ the same bodies
// run as plain host functions, so the host instantiations are covered too.
#include <sycl/atomic_fence.hpp>
#include <sycl/atomic_ref.hpp>
#include <sycl/bit_cast.hpp>
#include <sycl/half.hpp>
#include <sycl/marray.hpp>
#include <sycl/math.hpp>
#include <sycl/vec.hpp>

#include <cstdint>

template <class Name, class F>
#ifdef __SYCL_DEVICE_ONLY__
[[clang::sycl_kernel_entry_point(Name)]]
#endif
void kernel_entry(F f) {
  f();
}

namespace k {
struct math_float;
struct math_double;
struct math_half;
struct math_vec;
struct math_marray;
struct native_fns;
struct integer_fns;
struct half_vec_ops;
struct atomics;
struct atomics_opaque_order;
// one function each, so the script can check their exact lowering
struct only_native_exp;
struct only_exp;
struct only_native_sin;
struct only_sin;
struct only_native_sqrt;
struct only_sqrt;
} // namespace k

// Sink so that nothing is optimised away.
template <class T> struct sink {
  T *out;
  int i = 0;
  template <class U> void operator()(const U &v) { out[i++ % 64] = static_cast<T>(v); }
};

// ---- every genfloat math function for a type T ----
template <class T, class S> void use_math(const T *in, S &put) {
  // Qualified calls: with `using namespace sycl;` an unqualified acos(double)
  // would pick the exact non-template ::acos(double) from <math.h>.
  using I = sycl::detail::math::int_of_t<T>;
  T x = in[0], y = in[1], z = in[2];
  T outT{};
  I outI{};
  // one argument
  put(sycl::acos(x)); put(sycl::acosh(x)); put(sycl::acospi(x)); put(sycl::asin(x)); put(sycl::asinh(x)); put(sycl::asinpi(x));
  put(sycl::atan(x)); put(sycl::atanh(x)); put(sycl::atanpi(x)); put(sycl::cbrt(x)); put(sycl::ceil(x)); put(sycl::cos(x));
  put(sycl::cosh(x)); put(sycl::cospi(x)); put(sycl::erf(x)); put(sycl::erfc(x)); put(sycl::exp(x)); put(sycl::exp2(x));
  put(sycl::exp10(x)); put(sycl::expm1(x)); put(sycl::fabs(x)); put(sycl::floor(x)); put(sycl::lgamma(x)); put(sycl::log(x));
  put(sycl::log2(x)); put(sycl::log10(x)); put(sycl::log1p(x)); put(sycl::logb(x)); put(sycl::rint(x)); put(sycl::round(x));
  put(sycl::rsqrt(x)); put(sycl::sin(x)); put(sycl::sinh(x)); put(sycl::sinpi(x)); put(sycl::sqrt(x)); put(sycl::tan(x));
  put(sycl::tanh(x)); put(sycl::tanpi(x)); put(sycl::tgamma(x)); put(sycl::trunc(x));
  // two / three arguments
  put(sycl::atan2(x, y)); put(sycl::atan2pi(x, y)); put(sycl::copysign(x, y)); put(sycl::fdim(x, y)); put(sycl::fmax(x, y));
  put(sycl::fmin(x, y)); put(sycl::fmod(x, y)); put(sycl::hypot(x, y)); put(sycl::maxmag(x, y)); put(sycl::minmag(x, y));
  put(sycl::nextafter(x, y)); put(sycl::pow(x, y)); put(sycl::powr(x, y)); put(sycl::remainder(x, y));
  put(sycl::fma(x, y, z)); put(sycl::mad(x, y, z));
  // int arguments / pointer outputs
  put(sycl::ldexp(x, I(3))); put(sycl::pown(x, I(3))); put(sycl::rootn(x, I(3))); put(sycl::ilogb(x));
  put(sycl::frexp(x, &outI)); put(outI); put(sycl::lgamma_r(x, &outI)); put(outI);
  put(sycl::modf(x, &outT)); put(outT); put(sycl::fract(x, &outT)); put(outT);
  put(sycl::sincos(x, &outT)); put(outT); put(sycl::remquo(x, y, &outI)); put(outI);
  // common
  put(sycl::clamp(x, y, z)); put(sycl::degrees(x)); put(sycl::radians(x)); put(sycl::max(x, y)); put(sycl::min(x, y));
  put(sycl::mix(x, y, z)); put(sycl::step(x, y)); put(sycl::smoothstep(x, y, z)); put(sycl::sign(x)); put(sycl::abs(x));
  // relational
  put(sycl::isequal(x, y)); put(sycl::isnotequal(x, y)); put(sycl::isgreater(x, y)); put(sycl::isgreaterequal(x, y));
  put(sycl::isless(x, y)); put(sycl::islessequal(x, y)); put(sycl::islessgreater(x, y)); put(sycl::isordered(x, y));
  put(sycl::isunordered(x, y)); put(sycl::isfinite(x)); put(sycl::isinf(x)); put(sycl::isnan(x)); put(sycl::isnormal(x));
  put(sycl::signbit(x)); put(sycl::bitselect(x, y, z));
  // geometric
  put(sycl::dot(x, y)); put(sycl::length(x)); put(sycl::distance(x, y)); put(sycl::normalize(x));
}

template <class T, class S> void use_native(const T *in, S &put) {
  using namespace sycl;
  T x = in[0], y = in[1];
  put(native::cos(x)); put(native::sin(x)); put(native::tan(x)); put(native::exp(x));
  put(native::exp2(x)); put(native::exp10(x)); put(native::log(x)); put(native::log2(x));
  put(native::log10(x)); put(native::recip(x)); put(native::rsqrt(x)); put(native::sqrt(x));
  put(native::divide(x, y)); put(native::powr(x, y));
  put(half_precision::cos(x)); put(half_precision::sin(x)); put(half_precision::tan(x));
  put(half_precision::exp(x)); put(half_precision::exp2(x)); put(half_precision::exp10(x));
  put(half_precision::log(x)); put(half_precision::log2(x)); put(half_precision::log10(x));
  put(half_precision::recip(x)); put(half_precision::rsqrt(x)); put(half_precision::sqrt(x));
  put(half_precision::divide(x, y)); put(half_precision::powr(x, y));
}

template <class T, class S> void use_integer(const T *in, S &put) {
  T x = in[0], y = in[1], z = in[2];
  put(sycl::abs(x)); put(sycl::abs_diff(x, y)); put(sycl::add_sat(x, y)); put(sycl::sub_sat(x, y)); put(sycl::hadd(x, y));
  put(sycl::rhadd(x, y)); put(sycl::mul_hi(x, y)); put(sycl::rotate(x, y)); put(sycl::clz(x)); put(sycl::ctz(x));
  put(sycl::popcount(x)); put(sycl::mad_sat(x, y, z)); put(sycl::mad_hi(x, y, z)); put(sycl::min(x, y)); put(sycl::max(x, y));
  put(sycl::clamp(x, y, z));
  if constexpr (sizeof(T) == 4) {
    put(sycl::mul24(x, y));
    put(sycl::mad24(x, y, z));
  }
}

// Store helpers for vec/marray results into a float sink.
struct vsink {
  float *out;
  int i = 0;
  template <class U> void operator()(const U &v) {
    using namespace sycl::detail::math;
    if constexpr (is_nonscalar_v<U>) {
      for (int k = 0; k < num_elems<U>(); ++k)
        out[i++ % 64] = static_cast<float>(v[k]);
    } else {
      out[i++ % 64] = static_cast<float>(v);
    }
  }
};

int main(int argc, char **argv) {
  (void)argv;
  float *fp = nullptr;
  double *dp = nullptr;
  sycl::half *hp = nullptr;
  int *ip = nullptr;
  unsigned *up = nullptr;
  long long *llp = nullptr;
  unsigned long long *ullp = nullptr;
  std::int8_t *cp = nullptr;
  std::uint16_t *usp = nullptr;
  float buf[256] = {};
  double dbuf[256] = {};
  sycl::half hbuf[256] = {};
  long long lbuf[256] = {};
  if (argc > 1000) { // host run: point at local buffers (never taken on device)
    fp = buf;
    dp = dbuf;
    hp = hbuf;
    ip = reinterpret_cast<int *>(lbuf);
    up = reinterpret_cast<unsigned *>(lbuf + 32);
    llp = lbuf + 64;
    ullp = reinterpret_cast<unsigned long long *>(lbuf + 128);
    cp = reinterpret_cast<std::int8_t *>(lbuf + 192);
    usp = reinterpret_cast<std::uint16_t *>(lbuf + 224);
  }

#ifdef __SYCL_DEVICE_ONLY__
#define RUN(NAME, ...) kernel_entry<NAME>(__VA_ARGS__)
#else
#define RUN(NAME, ...)                                                                   \
  if (fp)                                                                                \
  kernel_entry<NAME>(__VA_ARGS__)
#endif

  RUN(k::math_float, [=] {
    sink<float> s{fp + 64};
    use_math(fp, s);
  });
  RUN(k::math_double, [=] {
    sink<double> s{dp + 64};
    use_math(dp, s);
  });
  RUN(k::math_half, [=] {
    sink<sycl::half> s{hp + 64};
    use_math(hp, s);
  });
  RUN(k::math_vec, [=] {
    vsink s{fp + 128};
    sycl::float4 v4[3] = {sycl::float4(fp[0], fp[1], fp[2], fp[3]), sycl::float4(fp[4]),
                          sycl::float4(fp[5])};
    use_math(v4, s);
    sycl::double3 d3[3] = {sycl::double3(dp[0], dp[1], dp[2]), sycl::double3(dp[3]),
                           sycl::double3(dp[4])};
    use_math(d3, s);
    sycl::half2 h2[3] = {sycl::half2(hp[0], hp[1]), sycl::half2(hp[2]), sycl::half2(hp[3])};
    use_math(h2, s);
    s(sycl::cross(v4[0], v4[1]));
    s(sycl::cross(d3[0], d3[1]));
    s(sycl::fmax(v4[0], fp[9])); s(sycl::fmin(v4[0], fp[9])); s(sycl::ldexp(v4[0], 2));
    s(sycl::clamp(v4[0], 0.0f, 1.0f)); s(sycl::mix(v4[0], v4[1], 0.5f));
    s(sycl::step(0.5f, v4[0])); s(sycl::smoothstep(0.0f, 1.0f, v4[0]));
    s(sycl::select(v4[0], v4[1], sycl::int4(-1, 0, -1, 0)));
    s(sycl::any(v4[0] < v4[1])); s(sycl::all(v4[0] < v4[1]));
    s(sycl::nan(sycl::uint4(1u))); s(sycl::nan(2u)); s(sycl::nan(3ul));
    s(sycl::fast_length(v4[0])); s(sycl::fast_distance(v4[0], v4[1]));
    s(sycl::fast_normalize(v4[0]));
  });
  RUN(k::math_marray, [=] {
    vsink s{fp + 192};
    sycl::mfloat3 m3[3] = {sycl::mfloat3(fp[0], fp[1], fp[2]), sycl::mfloat3(fp[3]),
                           sycl::mfloat3(fp[4])};
    use_math(m3, s);
    s(sycl::cross(m3[0], m3[1]));
    s(sycl::any(m3[0] < m3[1])); s(sycl::all(m3[0] < m3[1]));
    s(sycl::select(m3[0], m3[1], m3[0] < m3[1]));
  });
  RUN(k::native_fns, [=] {
    vsink s{fp + 64};
    use_native(fp, s);
    sycl::float8 v8[2] = {sycl::float8(fp[0]), sycl::float8(fp[1])};
    use_native(v8, s);
  });
  RUN(k::integer_fns, [=] {
    vsink s{fp + 64};
    use_integer(ip, s);
    use_integer(up, s);
    use_integer(llp, s);
    use_integer(ullp, s);
    use_integer(cp, s);
    use_integer(usp, s);
    sycl::int4 iv[3] = {sycl::int4(ip[0], ip[1], ip[2], ip[3]), sycl::int4(ip[4]),
                        sycl::int4(ip[5])};
    use_integer(iv, s);
    s(sycl::upsample(sycl::short2(std::int16_t(ip[0])), sycl::ushort2(std::uint16_t(ip[1]))));
    s(sycl::upsample(ip[0], up[0]));
    s(sycl::any(ip[0])); s(sycl::all(iv[0]));
  });
  RUN(k::half_vec_ops, [=] {
    // sycl::half arithmetic/conversions, vec operators, convert/as, load/store
    sycl::half a = hp[0], b = hp[1];
    hp[10] = a + b;
    hp[11] = a * b - a / b;
    hp[12] = sycl::half(fp[0]);
    fp[20] = static_cast<float>(a) + (a < b ? 1.0f : 2.0f);
    hp[13] = sycl::half(dp[0]);
    sycl::float4 v;
    v.load(0, fp);
    sycl::float4 w = v * 2.0f + v.swizzle<3, 2, 1, 0>();
    (void)w;
    sycl::int4 c = v > w;
    sycl::int4 r = v.convert<int, sycl::rounding_mode::rte>() + c;
    sycl::int4 r2 = v.convert<int, sycl::rounding_mode::rtn>() ^ r;
    sycl::half4 hv = v.convert<sycl::half>();
    sycl::float4 back = hv.convert<float, sycl::rounding_mode::rtz>();
    sycl::uint4 bits = v.as<sycl::uint4>();
    sycl::float2 lo = v.lo(), hi = v.hi(), ev = v.even(), od = v.odd();
    sycl::float3 sw = v.swizzle<3, 2, 1>();
    sycl::vec<float, 16> big(fp[0]);
    big = big * big + 1.0f;
    r.store(1, ip);
    r2.store(2, ip);
    back.store(3, fp);
    bits.store(4, up);
    (lo + hi + ev + od).store(5, fp);
    sw.store(6, fp);
    big.store(2, fp);
    sycl::double2 dd(dp[0], dp[1]);
    sycl::float2 fd = dd.convert<float, sycl::rounding_mode::rtp>();
    fd.store(40, fp);
    sycl::mint4 mi(ip[0]);
    mi = mi * 3 + 1;
    ip[60] = mi[0] + mi[3];
  });
  RUN(k::atomics, [=] {
    using namespace sycl;
    atomic_ref<int, memory_order::relaxed, memory_scope::device> ai(ip[0]);
    ai.fetch_add(1);
    ai.fetch_add(2, memory_order::acq_rel);
    ai.fetch_sub(3, memory_order::seq_cst, memory_scope::work_group);
    ai.fetch_max(4);
    ai.fetch_min(5, memory_order::acquire, memory_scope::system);
    ai.fetch_and(6);
    ai.fetch_or(7, memory_order::release);
    ai.fetch_xor(8);
    ai++;
    --ai;
    ai += 9;
    int expected = 0;
    ai.compare_exchange_strong(expected, 10);
    ai.compare_exchange_weak(expected, 11, memory_order::acq_rel, memory_order::acquire);
    ip[1] = ai.exchange(12, memory_order::acq_rel);
    ip[2] = ai.load(memory_order::acquire);
    ai.store(13, memory_order::release);
    atomic_ref<float, memory_order::relaxed, memory_scope::device,
               access::address_space::global_space>
        af(fp[0]);
    af.fetch_add(1.0f);
    af.fetch_max(2.0f);
    af.fetch_min(0.5f);
    af -= 1.0f;
    atomic_ref<float, memory_order::relaxed, memory_scope::system> afs(fp[1]);
    afs.fetch_add(1.0f);
    atomic_ref<double, memory_order::acq_rel, memory_scope::work_group> ad(dp[0]);
    ad.fetch_add(2.0);
    dp[1] = ad.load();
    ad.store(3.0);
    atomic_ref<unsigned long long, memory_order::seq_cst, memory_scope::device> au(ullp[0]);
    au.fetch_min(3ull);
    au.fetch_add(1ull);
    atomic_ref<long long, memory_order::relaxed, memory_scope::work_group,
               access::address_space::local_space>
        al(llp[0]);
    al.fetch_or(1);
    al.fetch_max(-1);
    atomic_ref<unsigned, memory_order::relaxed, memory_scope::sub_group> aun(up[0]);
    aun.fetch_max(4u);
    atomic_ref<int *, memory_order::relaxed, memory_scope::device> ap(
        *reinterpret_cast<int **>(llp + 8));
    ap.fetch_add(2);
    ap++;
    atomic_fence(memory_order::acq_rel, memory_scope::work_group);
    atomic_fence(memory_order::seq_cst, memory_scope::device);
    atomic_fence(memory_order::release, memory_scope::system);
    atomic_fence(memory_order::acquire, memory_scope::work_item);
  });
  RUN(k::atomics_opaque_order, [=] {
    // Orders and scopes only known at run time: every PTX variant is emitted
    // (ptxas then validates all of them).
    using namespace sycl;
    const auto o = static_cast<memory_order>(ip[100]);
    const auto sc = static_cast<memory_scope>(ip[101]);
    atomic_ref<int, memory_order::relaxed, memory_scope::device> ai(ip[0]);
    ip[3] = ai.fetch_add(1, o, sc) + ai.fetch_min(2, o, sc) + ai.exchange(3, o, sc) + ai.load(o, sc);
    ai.store(4, o, sc);
    atomic_ref<double, memory_order::relaxed, memory_scope::device> ad(dp[0]);
    dp[3] = ad.fetch_add(1.0, o, sc) + ad.fetch_max(2.0, o, sc);
    atomic_ref<unsigned long long, memory_order::relaxed, memory_scope::device> au(ullp[0]);
    unsigned long long e = 1;
    au.compare_exchange_strong(e, 2ull, o, memory_order::relaxed, sc);
    ullp[3] = au.fetch_xor(e, o, sc);
    atomic_fence(o, sc);
  });
  RUN(k::only_native_exp, [=] { fp[1] = sycl::native::exp(fp[0]); });
  RUN(k::only_exp, [=] { fp[1] = sycl::exp(fp[0]); });
  RUN(k::only_native_sin, [=] { fp[1] = sycl::native::sin(fp[0]); });
  RUN(k::only_sin, [=] { fp[1] = sycl::sin(fp[0]); });
  RUN(k::only_native_sqrt, [=] { fp[1] = sycl::native::sqrt(fp[0]); });
  RUN(k::only_sqrt, [=] { fp[1] = sycl::sqrt(fp[0]); });
  return 0;
}
