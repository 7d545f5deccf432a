// Device-side assert on the CPU backend (seed 000, docs/assert.md).
//
// CPU kernels are host code: `assert` calls glibc's __assert_fail, which
// aborts. libusycl.so defines __assert_fail itself; the program links
// libusycl.so before libc, so the dynamic linker binds every call to ours.
// Outside a CPU kernel it forwards to glibc's (dlsym(RTLD_NEXT)): same
// message, same abort. Inside one it
//
//  1. formats the seed's message with the ids of the running work-item (the
//     CPU launchers keep its linear id in __usycl_cpu_assert_item; see
//     sycl/detail/device_assert.hpp);
//  2. records it as the launch's failure if it is the first (one message and
//     one exception per kernel), printing it at once (so a kernel that then
//     hangs still shows it) and aborting if USYCL_ASSERT_ABORT=1;
//  3. raises SIGTRAP when USYCL_ASSERT_BREAK=1 or a debugger is attached
//     (the debugger stops in the failing work-item);
//  4. stops the work-item: siglongjmp back to __usycl_cpu_assert_run_*,
//     which goes on with the NEXT work-item of the chunk (or of the
//     work-group). Objects local to the failing work-item are not destroyed.
//
// The recovery point (a sigsetjmp per chunk, per work-group and per fiber
// work-item) is only set up for kernels whose image has the isAssertEnabled
// set (kernel_uses_assert); for the others __usycl_cpu_assert_run_* is a
// direct call. An assert in such a kernel (impossible unless the images are
// wrong) reaches glibc: message and abort, as in plain C++.
//
// When the launch ends, the failure becomes an asynchronous
// sycl::exception(errc::ext_oneapi_assert) of the queue (assert_buffer.hpp).
//
// USYCL_CHECK=1's accessor index check (<sycl/detail/accessor_check.hpp>)
// fails a work-item the same way (__usycl_accessor_index_out_of_range):
// the message names the kernel, the work-item and the index; the exception
// is errc::invalid. Under USYCL_CHECK every CPU launch runs guarded.
//
// Hooks in the CPU backend (kept small): cpu_queue::launch opens a
// launch_scope around each kernel; each chunk of the thread pool binds it
// (bind); the work-group executor asks failed_first_item() before running a
// group's items as a plain loop, and keeps each fiber's assert context
// across barriers (fiber_switch).
#pragma once

#include <sycl/detail/kernel_desc.hpp>
#include <sycl/exception.hpp>

#include <atomic>
#include <cstdint>
#include <string>

namespace usycl::rt {
class backend_queue;
}

namespace usycl::rt::cpu_assert {

// Whether the kernel's code can fail an assert: some registered image
// holding it has the isAssertEnabled set, or no image describes it (a
// program built without them). Cached per name pointer.
bool kernel_uses_assert(const char *kernel);

// One kernel launch's assert state.
class launch_state {
public:
  launch_state(backend_queue *bq, const sycl::detail::kernel_launch &launch);
  // Whether work-items run with a recovery point (kernel_uses_assert, or
  // USYCL_CHECK=1).
  bool guarded() const { return guarded_; }
  // First failure wins; returns whether this call recorded it.
  bool record(std::string message, sycl::errc code = sycl::errc::ext_oneapi_assert);
  bool has_failed() const { return failed_.load(std::memory_order_relaxed); }
  // Delivers the recorded failure (if any) to the queue.
  void finish();
  const sycl::detail::kernel_launch &launch() const { return launch_; }

private:
  backend_queue *bq_;
  const sycl::detail::kernel_launch &launch_;
  bool guarded_;
  std::atomic<bool> failed_{false};
  std::string message_;
  sycl::errc code_ = sycl::errc::ext_oneapi_assert;
};

// RAII: the launch the calling thread runs (the CPU queue's worker thread)
// and the failure delivery when the kernel is done.
class launch_scope {
public:
  launch_scope(backend_queue *bq, const sycl::detail::kernel_launch &launch);
  ~launch_scope();
  launch_scope(const launch_scope &) = delete;
  launch_scope &operator=(const launch_scope &) = delete;

private:
  launch_state state_;
  launch_state *outer_;
};

// The launch the calling thread runs (nullptr outside launch_scope).
launch_state *current();

// RAII for a thread-pool chunk: binds the launch to the executing thread.
class bind {
public:
  explicit bind(launch_state *state);
  ~bind();
  bind(const bind &) = delete;
  bind &operator=(const bind &) = delete;

private:
  launch_state *outer_;
};

// The work-item (local linear id) the executor runs next on its own, on a
// fiber, to learn whether its work-group (item 0) or its sub-group (its
// first item) waits at barriers.
void set_first_item(uint64_t item);

// Whether that work-item ended with a failed assert; clears the flag. The
// executor then cannot tell whether the group (sub-group) uses barriers and
// runs its other items as fibers.
bool failed_first_item();

// RAII around a fiber switch at a barrier: the fiber's assert context (the
// jump target, the work-item) is saved and restored when it resumes.
class fiber_switch {
public:
  fiber_switch();
  ~fiber_switch();
  fiber_switch(const fiber_switch &) = delete;
  fiber_switch &operator=(const fiber_switch &) = delete;

private:
  void *frame_;
  uint64_t item_;
};

} // namespace usycl::rt::cpu_assert
