// Declarations of the NVIDIA libdevice functions (libdevice.10.bc).
//
// The usycl driver links /usr/local/cuda/nvvm/libdevice/libdevice.10.bc into
// every NVPTX device module (with NVVMReflect, as clang's CUDA toolchain does),
// so these resolve at device link time. The math headers call them only under
// USYCL_DEVICE_NVPTX; on the host they are never referenced.
//
// The list mirrors every external function that libdevice.10.bc defines; the
// C++ parameter types follow the bitcode signatures (i32 -> int/unsigned,
// i64 -> long long/unsigned long long, i16 -> unsigned short, ptr -> T*).
#pragma once

#include <sycl/detail/defines.hpp>

extern "C" {
int __nv_clz(int) noexcept;
int __nv_clzll(long long) noexcept;
int __nv_popc(int) noexcept;
int __nv_popcll(long long) noexcept;
unsigned int __nv_byte_perm(unsigned int, unsigned int, unsigned int) noexcept;
int __nv_min(int, int) noexcept;
unsigned int __nv_umin(unsigned int, unsigned int) noexcept;
long long __nv_llmin(long long, long long) noexcept;
unsigned long long __nv_ullmin(unsigned long long, unsigned long long) noexcept;
int __nv_max(int, int) noexcept;
unsigned int __nv_umax(unsigned int, unsigned int) noexcept;
long long __nv_llmax(long long, long long) noexcept;
unsigned long long __nv_ullmax(unsigned long long, unsigned long long) noexcept;
int __nv_mulhi(int, int) noexcept;
unsigned int __nv_umulhi(unsigned int, unsigned int) noexcept;
long long __nv_mul64hi(long long, long long) noexcept;
unsigned long long __nv_umul64hi(unsigned long long, unsigned long long) noexcept;
int __nv_mul24(int, int) noexcept;
unsigned int __nv_umul24(unsigned int, unsigned int) noexcept;
unsigned int __nv_brev(unsigned int) noexcept;
unsigned long long __nv_brevll(unsigned long long) noexcept;
int __nv_sad(int, int, int) noexcept;
unsigned int __nv_usad(unsigned int, unsigned int, unsigned int) noexcept;
int __nv_abs(int) noexcept;
long long __nv_llabs(long long) noexcept;
float __nv_floorf(float) noexcept;
double __nv_floor(double) noexcept;
float __nv_fabsf(float) noexcept;
double __nv_fabs(double) noexcept;
double __nv_rcp64h(double) noexcept;
float __nv_fminf(float, float) noexcept;
float __nv_fmaxf(float, float) noexcept;
float __nv_rsqrtf(float) noexcept;
double __nv_fmin(double, double) noexcept;
double __nv_fmax(double, double) noexcept;
double __nv_rsqrt(double) noexcept;
double __nv_ceil(double) noexcept;
double __nv_trunc(double) noexcept;
float __nv_exp2f(float) noexcept;
float __nv_truncf(float) noexcept;
float __nv_ceilf(float) noexcept;
float __nv_saturatef(float) noexcept;
float __nv_fmaf_rn(float, float, float) noexcept;
float __nv_fmaf_rz(float, float, float) noexcept;
float __nv_fmaf_rd(float, float, float) noexcept;
float __nv_fmaf_ru(float, float, float) noexcept;
float __nv_fmaf_ieee_rn(float, float, float) noexcept;
float __nv_fmaf_ieee_rz(float, float, float) noexcept;
float __nv_fmaf_ieee_rd(float, float, float) noexcept;
float __nv_fmaf_ieee_ru(float, float, float) noexcept;
double __nv_fma_rn(double, double, double) noexcept;
double __nv_fma_rz(double, double, double) noexcept;
double __nv_fma_rd(double, double, double) noexcept;
double __nv_fma_ru(double, double, double) noexcept;
float __nv_fast_fdividef(float, float) noexcept;
float __nv_fdiv_rn(float, float) noexcept;
float __nv_fdiv_rz(float, float) noexcept;
float __nv_fdiv_rd(float, float) noexcept;
float __nv_fdiv_ru(float, float) noexcept;
float __nv_frcp_rn(float) noexcept;
float __nv_frcp_rz(float) noexcept;
float __nv_frcp_rd(float) noexcept;
float __nv_frcp_ru(float) noexcept;
float __nv_fsqrt_rn(float) noexcept;
float __nv_fsqrt_rz(float) noexcept;
float __nv_fsqrt_rd(float) noexcept;
float __nv_fsqrt_ru(float) noexcept;
double __nv_ddiv_rn(double, double) noexcept;
double __nv_ddiv_rz(double, double) noexcept;
double __nv_ddiv_rd(double, double) noexcept;
double __nv_ddiv_ru(double, double) noexcept;
double __nv_drcp_rn(double) noexcept;
double __nv_drcp_rz(double) noexcept;
double __nv_drcp_rd(double) noexcept;
double __nv_drcp_ru(double) noexcept;
double __nv_dsqrt_rn(double) noexcept;
double __nv_dsqrt_rz(double) noexcept;
double __nv_dsqrt_rd(double) noexcept;
double __nv_dsqrt_ru(double) noexcept;
float __nv_sqrtf(float) noexcept;
double __nv_sqrt(double) noexcept;
double __nv_dadd_rn(double, double) noexcept;
double __nv_dadd_rz(double, double) noexcept;
double __nv_dadd_rd(double, double) noexcept;
double __nv_dadd_ru(double, double) noexcept;
double __nv_dmul_rn(double, double) noexcept;
double __nv_dmul_rz(double, double) noexcept;
double __nv_dmul_rd(double, double) noexcept;
double __nv_dmul_ru(double, double) noexcept;
float __nv_fadd_rd(float, float) noexcept;
float __nv_fadd_ru(float, float) noexcept;
float __nv_fmul_rd(float, float) noexcept;
float __nv_fmul_ru(float, float) noexcept;
float __nv_fadd_rn(float, float) noexcept;
float __nv_fadd_rz(float, float) noexcept;
float __nv_fmul_rn(float, float) noexcept;
float __nv_fmul_rz(float, float) noexcept;
float __nv_double2float_rn(double) noexcept;
float __nv_double2float_rz(double) noexcept;
float __nv_double2float_rd(double) noexcept;
float __nv_double2float_ru(double) noexcept;
int __nv_double2int_rn(double) noexcept;
int __nv_double2int_rz(double) noexcept;
int __nv_double2int_rd(double) noexcept;
int __nv_double2int_ru(double) noexcept;
unsigned int __nv_double2uint_rn(double) noexcept;
unsigned int __nv_double2uint_rz(double) noexcept;
unsigned int __nv_double2uint_rd(double) noexcept;
unsigned int __nv_double2uint_ru(double) noexcept;
double __nv_int2double_rn(int) noexcept;
double __nv_uint2double_rn(unsigned int) noexcept;
int __nv_float2int_rn(float) noexcept;
int __nv_float2int_rz(float) noexcept;
int __nv_float2int_rd(float) noexcept;
int __nv_float2int_ru(float) noexcept;
unsigned int __nv_float2uint_rn(float) noexcept;
unsigned int __nv_float2uint_rz(float) noexcept;
unsigned int __nv_float2uint_rd(float) noexcept;
unsigned int __nv_float2uint_ru(float) noexcept;
float __nv_int2float_rn(int) noexcept;
float __nv_int2float_rz(int) noexcept;
float __nv_int2float_rd(int) noexcept;
float __nv_int2float_ru(int) noexcept;
float __nv_uint2float_rn(unsigned int) noexcept;
float __nv_uint2float_rz(unsigned int) noexcept;
float __nv_uint2float_rd(unsigned int) noexcept;
float __nv_uint2float_ru(unsigned int) noexcept;
double __nv_hiloint2double(int, int) noexcept;
int __nv_double2loint(double) noexcept;
int __nv_double2hiint(double) noexcept;
long long __nv_float2ll_rn(float) noexcept;
long long __nv_float2ll_rz(float) noexcept;
long long __nv_float2ll_rd(float) noexcept;
long long __nv_float2ll_ru(float) noexcept;
unsigned long long __nv_float2ull_rn(float) noexcept;
unsigned long long __nv_float2ull_rz(float) noexcept;
unsigned long long __nv_float2ull_rd(float) noexcept;
unsigned long long __nv_float2ull_ru(float) noexcept;
long long __nv_double2ll_rn(double) noexcept;
long long __nv_double2ll_rz(double) noexcept;
long long __nv_double2ll_rd(double) noexcept;
long long __nv_double2ll_ru(double) noexcept;
unsigned long long __nv_double2ull_rn(double) noexcept;
unsigned long long __nv_double2ull_rz(double) noexcept;
unsigned long long __nv_double2ull_rd(double) noexcept;
unsigned long long __nv_double2ull_ru(double) noexcept;
float __nv_ll2float_rn(long long) noexcept;
float __nv_ll2float_rz(long long) noexcept;
float __nv_ll2float_rd(long long) noexcept;
float __nv_ll2float_ru(long long) noexcept;
float __nv_ull2float_rn(unsigned long long) noexcept;
float __nv_ull2float_rz(unsigned long long) noexcept;
float __nv_ull2float_rd(unsigned long long) noexcept;
float __nv_ull2float_ru(unsigned long long) noexcept;
double __nv_ll2double_rn(long long) noexcept;
double __nv_ll2double_rz(long long) noexcept;
double __nv_ll2double_rd(long long) noexcept;
double __nv_ll2double_ru(long long) noexcept;
double __nv_ull2double_rn(unsigned long long) noexcept;
double __nv_ull2double_rz(unsigned long long) noexcept;
double __nv_ull2double_rd(unsigned long long) noexcept;
double __nv_ull2double_ru(unsigned long long) noexcept;
unsigned short __nv_float2half_rn(float) noexcept;
float __nv_half2float(unsigned short) noexcept;
float __nv_int_as_float(int) noexcept;
int __nv_float_as_int(float) noexcept;
float __nv_uint_as_float(unsigned int) noexcept;
unsigned int __nv_float_as_uint(float) noexcept;
double __nv_longlong_as_double(long long) noexcept;
long long __nv_double_as_longlong(double) noexcept;
float __nv_fast_sinf(float) noexcept;
float __nv_fast_cosf(float) noexcept;
float __nv_fast_log2f(float) noexcept;
float __nv_fast_logf(float) noexcept;
float __nv_fast_expf(float) noexcept;
float __nv_fast_tanhf(float) noexcept;
float __nv_tanhf(float) noexcept;
float __nv_fast_tanf(float) noexcept;
void __nv_fast_sincosf(float, float*, float*) noexcept;
float __nv_fast_exp10f(float) noexcept;
float __nv_fast_log10f(float) noexcept;
float __nv_fast_powf(float, float) noexcept;
int __nv_hadd(int, int) noexcept;
int __nv_rhadd(int, int) noexcept;
unsigned int __nv_uhadd(unsigned int, unsigned int) noexcept;
unsigned int __nv_urhadd(unsigned int, unsigned int) noexcept;
float __nv_fsub_rn(float, float) noexcept;
float __nv_fsub_rz(float, float) noexcept;
float __nv_fsub_rd(float, float) noexcept;
float __nv_fsub_ru(float, float) noexcept;
float __nv_frsqrt_rn(float) noexcept;
int __nv_ffs(int) noexcept;
int __nv_ffsll(long long) noexcept;
float __nv_rintf(float) noexcept;
long long __nv_llrintf(float) noexcept;
float __nv_nearbyintf(float) noexcept;
int __nv_isnanf(float) noexcept;
int __nv_signbitf(float) noexcept;
float __nv_copysignf(float, float) noexcept;
int __nv_finitef(float) noexcept;
int __nv_isinff(float) noexcept;
float __nv_nextafterf(float, float) noexcept;
float __nv_nanf(const char*) noexcept;
float __nv_sinf(float) noexcept;
float __nv_cosf(float) noexcept;
void __nv_sincosf(float, float*, float*) noexcept;
float __nv_sinpif(float) noexcept;
float __nv_cospif(float) noexcept;
void __nv_sincospif(float, float*, float*) noexcept;
float __nv_tanf(float) noexcept;
float __nv_log2f(float) noexcept;
float __nv_expf(float) noexcept;
float __nv_exp10f(float) noexcept;
float __nv_coshf(float) noexcept;
float __nv_sinhf(float) noexcept;
float __nv_atan2f(float, float) noexcept;
float __nv_atanf(float) noexcept;
float __nv_asinf(float) noexcept;
float __nv_acosf(float) noexcept;
float __nv_logf(float) noexcept;
float __nv_log10f(float) noexcept;
float __nv_log1pf(float) noexcept;
float __nv_acoshf(float) noexcept;
float __nv_asinhf(float) noexcept;
float __nv_atanhf(float) noexcept;
float __nv_expm1f(float) noexcept;
float __nv_hypotf(float, float) noexcept;
float __nv_rhypotf(float, float) noexcept;
float __nv_norm3df(float, float, float) noexcept;
float __nv_rnorm3df(float, float, float) noexcept;
float __nv_norm4df(float, float, float, float) noexcept;
float __nv_rnorm4df(float, float, float, float) noexcept;
float __nv_normf(int, const float*) noexcept;
float __nv_rnormf(int, const float*) noexcept;
float __nv_cbrtf(float) noexcept;
float __nv_rcbrtf(float) noexcept;
float __nv_j0f(float) noexcept;
float __nv_j1f(float) noexcept;
float __nv_y0f(float) noexcept;
float __nv_y1f(float) noexcept;
float __nv_ynf(int, float) noexcept;
float __nv_jnf(int, float) noexcept;
float __nv_cyl_bessel_i0f(float) noexcept;
float __nv_cyl_bessel_i1f(float) noexcept;
float __nv_erff(float) noexcept;
float __nv_erfinvf(float) noexcept;
float __nv_erfcf(float) noexcept;
float __nv_erfcxf(float) noexcept;
float __nv_erfcinvf(float) noexcept;
float __nv_normcdfinvf(float) noexcept;
float __nv_normcdff(float) noexcept;
float __nv_lgammaf(float) noexcept;
float __nv_ldexpf(float, int) noexcept;
float __nv_scalbnf(float, int) noexcept;
float __nv_frexpf(float, int*) noexcept;
float __nv_modff(float, float*) noexcept;
float __nv_fmodf(float, float) noexcept;
float __nv_remainderf(float, float) noexcept;
float __nv_remquof(float, float, int*) noexcept;
float __nv_fmaf(float, float, float) noexcept;
float __nv_powif(float, int) noexcept;
double __nv_powi(double, int) noexcept;
float __nv_powf(float, float) noexcept;
float __nv_tgammaf(float) noexcept;
float __nv_roundf(float) noexcept;
long long __nv_llroundf(float) noexcept;
float __nv_fdimf(float, float) noexcept;
int __nv_ilogbf(float) noexcept;
float __nv_logbf(float) noexcept;
double __nv_rint(double) noexcept;
long long __nv_llrint(double) noexcept;
double __nv_nearbyint(double) noexcept;
int __nv_signbitd(double) noexcept;
int __nv_isfinited(double) noexcept;
int __nv_isinfd(double) noexcept;
int __nv_isnand(double) noexcept;
double __nv_copysign(double, double) noexcept;
void __nv_sincos(double, double*, double*) noexcept;
void __nv_sincospi(double, double*, double*) noexcept;
double __nv_sin(double) noexcept;
double __nv_cos(double) noexcept;
double __nv_sinpi(double) noexcept;
double __nv_cospi(double) noexcept;
double __nv_tan(double) noexcept;
double __nv_log(double) noexcept;
double __nv_log2(double) noexcept;
double __nv_log10(double) noexcept;
double __nv_log1p(double) noexcept;
double __nv_exp(double) noexcept;
double __nv_exp2(double) noexcept;
double __nv_exp10(double) noexcept;
double __nv_expm1(double) noexcept;
double __nv_cosh(double) noexcept;
double __nv_sinh(double) noexcept;
double __nv_tanh(double) noexcept;
double __nv_atan2(double, double) noexcept;
double __nv_atan(double) noexcept;
double __nv_asin(double) noexcept;
double __nv_acos(double) noexcept;
double __nv_acosh(double) noexcept;
double __nv_asinh(double) noexcept;
double __nv_atanh(double) noexcept;
double __nv_hypot(double, double) noexcept;
double __nv_rhypot(double, double) noexcept;
double __nv_norm3d(double, double, double) noexcept;
double __nv_rnorm3d(double, double, double) noexcept;
double __nv_norm4d(double, double, double, double) noexcept;
double __nv_rnorm4d(double, double, double, double) noexcept;
double __nv_norm(int, const double*) noexcept;
double __nv_rnorm(int, const double*) noexcept;
double __nv_cbrt(double) noexcept;
double __nv_rcbrt(double) noexcept;
double __nv_pow(double, double) noexcept;
double __nv_j0(double) noexcept;
double __nv_j1(double) noexcept;
double __nv_y0(double) noexcept;
double __nv_y1(double) noexcept;
double __nv_yn(int, double) noexcept;
double __nv_jn(int, double) noexcept;
double __nv_cyl_bessel_i0(double) noexcept;
double __nv_cyl_bessel_i1(double) noexcept;
double __nv_erf(double) noexcept;
double __nv_erfinv(double) noexcept;
double __nv_erfcinv(double) noexcept;
double __nv_normcdfinv(double) noexcept;
double __nv_erfc(double) noexcept;
double __nv_erfcx(double) noexcept;
double __nv_normcdf(double) noexcept;
double __nv_tgamma(double) noexcept;
double __nv_lgamma(double) noexcept;
double __nv_ldexp(double, int) noexcept;
double __nv_scalbn(double, int) noexcept;
double __nv_frexp(double, int*) noexcept;
double __nv_modf(double, double*) noexcept;
double __nv_fmod(double, double) noexcept;
double __nv_remainder(double, double) noexcept;
double __nv_remquo(double, double, int*) noexcept;
double __nv_nextafter(double, double) noexcept;
double __nv_nan(const char*) noexcept;
double __nv_round(double) noexcept;
long long __nv_llround(double) noexcept;
int __nv_ilogb(double) noexcept;
double __nv_logb(double) noexcept;
double __nv_fma(double, double, double) noexcept;
double __nv_dsub_rn(double, double) noexcept;
double __nv_dsub_rz(double, double) noexcept;
double __nv_dsub_ru(double, double) noexcept;
double __nv_dsub_rd(double, double) noexcept;
double __nv_fdim(double, double) noexcept;
} // extern "C"

// ---------------------------------------------------------------------------
// Device definitions of the C library math functions (sinf, sin, expf, ...),
// forwarding to libdevice, as clang's CUDA headers do. They are only used when
// the device pass runs with -fmath-errno: then calls to ::sin / std::sin
// (libstdc++'s std::sin(float) is __builtin_sinf) are emitted as calls to the
// C functions instead of llvm.sin.* intrinsics, which the NVPTX backend cannot
// select. Without -fmath-errno they are never referenced and cost nothing.
// Define USYCL_NO_DEVICE_CMATH to leave them out.
#if defined(__SYCL_DEVICE_ONLY__) && defined(__NVPTX__) && !defined(USYCL_NO_DEVICE_CMATH)
#define USYCL_CM_ATTR inline __attribute__((always_inline))
#define USYCL_CM1(N)                                                                     \
  USYCL_CM_ATTR float N##f(float x) noexcept { return __nv_##N##f(x); }                  \
  USYCL_CM_ATTR double N(double x) noexcept { return __nv_##N(x); }
#define USYCL_CM2(N)                                                                     \
  USYCL_CM_ATTR float N##f(float x, float y) noexcept { return __nv_##N##f(x, y); }      \
  USYCL_CM_ATTR double N(double x, double y) noexcept { return __nv_##N(x, y); }
// With approximate functions (defines.hpp) the float forms nvcc
// -use_fast_math maps to its intrinsics (sinf -> __sinf, ...) do the same.
#if USYCL_FP_APPROX_FUNC
#define USYCL_CM1_FAST(N)                                                                \
  USYCL_CM_ATTR float N##f(float x) noexcept { return __nv_fast_##N##f(x); }             \
  USYCL_CM_ATTR double N(double x) noexcept { return __nv_##N(x); }
#define USYCL_CM2_FAST(N)                                                                \
  USYCL_CM_ATTR float N##f(float x, float y) noexcept { return __nv_fast_##N##f(x, y); } \
  USYCL_CM_ATTR double N(double x, double y) noexcept { return __nv_##N(x, y); }
#else
#define USYCL_CM1_FAST(N) USYCL_CM1(N)
#define USYCL_CM2_FAST(N) USYCL_CM2(N)
#endif
extern "C" {
USYCL_CM1(acos)
USYCL_CM1(acosh)
USYCL_CM1(asin)
USYCL_CM1(asinh)
USYCL_CM1(atan)
USYCL_CM1(atanh)
USYCL_CM1(cbrt)
USYCL_CM1(ceil)
USYCL_CM1_FAST(cos)
USYCL_CM1(cosh)
USYCL_CM1(erf)
USYCL_CM1(erfc)
USYCL_CM1_FAST(exp)
USYCL_CM1(exp2)
USYCL_CM1_FAST(exp10)
USYCL_CM1(expm1)
USYCL_CM1(fabs)
USYCL_CM1(floor)
USYCL_CM1(lgamma)
USYCL_CM1_FAST(log)
USYCL_CM1_FAST(log10)
USYCL_CM1(log1p)
USYCL_CM1_FAST(log2)
USYCL_CM1(logb)
USYCL_CM1(nearbyint)
USYCL_CM1(rint)
USYCL_CM1(round)
USYCL_CM1_FAST(sin)
USYCL_CM1(sinh)
// libdevice's __nv_sqrtf is sqrt.approx (NVVMReflect reads __CUDA_PREC_SQRT
// as 0): correctly rounded unless approximate, as nvcc's -prec-sqrt.
#if USYCL_FP32_APPROX_SQRT
USYCL_CM_ATTR float sqrtf(float x) noexcept { return __nv_sqrtf(x); }
#else
USYCL_CM_ATTR float sqrtf(float x) noexcept { return __nv_fsqrt_rn(x); }
#endif
USYCL_CM_ATTR double sqrt(double x) noexcept { return __nv_sqrt(x); }
USYCL_CM1_FAST(tan)
USYCL_CM1(tanh)
USYCL_CM1(tgamma)
USYCL_CM1(trunc)
USYCL_CM2(atan2)
USYCL_CM2(copysign)
USYCL_CM2(fdim)
USYCL_CM2(fmax)
USYCL_CM2(fmin)
USYCL_CM2(fmod)
USYCL_CM2(hypot)
USYCL_CM2(nextafter)
USYCL_CM2_FAST(pow)
USYCL_CM2(remainder)
USYCL_CM_ATTR float fmaf(float x, float y, float z) noexcept { return __nv_fmaf(x, y, z); }
USYCL_CM_ATTR double fma(double x, double y, double z) noexcept { return __nv_fma(x, y, z); }
USYCL_CM_ATTR float ldexpf(float x, int e) noexcept { return __nv_ldexpf(x, e); }
USYCL_CM_ATTR double ldexp(double x, int e) noexcept { return __nv_ldexp(x, e); }
USYCL_CM_ATTR float scalbnf(float x, int e) noexcept { return __nv_scalbnf(x, e); }
USYCL_CM_ATTR double scalbn(double x, int e) noexcept { return __nv_scalbn(x, e); }
USYCL_CM_ATTR float frexpf(float x, int *e) noexcept { return __nv_frexpf(x, e); }
USYCL_CM_ATTR double frexp(double x, int *e) noexcept { return __nv_frexp(x, e); }
USYCL_CM_ATTR float modff(float x, float *i) noexcept { return __nv_modff(x, i); }
USYCL_CM_ATTR double modf(double x, double *i) noexcept { return __nv_modf(x, i); }
USYCL_CM_ATTR float remquof(float x, float y, int *q) noexcept { return __nv_remquof(x, y, q); }
USYCL_CM_ATTR double remquo(double x, double y, int *q) noexcept { return __nv_remquo(x, y, q); }
USYCL_CM_ATTR int ilogbf(float x) noexcept { return __nv_ilogbf(x); }
USYCL_CM_ATTR int ilogb(double x) noexcept { return __nv_ilogb(x); }
USYCL_CM_ATTR long long llrintf(float x) noexcept { return __nv_llrintf(x); }
USYCL_CM_ATTR long long llrint(double x) noexcept { return __nv_llrint(x); }
USYCL_CM_ATTR long long llroundf(float x) noexcept { return __nv_llroundf(x); }
USYCL_CM_ATTR long long llround(double x) noexcept { return __nv_llround(x); }
USYCL_CM_ATTR long lrintf(float x) noexcept { return static_cast<long>(__nv_llrintf(x)); }
USYCL_CM_ATTR long lrint(double x) noexcept { return static_cast<long>(__nv_llrint(x)); }
USYCL_CM_ATTR long lroundf(float x) noexcept { return static_cast<long>(__nv_llroundf(x)); }
USYCL_CM_ATTR long lround(double x) noexcept { return static_cast<long>(__nv_llround(x)); }
USYCL_CM_ATTR void sincosf(float x, float *s, float *c) noexcept {
#if USYCL_FP_APPROX_FUNC
  __nv_fast_sincosf(x, s, c);
#else
  __nv_sincosf(x, s, c);
#endif
}
USYCL_CM_ATTR void sincos(double x, double *s, double *c) noexcept { __nv_sincos(x, s, c); }
USYCL_CM_ATTR float nanf(const char *tag) noexcept { return __nv_nanf(tag); }
USYCL_CM_ATTR double nan(const char *tag) noexcept { return __nv_nan(tag); }
} // extern "C"
#undef USYCL_CM1
#undef USYCL_CM2
#undef USYCL_CM1_FAST
#undef USYCL_CM2_FAST
#undef USYCL_CM_ATTR
#endif

// The C99 complex run-time functions (std::complex in kernels).
#include <sycl/detail/libdevice_complex.hpp>
