// The runtime entry points behind image accessors (sycl/image_accessor.hpp).
// Images are buffer_impls with an image_desc beside them, so everything else
// (dependencies, host copies, write-back) is the buffer machinery.
#include "buffer_impl.hpp"

#include <sycl/image_accessor.hpp>

namespace sycl {
inline namespace _V1 {
namespace detail {

void note_image_accessor_copy(const void *where, const std::shared_ptr<buffer_impl> &storage,
                              access_mode mode, image_binding binding) {
  capture_target *t = current_capture();
  const char *p = static_cast<const char *>(where);
  if (!t || p < t->begin || p >= t->end) return;
  // The image_desc's `data` is an ordinary accessor slot (the desc is the
  // accessor's first member); the no_init flag matches handler_require's.
  const size_t slots_before = t->group->accessor_slots.size();
  note_accessor_copy(where, storage, mode, mode_discards(mode));
  if (t->group->accessor_slots.size() == slots_before) return;
  const accessor_slot &slot = t->group->accessor_slots.back();
  t->group->image_slots.push_back({slot.offset, slot.requirement, static_cast<uint8_t>(binding)});
}

} // namespace detail
} // namespace _V1
} // namespace sycl
