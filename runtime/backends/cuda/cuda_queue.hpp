// One in-order CUDA stream (CU_STREAM_NON_BLOCKING) per backend_queue.
// Thread-safe: the driver serialises enqueues on a stream; the only state of
// our own is the error a host callback threw, behind a mutex.
#pragma once

#include "backend.hpp"
#include "cuda_device.hpp"

#include <exception>
#include <memory>
#include <mutex>

namespace usycl::rt::cuda {

class cuda_queue final : public backend_queue {
public:
  // Profiling needs nothing per queue: record(true) asks for timing events.
  explicit cuda_queue(std::shared_ptr<device_state> dev);
  ~cuda_queue() override;

  void launch(const sycl::detail::kernel_launch &launch) override;
  void memcpy(void *dst, const void *src, size_t bytes) override;
  // cuMemcpyPeerAsync on this stream when this queue's device is one of the
  // two and peer access works both ways between them (cuda_peer.hpp).
  bool copy_between_devices(void *dst, backend_device &dst_device, const void *src,
                            backend_device &src_device, size_t bytes) override;
  void fill(void *dst, const void *pattern, size_t pattern_size,
            size_t count) override;
  void prefetch(const void *ptr, size_t bytes) override;
  // A shared allocation of at most small_result_allocation bytes that
  // receives a reduction's result is kept in host memory and mapped for
  // this device (cuMemAdvise, once per allocation): the result's copy then
  // writes the host's page, and the host's read of it does not fault the
  // page back from the GPU (~100 us per call on an H100: BabelStream's dot
  // at 0.93 x CUDA).
  void copy_reduction_result(void *dst, const void *src, size_t bytes, usm_kind kind,
                             const void *alloc_base, size_t alloc_bytes) override;
  static constexpr size_t small_result_allocation = 4096;
  // fn runs on the CUDA driver's callback thread (cuLaunchHostFunc), after
  // the work before it; later work on the stream waits until it returns.
  // Like any CUDA host function it must not call CUDA (nor this backend)
  // and must not wait for device work or for other host callbacks: the
  // driver runs them on one thread. Handing fn to another thread and
  // blocking until it finished does not lift that rule (a synchronous CUDA
  // call made there deadlocks, seen on an H200 with driver 580), so host
  // tasks that call CUDA belong on the runtime's own threads. An exception
  // fn throws is rethrown by the next synchronize().
  void host_callback(void (*fn)(void *), void *arg) override;
  std::shared_ptr<backend_event> record(bool timing) override;
  bool wait_for(backend_event &event) override;
  void synchronize() override;
  bool idle() override;
  void *staging_memory() override;

  CUstream stream() const { return stream_; }

  void check_usable() const override { dev_->fault->throw_if_lost(); }

  // Texture or surface objects over a CUDA array mirror of the image's
  // storage (cuda_images.hpp), filled from it on this stream.
  image_handles bind_image(const sycl::detail::image_desc &desc,
                           sycl::detail::image_binding binding) override;
  void unbind_image(const sycl::detail::image_desc &desc, sycl::detail::image_binding binding,
                    bool writes) override;

private:
  struct callback_record;
  static void trampoline(void *record);
  [[noreturn]] void fail(CUresult r, const std::string &what) const;

  std::shared_ptr<device_state> dev_;
  const context &ctx_;
  const driver_api &api_;
  CUstream stream_ = nullptr;
  CUdeviceptr staging_ = 0; // staging_memory(), allocated at its first use
  std::mutex error_mutex_;
  std::exception_ptr callback_error_;
  // The kernel last launched on this stream (entries of the kernel cache
  // live as long as the device): failures are reported with its name.
  std::atomic<const kernel_entry *> last_kernel_{nullptr};
  // A lost context is reported once per queue by synchronize(); afterwards
  // it returns quietly (every new submission throws instead).
  std::atomic<bool> loss_reported_{false};
};

} // namespace usycl::rt::cuda
