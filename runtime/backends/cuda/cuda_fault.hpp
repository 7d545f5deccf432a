// A CUDA context that hit a "sticky" error -- an illegal address, a
// misaligned access, an illegal instruction, a trap, a launch failure or
// timeout -- is lost for good: the driver answers every later call in it with
// the same error, and host functions enqueued on its streams never run. One
// device_fault per device remembers the first such error and which kernel
// was running, so that
//   * the asynchronous error names the kernel and the CUDA error,
//   * every later submission to the device fails at once with a clear
//     sycl::exception (not a hang, not an error of an unrelated call),
//   * other devices (the CPU, other GPUs) are not affected.
#pragma once

#include "cuda_api.hpp"

#include <atomic>
#include <mutex>
#include <string>

namespace usycl::rt::cuda {

// Whether `r` means the context is lost (CUDA driver API documentation:
// "the context cannot be used, so it must be destroyed").
bool is_sticky_error(CUresult r);

class device_fault {
public:
  explicit device_fault(std::string device_name) : device_(std::move(device_name)) {}

  bool lost() const { return lost_.load(std::memory_order_acquire); }

  // Records `r` if it is sticky (the first one wins) and returns the message
  // to throw for it: "<what> on device <name>: <kernel part>: <CUDA error>".
  // `kernel` names the kernel the failing work belongs to ("" if unknown).
  std::string note(CUresult r, const std::string &what, const std::string &kernel);

  // Throws errc::runtime naming the first fault when the device is lost.
  // One atomic load otherwise: it guards every enqueue.
  void throw_if_lost() const {
    if (lost()) [[unlikely]]
      throw_lost();
  }

private:
  [[noreturn]] void throw_lost() const;

  std::string device_;
  std::atomic<bool> lost_{false};
  mutable std::mutex mutex_;
  std::string first_; // the first sticky error, as reported
};

} // namespace usycl::rt::cuda
