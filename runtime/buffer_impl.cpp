#include "buffer_impl.hpp"
#include "host_memory.hpp"
#include "queue_impl.hpp"
#include "trace.hpp"

#include <sycl/detail/buffer_api.hpp>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <thread>
#include <unordered_map>
#include <unordered_set>

namespace sycl {
inline namespace _V1 {
namespace detail {

buffer_impl::buffer_impl(size_t bytes, void *user_ptr, const void *init_data, uint32_t)
    : bytes_(bytes) {
  if (user_ptr) {
    host_ = user_ptr;
    final_data_ = user_ptr;
    write_back_ = true;
  } else {
    // Not left to operator new (host_memory.hpp says why).
    if (bytes <= usycl::rt::host_physical_memory())
      owned_.reset(new (host_alignment, std::nothrow) unsigned char[bytes ? bytes : 1]);
    if (!owned_)
      throw_error(errc::memory_allocation,
                  "buffer: cannot allocate " + std::to_string(bytes) + " bytes of host memory");
    host_ = owned_.get();
    if (init_data) std::memcpy(host_, init_data, bytes);
  }
}

buffer_impl::~buffer_impl() {
  for (auto &[dev, copy] : copies_)
    if (copy.ptr) dev->backend_device().free(copy.ptr, usycl::rt::usm_kind::device);
}

namespace {
bool live(const std::shared_ptr<event_impl> &e) {
  return e && e->get_state() != event_impl::state::complete;
}
void add_once(std::vector<std::shared_ptr<event_impl>> &v, const std::shared_ptr<event_impl> &e) {
  if (std::ranges::find(v, e) == v.end()) v.push_back(e);
}

// The open host accesses of every buffer and the thread that opened each:
// a host accessor that would wait for a command which itself waits for a
// host accessor this thread still holds would wait forever.
class host_access_owners {
public:
  static host_access_owners &get() {
    // Leaked: a host accessor may outlive other statics.
    static auto *owners = new host_access_owners;
    return *owners;
  }
  void add(const event_impl *access) {
    std::lock_guard lock(mutex_);
    owners_[access] = std::this_thread::get_id();
  }
  void remove(const event_impl *access) {
    std::lock_guard lock(mutex_);
    owners_.erase(access);
  }
  // Whether `cmd`, through the commands it still waits for, waits for a
  // host access this thread opened.
  bool waits_for_this_thread(const std::shared_ptr<event_impl> &cmd) {
    const auto self = std::this_thread::get_id();
    std::vector<std::shared_ptr<event_impl>> todo{cmd};
    std::unordered_set<const event_impl *> seen;
    while (!todo.empty() && seen.size() < 4096) {
      std::shared_ptr<event_impl> e = std::move(todo.back());
      todo.pop_back();
      if (!live(e) || !seen.insert(e.get()).second) continue;
      {
        std::lock_guard lock(mutex_);
        auto it = owners_.find(e.get());
        if (it != owners_.end() && it->second == self) return true;
      }
      // Only a command still waiting for its dependencies can wait for a
      // host accessor; an enqueued one has all it needs.
      if (e->get_state() != event_impl::state::pending) continue;
      for (auto &d : e->wait_list()) todo.push_back(std::move(d));
    }
    return false;
  }

private:
  std::mutex mutex_;
  std::unordered_map<const event_impl *, std::thread::id> owners_;
};
} // namespace

std::vector<std::shared_ptr<event_impl>>
buffer_impl::add_access_locked(const std::shared_ptr<event_impl> &cmd, access_mode mode) {
  std::vector<std::shared_ptr<event_impl>> deps;
  if (live(last_writer_)) deps.push_back(last_writer_);
  if (mode_writes(mode)) {
    for (auto &r : readers_)
      if (live(r)) add_once(deps, r);
    readers_.clear();
    last_writer_ = cmd;
  } else {
    std::erase_if(readers_, [](auto &r) { return r->get_state() == event_impl::state::complete; });
    readers_.push_back(cmd);
  }
  return deps;
}

std::vector<std::shared_ptr<event_impl>>
buffer_impl::add_access(const std::shared_ptr<event_impl> &cmd, access_mode mode) {
  std::lock_guard lock(mutex_);
  auto deps = add_access_locked(cmd, mode);
  // Every open host accessor it conflicts with, also one that a later host
  // accessor replaced as the last writer (host accessors do not wait for
  // each other, so the chain of writers no longer holds them all).
  for (const auto &h : open_host_accesses_)
    if (h.access != cmd && (mode_writes(mode) || mode_writes(h.mode))) add_once(deps, h.access);
  return deps;
}

buffer_impl::host_access_deps
buffer_impl::add_host_access(const std::shared_ptr<event_impl> &access, access_mode mode) {
  host_access_deps result;
  std::lock_guard lock(mutex_);
  auto is_open_host_access = [&](const std::shared_ptr<event_impl> &e) {
    return std::ranges::any_of(open_host_accesses_, [&](const auto &h) { return h.access == e; });
  };
  // Refused before anything is recorded: the buffer's order stays as it was.
  std::vector<std::shared_ptr<event_impl>> commands;
  if (live(last_writer_)) commands.push_back(last_writer_);
  if (mode_writes(mode))
    for (auto &r : readers_)
      if (live(r)) commands.push_back(r);
  for (auto &c : commands)
    if (!is_open_host_access(c) && host_access_owners::get().waits_for_this_thread(c))
      throw_error(errc::invalid,
                  "host_accessor of a buffer of " + std::to_string(bytes_) +
                      " bytes: it would wait for a command that uses the buffer, and that "
                      "command waits for a host_accessor this thread still holds; destroy "
                      "that host_accessor (end its scope) before creating this one");
  for (auto &d : add_access_locked(access, mode))
    (is_open_host_access(d) ? result.host_deps : result.deps).push_back(std::move(d));
  open_host_accesses_.push_back({access, mode, std::this_thread::get_id()});
  host_access_owners::get().add(access.get());
  return result;
}

void buffer_impl::end_host_access(const std::shared_ptr<event_impl> &access) {
  bool finish = false;
  {
    std::lock_guard lock(mutex_);
    std::erase_if(open_host_accesses_, [&](const auto &h) { return h.access == access; });
    if (release_deferred_ && open_host_accesses_.empty()) {
      release_deferred_ = false;
      finish = true;
    }
  }
  host_access_owners::get().remove(access.get());
  host_access_ended_.notify_all();
  // Complete before the deferred write-back: commands waiting for this
  // access may be what the write-back waits for.
  access->set_complete();
  if (finish) finish_release();
}

bool buffer_impl::open_in_other_threads_locked() const {
  const auto self = std::this_thread::get_id();
  return std::ranges::any_of(open_host_accesses_, [&](const auto &h) { return h.owner != self; });
}

void buffer_impl::invalidate_others_locked(device_impl *keep) {
  for (auto &[dev, copy] : copies_)
    if (dev != keep) copy.valid = false;
  if (keep) host_valid_ = keep->uses_host_memory();
  written_on_ = keep && !keep->uses_host_memory() ? keep : nullptr;
}

void buffer_impl::bring_to_host_locked() {
  if (host_valid_) return;
  if (written_on_) {
    auto it = copies_.find(written_on_);
    if (it != copies_.end() && it->second.valid) {
      USYCL_TRACE_IF(basic, "copy", "%zu bytes buffer %s -> host (synchronous)", bytes_,
                     written_on_->info().name.c_str());
      written_on_->backend_device().memcpy_sync(host_, it->second.ptr, bytes_);
      host_valid_ = true;
      return;
    }
  }
  for (auto &[dev, copy] : copies_)
    if (copy.valid) {
      USYCL_TRACE_IF(basic, "copy", "%zu bytes buffer %s -> host (synchronous)", bytes_,
                     dev->info().name.c_str());
      dev->backend_device().memcpy_sync(host_, copy.ptr, bytes_);
      host_valid_ = true;
      return;
    }
  host_valid_ = true; // never written anywhere: host data is the content
}

void *buffer_impl::prepare(device_impl &device, usycl::rt::backend_queue &bq, access_mode mode,
                           bool no_init) {
  std::lock_guard lock(mutex_);
  if (device.uses_host_memory()) {
    if (!no_init) bring_to_host_locked();
    if (mode_writes(mode)) {
      invalidate_others_locked(nullptr);
      host_valid_ = true;
    }
    return host_;
  }
  device_copy &copy = copies_[&device];
  if (!copy.ptr) {
    copy.ptr = device.backend_device().malloc(usycl::rt::usm_kind::device, bytes_ ? bytes_ : 1, 64);
    if (!copy.ptr)
      throw_error(errc::memory_allocation,
                  "buffer of " + std::to_string(bytes_) + " bytes does not fit in the memory of " +
                      device.info().name + "; use a smaller buffer or another device");
  }
  if (!copy.valid && !no_init && !mode_discards(mode) && !copy_from_writer_locked(device, copy, bq)) {
    bring_to_host_locked();
    USYCL_TRACE_IF(basic, "copy", "%zu bytes buffer host -> %s", bytes_, device.info().name.c_str());
    bq.memcpy(copy.ptr, host_, bytes_);
  }
  copy.valid = true;
  if (mode_writes(mode)) invalidate_others_locked(&device);
  return copy.ptr;
}

// A buffer last written on another device of the same backend moves to
// `device` directly (CUDA: peer-to-peer), enqueued on `bq`; false when the
// backend cannot (the data then goes through the host).
bool buffer_impl::copy_from_writer_locked(device_impl &device, device_copy &copy,
                                          usycl::rt::backend_queue &bq) {
  device_impl *from = written_on_;
  if (!from || from == &device || &from->platform_ref() != &device.platform_ref()) return false;
  auto it = copies_.find(from);
  if (it == copies_.end() || !it->second.valid) return false;
  if (!bq.copy_between_devices(copy.ptr, device.backend_device(), it->second.ptr,
                               from->backend_device(), bytes_))
    return false;
  if (usycl::rt::trace::enabled(usycl::rt::trace::level::basic))
    usycl::rt::trace::writef("copy", "%zu bytes buffer %s -> %s, peer-to-peer", bytes_,
                             from->trace_label().c_str(), device.trace_label().c_str());
  return true;
}

// Waiting for the writer and then copying costs two round trips to the
// device (the copy is synchronous); the copy ordered behind the writer on
// its own queue costs one, as a kernel followed by cudaMemcpy does.
bool buffer_impl::bring_to_host_behind(const std::shared_ptr<event_impl> &writer) {
  if (!writer || writer->get_state() != event_impl::state::enqueued || !writer->bq() ||
      !writer->queue())
    return false;
  std::lock_guard lock(mutex_);
  if (host_valid_ || written_on_ != &writer->queue()->device()) return false;
  auto it = copies_.find(written_on_);
  if (it == copies_.end() || !it->second.valid) return false;
  try {
    writer->bq()->memcpy(host_, it->second.ptr, bytes_);
    // A copy to pageable memory has usually finished when memcpy returns;
    // to pinned memory (or if not) wait for it. The event after the copy also
    // ends the writer (an in-order stream): the caller's wait for the writer
    // then finds it complete instead of recording another event and waiting
    // for the device a second time.
    if (!writer->bq()->idle()) {
      auto copied = writer->bq()->record(false);
      writer->adopt_end_event(copied);
      copied->wait();
    }
  } catch (...) {
    return false; // the copy after the wait reports the device's error
  }
  USYCL_TRACE_IF(basic, "copy", "%zu bytes buffer %s -> host (behind its writer)", bytes_,
                 written_on_->info().name.c_str());
  host_valid_ = true;
  return true;
}

void *buffer_impl::prepare_host(access_mode mode, bool no_init) {
  std::lock_guard lock(mutex_);
  if (!no_init) bring_to_host_locked();
  if (mode_writes(mode)) {
    for (auto &[dev, copy] : copies_) copy.valid = false;
    host_valid_ = true;
    written_on_ = nullptr;
  }
  return host_;
}

void buffer_impl::wait_all() {
  std::vector<std::shared_ptr<event_impl>> commands;
  {
    std::lock_guard lock(mutex_);
    commands = readers_;
    if (last_writer_) commands.push_back(last_writer_);
    // An open host accessor is no command: waiting for it here would wait
    // for an object the same thread may still hold. Its data stays valid:
    // the host accessor keeps this buffer_impl alive.
    std::erase_if(commands, [this](const std::shared_ptr<event_impl> &e) {
      return std::ranges::any_of(open_host_accesses_, [&](const auto &h) { return h.access == e; });
    });
  }
  for (auto &c : commands) c->wait();
}

void buffer_impl::release() {
  {
    std::unique_lock lock(mutex_);
    if (released_ || release_deferred_) return;
    // SYCL 2020 §4.7.2.3: the destructor blocks while an accessor uses the
    // buffer. Another thread's host accessor ends on its own.
    host_access_ended_.wait(lock, [this] { return !open_in_other_threads_locked(); });
    if (!open_host_accesses_.empty()) {
      // This thread's own: the writes through it must still reach the final
      // data, so the write-back waits for its destruction (end_host_access).
      release_deferred_ = true;
      return;
    }
  }
  finish_release();
}

void buffer_impl::finish_release() {
  std::shared_ptr<event_impl> writer;
  {
    std::lock_guard lock(mutex_);
    if (!released_ && write_back_ && (final_data_ || final_writer_)) writer = last_writer_;
  }
  bring_to_host_behind(writer);
  wait_all();
  std::lock_guard lock(mutex_);
  if (released_) return;
  released_ = true;
  if (write_back_ && (final_data_ || final_writer_)) {
    // Runs in ~buffer, which must not throw. The copy fails only when the
    // sole up-to-date copy is on a device that was lost (a CUDA context after
    // an illegal address): say so loudly, and hand the error to the queue of
    // the last writer so wait_and_throw reports it too.
    try {
      bring_to_host_locked();
      std::unique_lock<std::mutex> user_lock;
      if (user_mutex_) user_lock = std::unique_lock<std::mutex>(*user_mutex_);
      if (final_writer_)
        final_writer_(host_);
      else if (final_data_ != host_)
        std::memcpy(final_data_, host_, bytes_);
    } catch (const std::exception &e) {
      std::fprintf(stderr,
                   "usycl: the write-back of a buffer of %zu bytes to host memory %p "
                   "failed; that memory keeps its previous contents: %s\n",
                   bytes_, final_data_, e.what());
      if (last_writer_ && last_writer_->queue())
        last_writer_->queue()->report_async_error(std::current_exception());
    }
  }
  last_writer_.reset();
  readers_.clear();
}

void buffer_impl::set_final_data(void *ptr) {
  std::lock_guard lock(mutex_);
  final_data_ = ptr;
  final_writer_ = nullptr;
  write_back_ = ptr != nullptr;
}

void buffer_impl::set_final_data_writer(std::function<void(const void *)> writer) {
  std::lock_guard lock(mutex_);
  final_data_ = nullptr;
  final_writer_ = std::move(writer);
  write_back_ = static_cast<bool>(final_writer_);
}

void buffer_impl::set_write_back(bool flag) {
  std::lock_guard lock(mutex_);
  write_back_ = flag && (final_data_ || final_writer_);
}

// ---- exported entry points ----

std::shared_ptr<buffer_impl> make_buffer(size_t bytes, void *user_ptr, const void *init_data,
                                         uint32_t bits) {
  return std::make_shared<buffer_impl>(bytes, user_ptr, init_data, bits);
}

std::shared_ptr<void> make_buffer_owner(const std::shared_ptr<buffer_impl> &b) {
  return std::shared_ptr<void>(b.get(), [keep = b](void *) { keep->release(); });
}

void buffer_set_final_data(buffer_impl &b, void *ptr) { b.set_final_data(ptr); }
void buffer_set_write_back(buffer_impl &b, bool flag) { b.set_write_back(flag); }
void buffer_set_final_data_writer(buffer_impl &b, std::function<void(const void *)> writer) {
  b.set_final_data_writer(std::move(writer));
}
void buffer_set_mutex(buffer_impl &b, std::mutex *m) { b.set_mutex(m); }
size_t buffer_byte_size(const buffer_impl &b) { return b.bytes(); }

host_access buffer_host_access(const std::shared_ptr<buffer_impl> &b, access_mode mode,
                               bool no_init) {
  // The host access is ordered like a command: later device work waits until
  // the host accessor is destroyed. The token keeps the buffer_impl (and so
  // the host memory `ptr` points into) alive for as long as any copy of the
  // host accessor, also past the buffer's last handle.
  auto access = std::make_shared<event_impl>();
  auto [deps, host_deps] = b->add_host_access(access, mode);
  // Ends the access also when bringing the data to the host throws.
  std::shared_ptr<void> token(nullptr, [b, access](void *) { b->end_host_access(access); });
  std::vector<std::shared_ptr<event_impl>> all = deps;
  all.insert(all.end(), host_deps.begin(), host_deps.end());
  access->set_wait_list(all);
  if (!no_init && deps.size() == 1 && host_deps.empty()) b->bring_to_host_behind(deps.front());
  for (auto &d : deps) d->wait();
  // Another host accessor of the buffer shares the host memory: it need
  // only have brought the data there, not have ended.
  for (auto &h : host_deps) h->wait_enqueued();
  void *ptr = b->prepare_host(mode, no_init);
  access->set_enqueued(nullptr, nullptr, nullptr);
  return {ptr, std::move(token)};
}

} // namespace detail
} // namespace _V1
} // namespace sycl
