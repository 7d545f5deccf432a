// Attributes the SYCL headers put on their declarations for usycl's device
// compiler (seed 002, "Changes to DPC++ headers").
//
//   class USYCL_USES_ASPECTS(::sycl::aspect::fp16) half { ... };
//
// [[__sycl_detail__::__uses_aspects__(aspects...)]] marks a type (or
// function) whose use in device code is an optional kernel feature; the
// compiler (the usycl clang plugin and its aspect-propagation pass) records
// the aspects of every kernel that uses it, which the runtime checks against
// the device before it launches the kernel. Only the device compilation sees
// the attribute: on the host, with another compiler, or when the usycl
// plugin is not loaded, the macro expands to nothing.
#pragma once

#include <sycl/aspect.hpp>

#if defined(__SYCL_DEVICE_ONLY__) && defined(__has_cpp_attribute)
#if __has_cpp_attribute(__sycl_detail__::__uses_aspects__)
#define USYCL_USES_ASPECTS(...) [[__sycl_detail__::__uses_aspects__(__VA_ARGS__)]]
#endif
#endif
#ifndef USYCL_USES_ASPECTS
#define USYCL_USES_ASPECTS(...)
#endif
