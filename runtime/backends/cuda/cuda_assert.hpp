// Device-side assert on the CUDA backend (seed 000's fallback approach,
// docs/assert.md).
//
// Device code (sycl/detail/device_assert.hpp) reports a failed assert into
// the device's assert buffer: sycl::detail::assert_buffer in mapped pinned
// host memory (cuMemAllocHost: with unified addressing, which every usycl
// CUDA device has, that is page-locked memory mapped into every context at
// the same address, as cuMemHostAlloc(PORTABLE | DEVICEMAP) would give). One
// buffer per device, allocated on the first launch of a kernel whose image
// carries the `isAssertEnabled` property set and reused for every launch;
// the image's program-scope variable __usycl_assert_buffer is pointed at it
// once per module (cuModuleGetGlobal + cuMemcpy). Kernels of images without
// the set cost one relaxed byte load per launch (kernel_entry::assert_state).
//
// Launches of assert-enabled kernels are tracked until they complete (a
// CUevent from the device's pool recorded after each). Each gets a token,
// passed to the kernel in kernel_dims::launch_token; the kernel's entry point
// keeps it in a __shared__ word (sycl-post-link adds that store only to
// images that use assert) and a failing assert keys its record with it, so
// the record is matched to exactly its launch, whatever else runs on other
// queues. The ids are mapped back to SYCL order with that launch's
// dimensions and offset (range kernels: local id = the CUDA thread index in
// the block the backend chose, cuda_launch_config.hpp). Each record is printed once and delivered to the
// launch's queue (assert_buffer.hpp); its slot is freed when the launch has
// completed. Records are looked for
//  * by a watcher thread, every millisecond while tracked launches are in
//    flight: a kernel that hangs after its assert still gets its message
//    printed (seed 000's "reliability under deadlock");
//  * by event / queue waits (assert_support::poll), after the kernel
//    completed: the exception is always queued before wait returns.
#pragma once

#include "cuda_api.hpp"
#include "cuda_launch_config.hpp"

#include <sycl/detail/device_assert.hpp>
#include <sycl/detail/kernel_desc.hpp>

#include <cstdint>
#include <string>

namespace usycl::rt {
class backend_queue;
}

namespace usycl::rt::cuda {

struct device_state;
struct kernel_entry;

namespace device_assert {

// Before cuLaunchKernel, for kernels whose assert_state is not "off": sets
// the assert buffer up on the kernel's first launch (which decides
// assert_state) and starts tracking this launch. Returns a token for
// after_launch, 0 when the kernel does not use assert. Throws sycl::exception
// when the buffer cannot be set up.
uint64_t before_launch(device_state &dev, kernel_entry &k,
                       const sycl::detail::kernel_launch &launch, backend_queue *bq);

// After cuLaunchKernel (launched: it succeeded): records the completion
// event on `stream`, or forgets the launch. Never throws.
void after_launch(device_state &dev, uint64_t token, CUstream stream, bool launched);

// The seed's message for a record written by a launch of `dims` SYCL
// dimensions with `offset` (SYCL order): CUDA axis c is SYCL dimension
// dims-1-c; global id = ctaid * ntid + tid + offset, local id = tid; the
// strings are read up to their NUL or the field's end. Exposed for tests.
std::string record_message(const sycl::detail::assert_slot &record, uint32_t dims,
                           const uint64_t offset[3]);

} // namespace device_assert
} // namespace usycl::rt::cuda
