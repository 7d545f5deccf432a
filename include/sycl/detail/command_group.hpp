// The record a handler fills while a command group function runs and the
// runtime schedules afterwards. Header-visible because handler templates
// write it; the runtime owns everything behind the shared_ptrs.
#pragma once

#include <sycl/access_mode.hpp>
#include <sycl/detail/kernel_desc.hpp>

#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <new>
#include <typeinfo>
#include <utility>
#include <vector>

namespace sycl {
inline namespace _V1 {
class interop_handle;
namespace detail {

class buffer_impl;
class event_impl;
class kernel_bundle_impl;

// One buffer a command accesses (from an accessor).
struct requirement {
  std::shared_ptr<buffer_impl> buffer;
  access_mode mode;
  bool no_init;
};

// Where, inside the stored kernel object, an accessor's data pointer lives;
// the runtime writes the device address there before launch.
struct accessor_slot {
  uint32_t offset;      // byte offset of the accessor in the kernel object
  uint32_t requirement; // index into command_group::requirements
};

// Where an image accessor's image_desc (sycl/detail/image_desc.hpp) lives
// and which hardware object it wants: its `data` is an accessor_slot too;
// backends with hardware images write texture/surface handles after it.
struct image_slot {
  uint32_t offset;      // byte offset of the image_desc in the kernel object
  uint32_t requirement; // index into command_group::requirements
  uint8_t binding;      // image_binding
};

// Where a local_accessor's offset field lives, and what it needs.
struct local_slot {
  uint32_t offset;
  uint32_t alignment;
  size_t bytes;
};

// Owns the copy of the user's kernel object that the command launches.
class kernel_object_base {
public:
  virtual ~kernel_object_base() = default;
  void *data() { return data_; }
  size_t size() const { return size_; }

protected:
  void *data_ = nullptr;
  size_t size_ = 0;
};

// A value handler::set_arg gave (sycl/detail/kernel_host_registry.hpp holds
// the typed holder), kept until the kernel is launched through a sycl::kernel.
class kernel_arg_base {
public:
  virtual ~kernel_arg_base() = default;
  virtual const void *data() const noexcept = 0;
  virtual const std::type_info &type() const noexcept = 0;
};

enum class command_kind : uint8_t {
  none,
  kernel,
  usm_copy,        // copy_src -> copy_dst, bytes
  usm_fill,        // pattern repeated over copy_dst
  usm_prefetch,
  buffer_to_ptr,   // requirement 0 -> copy_dst
  ptr_to_buffer,   // copy_src -> requirement 0
  buffer_to_buffer,// requirement 0 -> requirement 1
  buffer_fill,     // pattern over requirement 0
  host_task,
  barrier,         // only dependencies
  // sycl_ext_oneapi_enqueue_barrier: waits for every command submitted to
  // the queue before it (queue_barrier) or for its dependencies
  // (events_barrier), and every command submitted to the queue after it
  // waits for it.
  queue_barrier,
  events_barrier,
  usm_advise,      // mem_advise(copy_src, bytes): a hint; checked, no work
};

// Region of a buffer an explicit copy/fill touches, in bytes, as a set of
// rows (handles ranged accessors of 1-3 dimensions).
struct buffer_region {
  size_t offset_bytes = 0;  // of the first row
  size_t row_bytes = 0;     // contiguous bytes per row
  size_t row_pitch = 0;     // distance between rows
  size_t rows = 1;
  size_t slice_pitch = 0;   // distance between slices (3-D)
  size_t slices = 1;
};

// A fill a kernel command runs on its own queue right before the kernel (a
// reduction's initialize_to_identity): no command, event or dependency of
// its own. On USM memory at `dst`, or on the device copy of requirement
// `requirement` (UINT32_MAX: none), `offset_bytes` into it.
struct fill_before_kernel {
  void *dst = nullptr;
  uint32_t requirement = UINT32_MAX;
  size_t offset_bytes = 0;
  size_t count = 0; // elements of `pattern`
  std::vector<unsigned char> pattern;
};

// A reduction whose result is USM memory (sycl::reduction(T *, ...) or a
// span): where the result's pointer sits in the kernel object. Where that
// memory is shared or host USM of a GPU, the runtime points the kernel at a
// device temporary and copies the result in before and out after the kernel
// on its queue (scheduler.cpp, "staged reductions"): the kernel's atomics
// then never fault the result's page over to the GPU and back.
struct usm_reduction_target {
  uint32_t pointer_offset = 0; // of the T * in the kernel object
  uint32_t bytes = 0;          // of the result
  uint32_t alignment = 1;      // alignof(T)
  bool initialize_to_identity = false; // its fill is in fills_before_kernel
};

struct command_group {
  command_kind kind = command_kind::none;
  std::vector<std::shared_ptr<event_impl>> dependencies;
  std::vector<requirement> requirements;

  // kernel
  kernel_launch launch{};
  std::unique_ptr<kernel_object_base> kernel_object;
  std::vector<accessor_slot> accessor_slots;
  std::vector<image_slot> image_slots;
  std::vector<local_slot> local_slots;
  // Specialization constants (kernel_handler.hpp): where the kernel object
  // holds the address of the launch's value block (UINT32_MAX: the kernel
  // takes no kernel_handler), the values handler::set_specialization_constant
  // gave (key, bytes), and the bundle from handler::use_kernel_bundle.
  uint32_t spec_constant_slot = UINT32_MAX;
  std::vector<std::pair<uint64_t, std::vector<unsigned char>>> spec_constant_values;
  std::shared_ptr<kernel_bundle_impl> bundle;
  // handler::set_arg values, by argument index (empty slots: not set).
  std::vector<std::unique_ptr<kernel_arg_base>> kernel_args;
  std::vector<fill_before_kernel> fills_before_kernel;
  std::vector<usm_reduction_target> usm_reduction_targets;

  // copies and fills
  void *copy_dst = nullptr;
  const void *copy_src = nullptr;
  size_t bytes = 0;
  buffer_region region_src, region_dst;
  // fill: the bytes of one element, any size (a fill of a 256-byte struct
  // is as valid as one of a char).
  std::vector<unsigned char> pattern;

  // Host work that follows the kernel in its queue, before the command's
  // event completes (sycl::stream prints its buffer: runtime/stream.cpp).
  std::vector<std::function<void()>> after_kernel;

  // host task
  std::function<void()> host_fn;
  std::function<void(interop_handle)> host_interop_fn;

  // Source location of the submission, for error messages.
  const char *file = nullptr;
  unsigned line = 0;
};

// Set while a handler copies a kernel object, so accessor and local_accessor
// copy constructors can tell the handler where they landed.
struct capture_target {
  const char *begin;
  const char *end;
  command_group *group;
};

USYCL_EXPORT capture_target *&current_capture() noexcept;

// Called by accessor copy constructors on the host.
USYCL_EXPORT void note_accessor_copy(const void *where,
                                     const std::shared_ptr<buffer_impl> &buffer,
                                     access_mode mode, bool no_init);
USYCL_EXPORT void note_local_copy(const void *where, size_t bytes, size_t alignment);

template <typename K> class kernel_object final : public kernel_object_base {
public:
  kernel_object(const K &k, command_group &group) {
    data_ = &storage_;
    size_ = sizeof(K);
    capture_target target{reinterpret_cast<const char *>(&storage_),
                          reinterpret_cast<const char *>(&storage_) + sizeof(K), &group};
    capture_target *&slot = current_capture();
    capture_target *saved = slot;
    slot = &target;
    try {
      ::new (static_cast<void *>(&storage_)) K(k);
    } catch (...) {
      slot = saved;
      throw;
    }
    slot = saved;
  }
  ~kernel_object() override { std::launder(reinterpret_cast<K *>(&storage_))->~K(); }

private:
  alignas(K) unsigned char storage_[sizeof(K)];
};

} // namespace detail
} // namespace _V1
} // namespace sycl
