// Device-side assert (seed 000, docs/assert.md): the backend-independent half.
//
// Backends detect failed asserts their own way -- the CPU backend intercepts
// glibc's __assert_fail while a kernel runs (backends/cpu/cpu_assert.*), the
// CUDA backend reads the assert buffer in mapped host memory that device code
// writes (backends/cuda/cuda_assert.*) -- and hand the message here:
//
//  * announce(): prints the message, one line on stderr, once per failing
//    kernel; with USYCL_ASSERT_ABORT=1 then aborts (DPC++'s behaviour).
//  * deliver(): queues a sycl::exception(errc::ext_oneapi_assert, message)
//    as an asynchronous error of the SYCL queue that owns the backend queue
//    the kernel ran on; wait_and_throw / throw_asynchronous hand it to the
//    queue's (else the context's, else the default) async_handler.
//
// Backend queues are mapped to their SYCL queue by queue_impl's constructor
// and destructor (register_queue / unregister_queue).
//
// Backends that notice failures asynchronously (CUDA) add a poller; the
// runtime calls poll() where a command is known complete (event_impl::wait,
// queue_impl::wait), so the failure of a finished kernel is always delivered
// before wait returns. poll() is one atomic load while no poller exists.
#pragma once

#include <sycl/exception.hpp>

#include <cstdint>
#include <string>

namespace sycl {
inline namespace _V1 {
namespace detail {
class queue_impl;
}
} // namespace _V1
} // namespace sycl

namespace usycl::rt {
class backend_queue;

namespace assert_support {

// USYCL_ASSERT_ABORT=1: print, then abort.
bool abort_requested();
// USYCL_ASSERT_BREAK=1: stop at the assertion (CPU: SIGTRAP, CUDA: brkpt).
bool break_requested();
// A tracer (debugger) is attached to the process: /proc/self/status TracerPid.
bool debugger_attached();
// The tracer is cuda-gdb (its /proc/<pid>/comm): device code may execute
// `brkpt` (without a GPU debugger that would kill the kernel).
bool gpu_debugger_attached();

// "<file>:<line>: <function>: global id: [g0,g1,g2], local id: [l0,l1,l2]
// Assertion `<expr>` failed." (ids in SYCL dimension order; DESIGN.md).
std::string format_message(const char *file, uint32_t line, const char *func,
                           const uint64_t global_id[3], const uint64_t local_id[3],
                           const char *expr);

void announce(const std::string &message);
// `code`: errc::ext_oneapi_assert for asserts; USYCL_CHECK's CPU accessor
// check (backends/cpu/cpu_assert.hpp) reports errc::invalid the same way.
void deliver(backend_queue *bq, const std::string &message,
             sycl::errc code = sycl::errc::ext_oneapi_assert);

void register_queue(backend_queue *bq, sycl::detail::queue_impl *queue);
void unregister_queue(backend_queue *bq);

void add_poller(void (*poll)());
void poll();

} // namespace assert_support
} // namespace usycl::rt
