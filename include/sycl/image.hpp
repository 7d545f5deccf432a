// Images (SYCL 2020 §4.7.3): unsampled_image, sampled_image, and the
// deprecated SYCL 1.2.1 image class.
//
// An image object is a handle: copies share one runtime buffer_impl that
// holds the texels in the layout sycl/detail/image_desc.hpp describes, so
// images take part in the scheduler's dependency tracking, host copies,
// write-back and use_mutex exactly as buffers do. What makes the bytes an
// image (format, extents, pitches, sampler) travels in an image_desc inside
// each image accessor; docs/images.md says how each device reads it.
#pragma once

#include <sycl/access_mode.hpp>
#include <sycl/buffer.hpp>
#include <sycl/detail/buffer_api.hpp>
#include <sycl/detail/image_desc.hpp>
#include <sycl/exception.hpp>
#include <sycl/property_list.hpp>
#include <sycl/range.hpp>
#include <sycl/sampler.hpp>

#include <cstddef>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>

namespace sycl {
inline namespace _V1 {

class handler;
enum class image_target : unsigned { device, host_task };

template <typename DataT, int Dims, access_mode Mode, image_target Tgt>
class unsampled_image_accessor;
template <typename DataT, int Dims, access_mode Mode> class host_unsampled_image_accessor;
template <typename DataT, int Dims, image_target Tgt> class sampled_image_accessor;
template <typename DataT, int Dims> class host_sampled_image_accessor;
template <typename DataT, int Dims, access_mode Mode, target Tgt, access::placeholder P>
class accessor;

// The default image allocator: images allocate in units of std::byte.
using image_allocator = buffer_allocator<std::byte>;

namespace detail {

// The extents and pitches of an image of `format` with range `r`; `pitch`
// (Dims - 1 values: row, then slice) is null for a tightly packed image.
template <int Dims>
image_desc make_image_desc(channel_format format, const range<Dims> &r, const size_t *pitch) {
  image_desc d;
  d.dims = Dims;
  d.order = format.order;
  d.type = format.type;
  for (int k = 0; k < Dims; ++k) {
    if (r[k] > size_t(INT32_MAX))
      throw exception(make_error_code(errc::invalid),
                      "image: range " + std::to_string(r[k]) + " in dimension " +
                          std::to_string(k) + " is larger than any device supports");
    d.extent[k] = static_cast<int32_t>(r[k]);
  }
  const uint64_t row = uint64_t(r[0]) * d.element_bytes();
  d.row_pitch = Dims > 1 && pitch ? pitch[0] : row;
  d.slice_pitch = Dims > 2 && pitch ? pitch[1] : d.row_pitch * (Dims > 1 ? r[1] : 1);
  if (Dims == 1) d.slice_pitch = row;
  if (d.row_pitch < row)
    throw exception(make_error_code(errc::invalid),
                    "image: row pitch " + std::to_string(d.row_pitch) +
                        " is smaller than a row of the image (" + std::to_string(row) +
                        " bytes); the pitch must be at least width * element size");
  if (Dims == 3 && d.slice_pitch < d.row_pitch * r[1])
    throw exception(make_error_code(errc::invalid),
                    "image: slice pitch " + std::to_string(d.slice_pitch) +
                        " is smaller than a slice of the image (" +
                        std::to_string(d.row_pitch * r[1]) +
                        " bytes); the pitch must be at least row pitch * height");
  return d;
}

// What unsampled_image, sampled_image and the deprecated image share: the
// storage, its description and the common reference semantics.
template <int Dims, typename AllocatorT> class image_common {
  static_assert(Dims >= 1 && Dims <= 3, "images have 1 to 3 dimensions");

public:
  static constexpr int dimensions = Dims;

  range<Dims> get_range() const {
    range<Dims> r;
    for (int k = 0; k < Dims; ++k) r[k] = static_cast<size_t>(desc_.extent[k]);
    return r;
  }
  template <int D = Dims, std::enable_if_t<(D > 1), int> = 0> range<D - 1> get_pitch() const {
    if constexpr (D == 2)
      return range<1>(desc_.row_pitch);
    else
      return range<2>(desc_.row_pitch, desc_.slice_pitch);
  }
  size_t size() const noexcept { return get_range().size(); }
  size_t byte_size() const noexcept { return desc_.total_bytes(); }
  AllocatorT get_allocator() const { return alloc_; }

  template <typename Prop> bool has_property() const noexcept { return props_.has_property<Prop>(); }
  template <typename Prop> Prop get_property() const { return props_.get_property<Prop>(); }

  friend bool operator==(const image_common &a, const image_common &b) { return a.impl_ == b.impl_; }
  friend bool operator!=(const image_common &a, const image_common &b) { return !(a == b); }

  // Implementation details for the image accessors and std::hash.
  const std::shared_ptr<buffer_impl> &impl() const { return impl_; }
  const image_desc &desc() const { return desc_; }
  size_t hash_value() const { return std::hash<const void *>()(impl_.get()); }

protected:
  image_common() = default;
  image_common(channel_format format, const range<Dims> &r, const size_t *pitch, AllocatorT alloc,
               const property_list &props)
      : desc_(make_image_desc<Dims>(format, r, pitch)), alloc_(alloc), props_(props) {}

  // user_ptr: storage the image writes back to; init_data: copied in only.
  void create_storage(void *user_ptr, const void *init_data) {
    impl_ = make_buffer(static_cast<size_t>(desc_.total_bytes()), user_ptr, init_data,
                        props_.bits());
    if (props_.template has_property<property::image::use_mutex>())
      buffer_set_mutex(*impl_, props_.template get_property<property::image::use_mutex>().get_mutex_ptr());
    owner_ = make_buffer_owner(impl_);
  }
  void create_shared_storage(const std::shared_ptr<const void> &data, bool writable) {
    keep_alive_ = data;
    if (!data)
      create_storage(nullptr, nullptr);
    else if (writable)
      create_storage(const_cast<void *>(data.get()), nullptr);
    else
      create_storage(nullptr, data.get());
  }

  // Where the contents go when the last handle dies (SYCL 2020 §4.7.3.4):
  // nothing, a raw pointer, or the memory of a shared_ptr / weak_ptr.
  template <typename Destination> void set_final_data_impl(Destination final_data) {
    if constexpr (std::is_same_v<Destination, std::nullptr_t>) {
      buffer_set_final_data(*impl_, nullptr);
    } else if constexpr (std::is_pointer_v<Destination>) {
      buffer_set_final_data(*impl_, const_cast<void *>(static_cast<const void *>(final_data)));
    } else {
      const size_t bytes = byte_size();
      auto target = final_data; // a shared_ptr or weak_ptr
      buffer_set_final_data_writer(*impl_, [target, bytes](const void *data) {
        if (auto dst = strong(target)) std::memcpy(const_cast<void *>(static_cast<const void *>(dst.get())), data, bytes);
      });
    }
  }

  template <typename T> static std::shared_ptr<T> strong(const std::shared_ptr<T> &p) { return p; }
  template <typename T> static std::shared_ptr<T> strong(const std::weak_ptr<T> &p) {
    return p.lock();
  }

  image_desc desc_;
  AllocatorT alloc_;
  property_list props_;
  std::shared_ptr<buffer_impl> impl_;
  // keep_alive_ (the shared_ptr the data came from) dies after owner_, so
  // the last owner writes back into live memory.
  std::shared_ptr<const void> keep_alive_;
  std::shared_ptr<void> owner_;
};

template <int Dims> const size_t *pitch_data(const range<Dims> &pitch) { return &pitch[0]; }

} // namespace detail

// ---- unsampled_image (SYCL 2020 §4.7.3.2) ----
template <int Dims = 1, typename AllocatorT = image_allocator>
class unsampled_image : public detail::image_common<Dims, AllocatorT> {
  using base = detail::image_common<Dims, AllocatorT>;

public:
  unsampled_image(image_format format, const range<Dims> &r, const property_list &props = {})
      : unsampled_image(nullptr, format, r, nullptr, AllocatorT(), props) {}
  unsampled_image(image_format format, const range<Dims> &r, AllocatorT alloc,
                  const property_list &props = {})
      : unsampled_image(nullptr, format, r, nullptr, alloc, props) {}
  template <int D = Dims, std::enable_if_t<(D > 1), int> = 0>
  unsampled_image(image_format format, const range<Dims> &r, const range<D - 1> &pitch,
                  const property_list &props = {})
      : unsampled_image(nullptr, format, r, detail::pitch_data(pitch), AllocatorT(), props) {}
  template <int D = Dims, std::enable_if_t<(D > 1), int> = 0>
  unsampled_image(image_format format, const range<Dims> &r, const range<D - 1> &pitch,
                  AllocatorT alloc, const property_list &props = {})
      : unsampled_image(nullptr, format, r, detail::pitch_data(pitch), alloc, props) {}

  unsampled_image(void *host_ptr, image_format format, const range<Dims> &r,
                  const property_list &props = {})
      : unsampled_image(host_ptr, format, r, nullptr, AllocatorT(), props) {}
  unsampled_image(void *host_ptr, image_format format, const range<Dims> &r, AllocatorT alloc,
                  const property_list &props = {})
      : unsampled_image(host_ptr, format, r, nullptr, alloc, props) {}
  template <int D = Dims, std::enable_if_t<(D > 1), int> = 0>
  unsampled_image(void *host_ptr, image_format format, const range<Dims> &r,
                  const range<D - 1> &pitch, const property_list &props = {})
      : unsampled_image(host_ptr, format, r, detail::pitch_data(pitch), AllocatorT(), props) {}
  template <int D = Dims, std::enable_if_t<(D > 1), int> = 0>
  unsampled_image(void *host_ptr, image_format format, const range<Dims> &r,
                  const range<D - 1> &pitch, AllocatorT alloc, const property_list &props = {})
      : unsampled_image(host_ptr, format, r, detail::pitch_data(pitch), alloc, props) {}

  unsampled_image(std::shared_ptr<void> &host_ptr, image_format format, const range<Dims> &r,
                  const property_list &props = {})
      : unsampled_image(host_ptr, format, r, nullptr, AllocatorT(), props) {}
  unsampled_image(std::shared_ptr<void> &host_ptr, image_format format, const range<Dims> &r,
                  AllocatorT alloc, const property_list &props = {})
      : unsampled_image(host_ptr, format, r, nullptr, alloc, props) {}
  template <int D = Dims, std::enable_if_t<(D > 1), int> = 0>
  unsampled_image(std::shared_ptr<void> &host_ptr, image_format format, const range<Dims> &r,
                  const range<D - 1> &pitch, const property_list &props = {})
      : unsampled_image(host_ptr, format, r, detail::pitch_data(pitch), AllocatorT(), props) {}
  template <int D = Dims, std::enable_if_t<(D > 1), int> = 0>
  unsampled_image(std::shared_ptr<void> &host_ptr, image_format format, const range<Dims> &r,
                  const range<D - 1> &pitch, AllocatorT alloc, const property_list &props = {})
      : unsampled_image(host_ptr, format, r, detail::pitch_data(pitch), alloc, props) {}

  template <typename DataT,
            access_mode Mode = (std::is_const_v<DataT> ? access_mode::read : access_mode::read_write),
            image_target Tgt = image_target::device>
  unsampled_image_accessor<DataT, Dims, Mode, Tgt> get_access(handler &h,
                                                              const property_list &props = {}) {
    return unsampled_image_accessor<DataT, Dims, Mode, Tgt>(*this, h, props);
  }
  template <typename DataT,
            access_mode Mode = (std::is_const_v<DataT> ? access_mode::read : access_mode::read_write)>
  host_unsampled_image_accessor<DataT, Dims, Mode> get_host_access(const property_list &props = {}) {
    return host_unsampled_image_accessor<DataT, Dims, Mode>(*this, props);
  }

  template <typename Destination = std::nullptr_t>
  void set_final_data(Destination final_data = nullptr) {
    this->set_final_data_impl(final_data);
  }
  void set_write_back(bool flag = true) { detail::buffer_set_write_back(*this->impl_, flag); }

private:
  unsampled_image(void *host_ptr, image_format format, const range<Dims> &r, const size_t *pitch,
                  AllocatorT alloc, const property_list &props)
      : base(detail::channel_format_of(format), r, pitch, alloc, props) {
    this->create_storage(host_ptr, nullptr);
  }
  unsampled_image(std::shared_ptr<void> &host_ptr, image_format format, const range<Dims> &r,
                  const size_t *pitch, AllocatorT alloc, const property_list &props)
      : base(detail::channel_format_of(format), r, pitch, alloc, props) {
    this->create_shared_storage(host_ptr, true);
  }
};

// ---- sampled_image (SYCL 2020 §4.7.3.3): read-only, with a sampler ----
template <int Dims = 1, typename AllocatorT = image_allocator>
class sampled_image : public detail::image_common<Dims, AllocatorT> {
  using base = detail::image_common<Dims, AllocatorT>;

public:
  sampled_image(const void *host_ptr, image_format format, image_sampler sampler,
                const range<Dims> &r, const property_list &props = {})
      : base(detail::channel_format_of(format), r, nullptr, AllocatorT(), props) {
    this->desc_.sampler = sampler;
    this->create_storage(nullptr, host_ptr);
  }
  template <int D = Dims, std::enable_if_t<(D > 1), int> = 0>
  sampled_image(const void *host_ptr, image_format format, image_sampler sampler,
                const range<Dims> &r, const range<D - 1> &pitch, const property_list &props = {})
      : base(detail::channel_format_of(format), r, detail::pitch_data(pitch), AllocatorT(), props) {
    this->desc_.sampler = sampler;
    this->create_storage(nullptr, host_ptr);
  }
  sampled_image(std::shared_ptr<const void> &host_ptr, image_format format, image_sampler sampler,
                const range<Dims> &r, const property_list &props = {})
      : base(detail::channel_format_of(format), r, nullptr, AllocatorT(), props) {
    this->desc_.sampler = sampler;
    this->create_shared_storage(host_ptr, false);
  }
  template <int D = Dims, std::enable_if_t<(D > 1), int> = 0>
  sampled_image(std::shared_ptr<const void> &host_ptr, image_format format, image_sampler sampler,
                const range<Dims> &r, const range<D - 1> &pitch, const property_list &props = {})
      : base(detail::channel_format_of(format), r, detail::pitch_data(pitch), AllocatorT(), props) {
    this->desc_.sampler = sampler;
    this->create_shared_storage(host_ptr, false);
  }

  template <typename DataT, image_target Tgt = image_target::device>
  sampled_image_accessor<DataT, Dims, Tgt> get_access(handler &h,
                                                      const property_list &props = {}) {
    return sampled_image_accessor<DataT, Dims, Tgt>(*this, h, props);
  }
  template <typename DataT>
  host_sampled_image_accessor<DataT, Dims> get_host_access(const property_list &props = {}) {
    return host_sampled_image_accessor<DataT, Dims>(*this, props);
  }
};

// ---- image: SYCL 1.2.1 (deprecated in SYCL 2020) ----
template <int Dims = 1, typename AllocatorT = image_allocator>
class image : public detail::image_common<Dims, AllocatorT> {
  using base = detail::image_common<Dims, AllocatorT>;

public:
  image(image_channel_order order, image_channel_type type, const range<Dims> &r,
        const property_list &props = {})
      : image(order, type, r, nullptr, AllocatorT(), props) {
    this->create_storage(nullptr, nullptr);
  }
  image(image_channel_order order, image_channel_type type, const range<Dims> &r,
        AllocatorT alloc, const property_list &props = {})
      : image(order, type, r, nullptr, alloc, props) {
    this->create_storage(nullptr, nullptr);
  }
  template <int D = Dims, std::enable_if_t<(D > 1), int> = 0>
  image(image_channel_order order, image_channel_type type, const range<Dims> &r,
        const range<D - 1> &pitch, const property_list &props = {})
      : image(order, type, r, detail::pitch_data(pitch), AllocatorT(), props) {
    this->create_storage(nullptr, nullptr);
  }
  template <int D = Dims, std::enable_if_t<(D > 1), int> = 0>
  image(image_channel_order order, image_channel_type type, const range<Dims> &r,
        const range<D - 1> &pitch, AllocatorT alloc, const property_list &props = {})
      : image(order, type, r, detail::pitch_data(pitch), alloc, props) {
    this->create_storage(nullptr, nullptr);
  }
  image(void *host_ptr, image_channel_order order, image_channel_type type,
        const range<Dims> &r, const property_list &props = {})
      : image(order, type, r, nullptr, AllocatorT(), props) {
    this->create_storage(host_ptr, nullptr);
  }
  image(void *host_ptr, image_channel_order order, image_channel_type type,
        const range<Dims> &r, AllocatorT alloc, const property_list &props = {})
      : image(order, type, r, nullptr, alloc, props) {
    this->create_storage(host_ptr, nullptr);
  }
  image(const void *host_ptr, image_channel_order order, image_channel_type type,
        const range<Dims> &r, const property_list &props = {})
      : image(order, type, r, nullptr, AllocatorT(), props) {
    this->create_storage(nullptr, host_ptr);
  }
  image(const void *host_ptr, image_channel_order order, image_channel_type type,
        const range<Dims> &r, AllocatorT alloc, const property_list &props = {})
      : image(order, type, r, nullptr, alloc, props) {
    this->create_storage(nullptr, host_ptr);
  }
  template <int D = Dims, std::enable_if_t<(D > 1), int> = 0>
  image(void *host_ptr, image_channel_order order, image_channel_type type, const range<Dims> &r,
        const range<D - 1> &pitch, const property_list &props = {})
      : image(order, type, r, detail::pitch_data(pitch), AllocatorT(), props) {
    this->create_storage(host_ptr, nullptr);
  }
  template <int D = Dims, std::enable_if_t<(D > 1), int> = 0>
  image(void *host_ptr, image_channel_order order, image_channel_type type, const range<Dims> &r,
        const range<D - 1> &pitch, AllocatorT alloc, const property_list &props = {})
      : image(order, type, r, detail::pitch_data(pitch), alloc, props) {
    this->create_storage(host_ptr, nullptr);
  }
  image(std::shared_ptr<void> &host_ptr, image_channel_order order, image_channel_type type,
        const range<Dims> &r, const property_list &props = {})
      : image(order, type, r, nullptr, AllocatorT(), props) {
    this->create_shared_storage(host_ptr, true);
  }
  image(std::shared_ptr<void> &host_ptr, image_channel_order order, image_channel_type type,
        const range<Dims> &r, AllocatorT alloc, const property_list &props = {})
      : image(order, type, r, nullptr, alloc, props) {
    this->create_shared_storage(host_ptr, true);
  }
  template <int D = Dims, std::enable_if_t<(D > 1), int> = 0>
  image(std::shared_ptr<void> &host_ptr, image_channel_order order, image_channel_type type,
        const range<Dims> &r, const range<D - 1> &pitch, const property_list &props = {})
      : image(order, type, r, detail::pitch_data(pitch), AllocatorT(), props) {
    this->create_shared_storage(host_ptr, true);
  }
  template <int D = Dims, std::enable_if_t<(D > 1), int> = 0>
  image(std::shared_ptr<void> &host_ptr, image_channel_order order, image_channel_type type,
        const range<Dims> &r, const range<D - 1> &pitch, AllocatorT alloc,
        const property_list &props = {})
      : image(order, type, r, detail::pitch_data(pitch), alloc, props) {
    this->create_shared_storage(host_ptr, true);
  }

  [[deprecated("use size()")]] size_t get_count() const { return this->size(); }
  [[deprecated("use byte_size()")]] size_t get_size() const { return this->byte_size(); }

  template <typename DataT, access_mode Mode>
  accessor<DataT, Dims, Mode, target::image, access::placeholder::false_t> get_access(handler &h) {
    return accessor<DataT, Dims, Mode, target::image, access::placeholder::false_t>(*this, h);
  }
  template <typename DataT, access_mode Mode>
  accessor<DataT, Dims, Mode, target::host_image, access::placeholder::false_t> get_access() {
    return accessor<DataT, Dims, Mode, target::host_image, access::placeholder::false_t>(*this);
  }

  template <typename Destination = std::nullptr_t>
  void set_final_data(Destination final_data = nullptr) {
    this->set_final_data_impl(final_data);
  }
  void set_write_back(bool flag = true) { detail::buffer_set_write_back(*this->impl_, flag); }

private:
  image(image_channel_order order, image_channel_type type, const range<Dims> &r,
        const size_t *pitch, AllocatorT alloc, const property_list &props)
      : base(detail::channel_format{order, type}, r, pitch, alloc, props) {}
};

// Deduction guides (SYCL 2020 §4.7.3.2-3).
template <int Dims>
unsampled_image(image_format, const range<Dims> &, const property_list & = {})
    -> unsampled_image<Dims>;
template <int Dims>
unsampled_image(void *, image_format, const range<Dims> &, const property_list & = {})
    -> unsampled_image<Dims>;
template <int Dims>
sampled_image(const void *, image_format, image_sampler, const range<Dims> &,
              const property_list & = {}) -> sampled_image<Dims>;

template <typename Prop, int Dims, typename A>
struct is_property_of<Prop, unsampled_image<Dims, A>> : detail::is_image_property<Prop> {};
template <typename Prop, int Dims, typename A>
struct is_property_of<Prop, sampled_image<Dims, A>> : detail::is_image_property<Prop> {};
template <typename Prop, int Dims, typename A>
struct is_property_of<Prop, image<Dims, A>> : detail::is_image_property<Prop> {};

} // namespace _V1
} // namespace sycl

template <int Dims, typename A> struct std::hash<sycl::unsampled_image<Dims, A>> {
  size_t operator()(const sycl::unsampled_image<Dims, A> &i) const { return i.hash_value(); }
};
template <int Dims, typename A> struct std::hash<sycl::sampled_image<Dims, A>> {
  size_t operator()(const sycl::sampled_image<Dims, A> &i) const { return i.hash_value(); }
};
template <int Dims, typename A> struct std::hash<sycl::image<Dims, A>> {
  size_t operator()(const sycl::image<Dims, A> &i) const { return i.hash_value(); }
};
