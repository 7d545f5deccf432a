// Launching a kernel through a sycl::kernel object (SYCL 2020 §4.9.4.2:
// handler::single_task(const kernel&), parallel_for(range|nd_range, const
// kernel&), with the arguments handler::set_arg/set_args gave).
//
// A sycl::kernel only names a kernel (its _ZTS... symbol). What a launch
// also needs lives in the host code the application's own submission of
// that kernel instantiated: the type of its function object, the CPU
// launchers, and how to store the object in a command group. Every
// single_task/parallel_for instantiation registers that here at start-up
// (a static member of kernel_host_registration, odr-used by the handler),
// and the runtime looks it up by symbol when a kernel object is launched.
//
// In usycl a SYCL kernel function has exactly one argument: its function
// object (the device entry point takes it by value). set_arg(0, f) /
// set_args(f) supplies it; the runtime checks its type.
#pragma once

#include <sycl/detail/command_group.hpp>
#include <sycl/detail/defines.hpp>
#include <sycl/detail/kernel_desc.hpp>
#include <sycl/detail/kernel_entry.hpp>
#include <sycl/kernel_handler.hpp>

#include <cstdint>
#include <memory>
#include <typeinfo>
#include <type_traits>
#include <utility>

namespace sycl {
inline namespace _V1 {
namespace detail {

// How a kernel was defined, so it is launched the same way.
enum class kernel_form : uint8_t { single_task, range, nd_range };

struct kernel_host_entry {
  const char *symbol;
  kernel_form form;
  uint32_t dims;
  // The user's function object type (the argument set_arg must give).
  const std::type_info *object_type;
  cpu_range_fn cpu_range;
  cpu_nd_fn cpu_nd;
  cpu_nd_group_fn cpu_nd_group;
  // Copies a user function object into `cg` as the launched kernel object
  // (recording its accessors), as the handler does for a lambda submission.
  void (*store)(const void *user_object, command_group &cg);
};

// Returns true so a static member can hold the call; never throws (a
// failure leaves the kernel unregistered: launching it by object reports it).
USYCL_EXPORT bool register_kernel_host_entry(const kernel_host_entry &entry) noexcept;

// Puts the object the device entry point takes into `cg` (and, for kernels
// taking a kernel_handler, where its specialization-constant pointer lives).
template <typename Stored>
USYCL_INLINE void store_kernel_object(const Stored &object, command_group &cg) {
  cg.kernel_object = std::make_unique<kernel_object<Stored>>(object, cg);
  cg.launch.kernel_object = cg.kernel_object->data();
  cg.launch.kernel_object_size = sizeof(Stored);
  if constexpr (is_with_kernel_handler<Stored>::value) {
    // The runtime writes the launch's specialization constant block there.
    const Stored *stored = static_cast<const Stored *>(cg.launch.kernel_object);
    cg.spec_constant_slot =
        static_cast<uint32_t>(reinterpret_cast<const char *>(&stored->spec_constants) -
                              reinterpret_cast<const char *>(stored));
  }
}

// The type a user hands to set_arg for a stored kernel object type.
template <typename Stored> struct user_object {
  using type = Stored;
  static const Stored &to_stored(const type &k) { return k; }
};
template <typename K> struct user_object<with_kernel_handler<K>> {
  using type = K;
  static with_kernel_handler<K> to_stored(const K &k) { return with_kernel_handler<K>{k}; }
};

template <typename Stored> void store_user_object(const void *user, command_group &cg) {
  using U = user_object<Stored>;
  store_kernel_object<Stored>(U::to_stored(*static_cast<const typename U::type *>(user)), cg);
}

#ifndef __SYCL_DEVICE_ONLY__
template <typename Name, typename Stored, kernel_form Form, int Dims>
struct kernel_host_registration {
  static cpu_range_fn range_launcher() {
    if constexpr (Form == kernel_form::single_task) return &cpu_single_task_launcher<Stored>;
    else if constexpr (Form == kernel_form::range) return &cpu_range_launcher<Stored, Dims>;
    else return nullptr;
  }
  static cpu_nd_fn nd_launcher() {
    if constexpr (Form == kernel_form::nd_range) return &cpu_nd_launcher<Stored, Dims>;
    else return nullptr;
  }
  static cpu_nd_group_fn nd_group_launcher() {
    if constexpr (Form == kernel_form::nd_range) return &cpu_nd_group_loops<Stored, Dims>;
    else return nullptr;
  }
  static inline const bool registered = register_kernel_host_entry(
      {USYCL_KERNEL_SYMBOL(Name), Form, static_cast<uint32_t>(Dims),
       &typeid(typename user_object<Stored>::type), range_launcher(), nd_launcher(),
       nd_group_launcher(), &store_user_object<Stored>});
};
#endif

// A value handler::set_arg gave, kept until the kernel is launched.
template <typename T> class kernel_arg final : public kernel_arg_base {
public:
  explicit kernel_arg(T value) : value_(std::move(value)) {}
  const void *data() const noexcept override { return &value_; }
  const std::type_info &type() const noexcept override { return typeid(T); }

private:
  T value_;
};

} // namespace detail
} // namespace _V1
} // namespace sycl
