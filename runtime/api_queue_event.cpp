// sycl::queue, sycl::event and the handler entry points the headers call.
#include "buffer_impl.hpp"
#include "queue_impl.hpp"
#include "scheduler.hpp"

#include <sycl/queue.hpp>

#include <algorithm>

namespace sycl {
inline namespace _V1 {

using detail::throw_error;

// ---- queue ----
namespace {
std::shared_ptr<detail::queue_impl> make_queue(const std::shared_ptr<detail::context_impl> &ctx,
                                               const device &dev, async_handler h,
                                               const property_list &props) {
  if (!ctx->contains(*dev.impl()))
    throw_error(errc::invalid, "queue: device " + dev.impl()->info().name +
                                   " is not part of the given context");
  // sycl::queue handles share an owner, not the queue_impl itself: events
  // and host workers keep the queue_impl alive (shared_from_this), so its
  // destructor would run only after all of them are gone. The owner dies
  // with the last handle: it waits for the device work submitted through
  // it, but never for a host task (which may wait for something the
  // destroying thread does later), and lets go of the queue's references to
  // its commands (which refer back to it) once they finish (the handles
  // alias the queue_impl, so everything else about them is unchanged).
  // Then the errors not delivered yet go to the async_handler.
  struct owner {
    std::shared_ptr<detail::queue_impl> queue;
    ~owner() {
      queue->release_when_done();
      queue->deliver_errors_at_release();
    }
  };
  auto o = std::make_shared<owner>();
  o->queue = std::make_shared<detail::queue_impl>(dev.impl(), ctx, std::move(h), props.bits());
  detail::queue_impl *raw = o->queue.get();
  return std::shared_ptr<detail::queue_impl>(std::move(o), raw);
}
std::shared_ptr<detail::context_impl> default_context(const device &dev) {
  return dev.impl()->platform_ref().default_context();
}
} // namespace

queue::queue(const property_list &p) : queue(device(), p) {}
queue::queue(const async_handler &h, const property_list &p) : queue(device(), h, p) {}
queue::queue(const device &d, const property_list &p)
    : impl_(make_queue(default_context(d), d, {}, p)) {}
queue::queue(const device &d, const async_handler &h, const property_list &p)
    : impl_(make_queue(default_context(d), d, h, p)) {}
queue::queue(const context &c, const device &d, const property_list &p)
    : impl_(make_queue(c.impl(), d, {}, p)) {}
queue::queue(const context &c, const device &d, const async_handler &h, const property_list &p)
    : impl_(make_queue(c.impl(), d, h, p)) {}

backend queue::get_backend() const noexcept { return impl_->device().platform_ref().id(); }
context queue::get_context() const { return context(impl_->context()); }
device queue::get_device() const { return device(impl_->device_ptr()); }
bool queue::is_in_order() const { return impl_->in_order(); }
void queue::wait() { impl_->wait(); }
void queue::wait_and_throw() {
  impl_->wait();
  impl_->throw_asynchronous();
}
void queue::throw_asynchronous() { impl_->throw_asynchronous(); }
bool queue::khr_empty() const { return impl_->empty(); }
uint32_t queue::property_bits() const noexcept { return impl_->property_bits(); }
template <> context queue::get_info<info::queue::context>() const { return get_context(); }
template <> device queue::get_info<info::queue::device>() const { return get_device(); }

namespace detail {
event submit_command_group(const std::shared_ptr<queue_impl> &q, handler &h) {
  command_group &cg = h.command();
  if (cg.kind == command_kind::none && cg.dependencies.empty() && cg.requirements.empty())
    cg.kind = command_kind::barrier;
  return event(submit(*q, std::move(cg)));
}

// ---- handler entry points ----
namespace {
thread_local capture_target *t_capture = nullptr;

uint32_t add_requirement(command_group &cg, const std::shared_ptr<buffer_impl> &b,
                         access_mode mode, bool no_init) {
  for (uint32_t i = 0; i < cg.requirements.size(); ++i)
    if (cg.requirements[i].buffer == b && cg.requirements[i].mode == mode &&
        cg.requirements[i].no_init == no_init)
      return i;
  cg.requirements.push_back({b, mode, no_init});
  return static_cast<uint32_t>(cg.requirements.size() - 1);
}
} // namespace

capture_target *&current_capture() noexcept { return t_capture; }

void note_accessor_copy(const void *where, const std::shared_ptr<buffer_impl> &buffer,
                        access_mode mode, bool no_init) {
  capture_target *t = t_capture;
  const char *p = static_cast<const char *>(where);
  if (!t || p < t->begin || p >= t->end) return;
  uint32_t req = add_requirement(*t->group, buffer, mode, no_init);
  t->group->accessor_slots.push_back({static_cast<uint32_t>(p - t->begin), req});
}

void note_local_copy(const void *where, size_t bytes, size_t alignment) {
  capture_target *t = t_capture;
  const char *p = static_cast<const char *>(where);
  if (!t || p < t->begin || p >= t->end) return;
  t->group->local_slots.push_back(
      {static_cast<uint32_t>(p - t->begin), static_cast<uint32_t>(alignment), bytes});
}

void handler_require(handler &h, const std::shared_ptr<buffer_impl> &b, access_mode mode,
                     bool no_init) {
  if (!b) throw_error(errc::accessor, "require: the accessor is not bound to a buffer");
  add_requirement(h.command(), b, mode, no_init);
}

void handler_depends_on(handler &h, const event &e) {
  if (e.impl() && e.impl()->get_state() != event_impl::state::complete)
    h.command().dependencies.push_back(e.impl());
}

void *handler_device_global_storage(handler &h, const void *host_object, size_t size,
                                    size_t bytes, size_t offset, const char *operation) {
  if (offset > size || bytes > size - offset)
    throw exception(make_error_code(errc::invalid),
                    std::string(operation) + ": " + std::to_string(bytes) + " bytes at offset " +
                        std::to_string(offset) + " do not fit in the device_global's " +
                        std::to_string(size) + " bytes");
  return h.queue_impl()->device().backend_device().device_global_storage(host_object);
}

void handler_copy_from_buffer(handler &h, const std::shared_ptr<buffer_impl> &b,
                              const buffer_region &region, void *dst) {
  auto &cg = h.command();
  cg.kind = command_kind::buffer_to_ptr;
  cg.requirements.insert(cg.requirements.begin(), {b, access_mode::read, false});
  cg.copy_dst = dst;
  cg.region_src = region;
  cg.bytes = region.row_bytes * region.rows * region.slices;
}

void handler_copy_to_buffer(handler &h, const void *src, const std::shared_ptr<buffer_impl> &b,
                            const buffer_region &region) {
  auto &cg = h.command();
  cg.kind = command_kind::ptr_to_buffer;
  bool whole = region.offset_bytes == 0 &&
               region.row_bytes * region.rows * region.slices == b->bytes();
  cg.requirements.insert(cg.requirements.begin(), {b, access_mode::write, whole});
  cg.copy_src = src;
  cg.region_dst = region;
  cg.bytes = region.row_bytes * region.rows * region.slices;
}

void handler_copy_buffer_to_buffer(handler &h, const std::shared_ptr<buffer_impl> &src,
                                   const buffer_region &src_region,
                                   const std::shared_ptr<buffer_impl> &dst,
                                   const buffer_region &dst_region) {
  auto &cg = h.command();
  size_t src_bytes = src_region.row_bytes * src_region.rows * src_region.slices;
  size_t dst_bytes = dst_region.row_bytes * dst_region.rows * dst_region.slices;
  if (src_bytes > dst_bytes)
    throw_error(errc::invalid, "copy: the source accessor covers " + std::to_string(src_bytes) +
                                   " bytes but the destination only " + std::to_string(dst_bytes));
  cg.kind = command_kind::buffer_to_buffer;
  cg.requirements.clear();
  cg.requirements.push_back({src, access_mode::read, false});
  cg.requirements.push_back({dst, access_mode::write, false});
  cg.region_src = src_region;
  cg.region_dst = dst_region;
  cg.region_dst.rows = dst_region.rows;
  cg.bytes = src_bytes;
}

void handler_fill_buffer(handler &h, const std::shared_ptr<buffer_impl> &b,
                         const buffer_region &region, const void *pattern, size_t pattern_size) {
  auto &cg = h.command();
  cg.kind = command_kind::buffer_fill;
  bool whole = region.offset_bytes == 0 &&
               region.row_bytes * region.rows * region.slices == b->bytes();
  cg.requirements.insert(cg.requirements.begin(), {b, access_mode::write, whole});
  const auto *bytes = static_cast<const unsigned char *>(pattern);
  cg.pattern.assign(bytes, bytes + pattern_size);
  cg.region_dst = region;
}
} // namespace detail

// ---- event ----
event::event() : impl_(detail::event_impl::make_complete()) {}
// A default-constructed event acts as if made by a default-constructed queue
// (SYCL 2020 §4.6.6): the default device's backend.
backend event::get_backend() const noexcept {
  if (impl_->queue()) return impl_->queue()->device().platform_ref().id();
  try {
    return device().get_backend();
  } catch (...) { // no device at all: nothing else to name
    return backend::native_cpu;
  }
}
std::vector<event> event::get_wait_list() {
  std::vector<event> out;
  for (auto &e : impl_->wait_list()) out.emplace_back(std::move(e));
  return out;
}
void event::wait() { impl_->wait(); }
// The errors of this command and of the commands it waited for (SYCL 2020
// §4.6.6: "any unconsumed error ... related to this event"), each delivered
// to the handler of the queue it ran on.
void event::wait_and_throw() {
  impl_->wait();
  std::vector<detail::queue_impl *> queues;
  std::vector<std::shared_ptr<detail::event_impl>> todo{impl_};
  std::vector<detail::event_impl *> seen;
  while (!todo.empty()) {
    auto e = std::move(todo.back());
    todo.pop_back();
    if (std::find(seen.begin(), seen.end(), e.get()) != seen.end()) continue;
    seen.push_back(e.get());
    if (e->queue() && std::find(queues.begin(), queues.end(), e->queue().get()) == queues.end())
      queues.push_back(e->queue().get());
    for (auto &dep : e->wait_list()) todo.push_back(std::move(dep));
  }
  for (detail::queue_impl *q : queues) q->throw_asynchronous();
}
void event::wait(const std::vector<event> &events) {
  for (auto e : events) e.wait();
}
void event::wait_and_throw(const std::vector<event> &events) {
  for (auto e : events) e.wait_and_throw();
}
template <>
info::event_command_status event::get_info<info::event::command_execution_status>() const {
  using state = detail::event_impl::state;
  if (impl_->is_complete()) return info::event_command_status::complete;
  return impl_->get_state() == state::pending ? info::event_command_status::submitted
                                              : info::event_command_status::running;
}

namespace {
void require_profiling(const detail::event_impl &e) {
  if (!e.queue() || !e.queue()->profiling())
    throw_error(errc::invalid, "get_profiling_info: the event's queue was not created with "
                               "property::queue::enable_profiling");
}
} // namespace
template <> uint64_t event::get_profiling_info<info::event_profiling::command_submit>() const {
  require_profiling(*impl_);
  return impl_->submit_ns;
}
template <> uint64_t event::get_profiling_info<info::event_profiling::command_start>() const {
  require_profiling(*impl_);
  return impl_->start_ns();
}
template <> uint64_t event::get_profiling_info<info::event_profiling::command_end>() const {
  require_profiling(*impl_);
  return impl_->end_ns();
}

} // namespace _V1
} // namespace sycl
