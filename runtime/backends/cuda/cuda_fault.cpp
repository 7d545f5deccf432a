#include "cuda_fault.hpp"

#include <sycl/exception.hpp>

namespace usycl::rt::cuda {

namespace {
// Sticky CUresult values (cuda.h): the context is unusable after them.
constexpr CUresult sticky_errors[] = {
    700, // CUDA_ERROR_ILLEGAL_ADDRESS
    702, // CUDA_ERROR_LAUNCH_TIMEOUT
    710, // CUDA_ERROR_ASSERT (device-side __assertfail)
    714, // CUDA_ERROR_HARDWARE_STACK_ERROR
    715, // CUDA_ERROR_ILLEGAL_INSTRUCTION
    716, // CUDA_ERROR_MISALIGNED_ADDRESS
    717, // CUDA_ERROR_INVALID_ADDRESS_SPACE
    718, // CUDA_ERROR_INVALID_PC
    719, // CUDA_ERROR_LAUNCH_FAILED (e.g. __trap())
};
} // namespace

bool is_sticky_error(CUresult r) {
  for (CUresult s : sticky_errors)
    if (r == s) return true;
  return false;
}

std::string device_fault::note(CUresult r, const std::string &what, const std::string &kernel) {
  std::string msg = "CUDA backend: " + what + " on device " + device_;
  if (!kernel.empty()) msg += " (kernel " + kernel + ", or work enqueued before it)";
  msg += ": " + driver::get().describe(r);
  if (!is_sticky_error(r)) return msg;
  msg += "; the device's CUDA context is lost, later work on this device fails "
         "(other devices keep working; restart the program to use it again)";
  std::lock_guard lock(mutex_);
  if (first_.empty()) first_ = msg;
  lost_.store(true, std::memory_order_release);
  return msg;
}

void device_fault::throw_lost() const {
  std::string first;
  {
    std::lock_guard lock(mutex_);
    first = first_;
  }
  throw sycl::exception(sycl::make_error_code(sycl::errc::runtime),
                        "CUDA backend: device " + device_ +
                            " cannot take more work: an earlier failure lost its "
                            "CUDA context (" + first +
                            "). Submit to another device, or restart the program");
}

} // namespace usycl::rt::cuda
