// Macros shared by every header.
#pragma once

// (usycl++ says so before compiling; this is for other compilers' users.)
#if defined(__cplusplus) && __cplusplus < 201703L
#error "SYCL 2020 needs C++17 or later: compile with -std=c++17 or -std=c++20"
#endif

#define USYCL_EXPORT __attribute__((visibility("default")))

// SYCL_EXTERNAL functions must reach the device code of their translation
// unit even when no kernel there calls them (separate compilation):
// clang 22's [[clang::sycl_external]] does that in the device pass. usycl's
// plugin spells it as a GNU attribute, which may stand anywhere a
// declaration specifier may (`SYCL_EXTERNAL extern "C" double f(double);`,
// `extern SYCL_EXTERNAL int g();`); without the plugin, the [[]] form must
// lead the declaration.
#ifndef SYCL_EXTERNAL
#if defined(__SYCL_DEVICE_ONLY__) && defined(__has_attribute)
#if __has_attribute(usycl_sycl_external)
#define SYCL_EXTERNAL __attribute__((usycl_sycl_external))
#endif
#endif
#endif
#ifndef SYCL_EXTERNAL
#if defined(__SYCL_DEVICE_ONLY__) && defined(__has_cpp_attribute)
#if __has_cpp_attribute(clang::sycl_external)
#define SYCL_EXTERNAL [[clang::sycl_external]]
#endif
#endif
#endif
#ifndef SYCL_EXTERNAL
#define SYCL_EXTERNAL
#endif

// Marks functions the headers provide for both passes.
#define USYCL_INLINE inline __attribute__((always_inline))

#if defined(__SYCL_DEVICE_ONLY__) && defined(__NVPTX__)
#define USYCL_DEVICE_NVPTX 1
#else
#define USYCL_DEVICE_NVPTX 0
#endif

// Floating-point options (docs/driver.md, "Floating point"). usycl++
// defines __USYCL_FP_APPROX_FUNC__ in the device passes for -ffast-math,
// -fapprox-func and -ffp-model=fast / -fp-model=fast (clang's own
// __FAST_MATH__ is lost there: the device pass keeps -fmath-errno so that C
// math stays calls), and __USYCL_FP32_PREC_SQRT__ for -fsycl-fp32-prec-sqrt.
// With approximate functions NVPTX float sin, cos, tan, exp, exp10, log,
// log2, log10 and pow use libdevice's fast forms (sin.approx, ex2.approx,
// lg2.approx), and sqrt is sqrt.approx unless -fsycl-fp32-prec-sqrt, as nvcc
// -use_fast_math compiles sinf, expf and sqrtf. Default: IEEE, as before.
#if defined(__FAST_MATH__) || defined(__USYCL_FP_APPROX_FUNC__)
#define USYCL_FP_APPROX_FUNC 1
#else
#define USYCL_FP_APPROX_FUNC 0
#endif
#if USYCL_FP_APPROX_FUNC && !defined(__USYCL_FP32_PREC_SQRT__)
#define USYCL_FP32_APPROX_SQRT 1
#else
#define USYCL_FP32_APPROX_SQRT 0
#endif

// A SPIR-V device pass (intel_gpu_* and spir64 targets). usycl runs no SPIR-V
// code: a SPIR-V image carries its kernels' requirements (seed 002), which the
// runtime and sycl-aspect-filter check. The kernel entry points call the
// user's kernel in this pass only so that what it uses (a `double`, a
// device_has function) is in the module when the aspect propagation pass
// runs; the device link then empties the entry points before llc
// (docs/driver.md, "SPIR-V targets").
#if defined(__SYCL_DEVICE_ONLY__) && (defined(__SPIRV__) || defined(__SPIR__))
#define USYCL_DEVICE_SPIRV 1
#else
#define USYCL_DEVICE_SPIRV 0
#endif

#define SYCL_IMPLEMENTATION_USYCL 1
#ifndef SYCL_LANGUAGE_VERSION
#define SYCL_LANGUAGE_VERSION 202012
#endif
#define SYCL_FEATURE_SET_FULL 1

// The _ZTS... symbol of a kernel's device entry point. Outside a SYCL
// compilation (the runtime's own sources) kernels are never instantiated.
#if defined(__has_builtin) && __has_builtin(__builtin_sycl_unique_stable_name)
#define USYCL_KERNEL_SYMBOL(Name) __builtin_sycl_unique_stable_name(Name)
#else
#define USYCL_KERNEL_SYMBOL(Name) typeid(Name).name()
#endif
