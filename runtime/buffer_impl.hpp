// The state behind sycl::buffer: host storage, one allocation per device that
// used it, which copies are current, and the commands that access it (for
// dependency tracking in submission order).
#pragma once

#include "event_impl.hpp"
#include "platform_impl.hpp"

#include <sycl/access_mode.hpp>

#include <condition_variable>
#include <functional>
#include <map>
#include <new>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace sycl {
inline namespace _V1 {
namespace detail {

class buffer_impl {
public:
  buffer_impl(size_t bytes, void *user_ptr, const void *init_data, uint32_t property_bits);
  ~buffer_impl();

  size_t bytes() const { return bytes_; }

  // Registers `cmd` as the newest access in `mode` and returns the events it
  // must wait for (the last writer; for writes also the readers since).
  std::vector<std::shared_ptr<event_impl>> add_access(const std::shared_ptr<event_impl> &cmd,
                                                      access_mode mode);
  // A host accessor's access: ordered after the device work it conflicts
  // with, and later device work waits for it, but never another host
  // accessor: host accessors of one buffer all point at the same host
  // memory, so two of them (in one thread or several) coexist. `deps` of the
  // result are the commands to wait for (complete() of each) and
  // `host_deps` the host accesses still preparing the data (enqueued() of
  // each). Owned by the calling thread: the buffer's destructor waits for
  // the host accessors of other threads only.
  struct host_access_deps {
    std::vector<std::shared_ptr<event_impl>> deps;
    std::vector<std::shared_ptr<event_impl>> host_deps;
  };
  host_access_deps add_host_access(const std::shared_ptr<event_impl> &access, access_mode mode);
  void end_host_access(const std::shared_ptr<event_impl> &access);

  // Makes the data current where `device` reads it and returns the address
  // device code uses. Copies to a device are enqueued on `bq` ahead of the
  // command: from the device that wrote the data last, device to device,
  // where the backend can (CUDA peer access), else from the host. Copies
  // from a device are synchronous (their writers finished).
  void *prepare(device_impl &device, usycl::rt::backend_queue &bq, access_mode mode,
                bool no_init);
  // Same for the host (host accessors, host tasks, write-back).
  void *prepare_host(access_mode mode, bool no_init);
  // Where `writer` (a command the host is about to wait for) made the
  // device copy current and is still on its backend queue, enqueues the
  // copy to the host right behind it and waits for both at once; false
  // (nothing done) otherwise, and prepare_host copies after the wait.
  bool bring_to_host_behind(const std::shared_ptr<event_impl> &writer);

  // Waits for every command that touches the buffer (not for open host
  // accessors).
  void wait_all();
  // Last user handle gone: wait, write back, free device memory. Host
  // accessors of other threads are waited for (SYCL 2020 §4.7.2.3); while
  // one of this thread is open, the write-back happens when the last such
  // accessor is destroyed (waiting for it here would never end).
  void release();

  void set_final_data(void *ptr);
  void set_final_data_writer(std::function<void(const void *)> writer);
  void set_write_back(bool flag);
  void set_mutex(std::mutex *m) { user_mutex_ = m; }

private:
  struct device_copy {
    void *ptr = nullptr;
    bool valid = false;
  };
  void bring_to_host_locked();
  bool copy_from_writer_locked(device_impl &device, device_copy &copy,
                               usycl::rt::backend_queue &bq);
  void invalidate_others_locked(device_impl *keep);
  std::vector<std::shared_ptr<event_impl>>
  add_access_locked(const std::shared_ptr<event_impl> &cmd, access_mode mode);
  bool open_in_other_threads_locked() const;
  // Waits for the buffer's commands, then writes back (release's second half).
  void finish_release();

  std::mutex mutex_;
  size_t bytes_;
  void *host_ = nullptr;       // the user's pointer or owned_
  // Kernels on the CPU device use this storage in place; element types up to
  // alignas(64) (vec<T, 16>, AVX-512 vectors the CPU kernels store with
  // aligned moves) need more than operator new[]'s 16 bytes.
  static constexpr std::align_val_t host_alignment{64};
  struct aligned_delete {
    void operator()(unsigned char *p) const { ::operator delete[](p, host_alignment); }
  };
  std::unique_ptr<unsigned char[], aligned_delete> owned_;
  bool host_valid_ = true;
  std::map<device_impl *, device_copy> copies_;
  // The device whose copy the last write on a device made current (null
  // after a write on the host or the CPU device). Its copy is complete
  // whenever another command needs the data: every later access depends on
  // that writer, and a writer on another device is waited for on the host
  // (scheduler.cpp). Other valid device copies may still be arriving (a
  // read's copy, enqueued on its device's queue), so copies to the host
  // and to other devices start from this one.
  device_impl *written_on_ = nullptr;
  std::shared_ptr<event_impl> last_writer_;
  std::vector<std::shared_ptr<event_impl>> readers_;
  struct open_host_access {
    std::shared_ptr<event_impl> access;
    access_mode mode;
    std::thread::id owner;
  };
  std::vector<open_host_access> open_host_accesses_;
  std::condition_variable host_access_ended_;
  bool release_deferred_ = false; // released while this thread had a host accessor
  void *final_data_ = nullptr; // write-back destination (null: none)
  std::function<void(const void *)> final_writer_; // or this writes it back
  bool write_back_ = false;
  std::mutex *user_mutex_ = nullptr; // use_mutex: held while we touch user memory
  bool released_ = false;
};

} // namespace detail
} // namespace _V1
} // namespace sycl
