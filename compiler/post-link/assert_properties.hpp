//===- assert_properties.hpp - isAssertEnabled (seed 000) -------*- C++ -*-===//
//
// Seed 000: a device image gets the property set `[isAssertEnabled]` iff
// device code of a translation unit compiled without NDEBUG reaches an
// assert in it. The set is empty (its presence is what counts; the runtime
// ignores any properties in it, as the seed says).
//
// Detection is on the IR of the split module: an assert in device code is a
// call to glibc's `__assert_fail` (the SYCL headers define it for NVPTX in
// sycl/detail/device_assert.hpp, where it writes the assert buffer through
// the program-scope variable `__usycl_assert_buffer`), or DPC++'s
// `__devicelib_assert_fail`. NDEBUG removes the assert macro, so a module
// whose translation units were all compiled with NDEBUG has none of these,
// and a module that inlined the definition still holds the variable. A
// module holds only what its kernels reach (module_splitter.hpp), so with
// -fsycl-device-code-split only the images whose kernels can fail an assert
// get the set.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "property_set.hpp"

namespace llvm {
class Module;
} // namespace llvm

namespace usycl::postlink {

// The variable the NVPTX __assert_fail writes through; the runtime sets it.
inline constexpr llvm::StringLiteral AssertBufferVariable = "__usycl_assert_buffer";

// Whether device code in `M` can fail an assert.
bool usesDeviceAssert(const llvm::Module &M);

// Adds the empty [isAssertEnabled] set to `Properties` when usesDeviceAssert(M).
void addAssertProperties(const llvm::Module &M, PropertySetRegistry &Properties);

// The launch-token hooks of sycl/detail/device_assert.hpp. Every NVPTX kernel
// entry point calls `__usycl_assert_launch_begin(token)` with the token the
// runtime gave this launch; `__assert_fail` reads it back through
// `__usycl_assert_launch_token()` so that the runtime can tell exactly which
// launch failed (several launches of one kernel may run at once on different
// queues). The headers define both as weak placeholders (the device pass
// cannot know whether another translation unit's SYCL_EXTERNAL code asserts);
// here, per split module, they become internal and always-inline:
//  * the module uses assert: begin stores the token in a __shared__ word
//    (one shared store per work-item), token loads it;
//  * it does not: begin is empty and token returns 0, so kernels of images
//    without assert pay nothing (NDEBUG: "no buffer, no check, no cost").
inline constexpr llvm::StringLiteral AssertLaunchBeginFunction = "__usycl_assert_launch_begin";
inline constexpr llvm::StringLiteral AssertLaunchTokenFunction = "__usycl_assert_launch_token";
void finalizeAssertLaunchHooks(llvm::Module &M);

} // namespace usycl::postlink
