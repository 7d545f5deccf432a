// Image accessors: unsampled_image_accessor, host_unsampled_image_accessor
// (SYCL 2020 §4.7.6.14), sampled_image_accessor, host_sampled_image_accessor
// (§4.7.6.15), and the deprecated SYCL 1.2.1 accessor<..., target::image /
// host_image / image_array>.
//
// A device image accessor is an image_desc (sycl/detail/image_desc.hpp)
// followed by host-only bookkeeping of the same size on every pass: the
// kernel object is copied byte-wise to the device, the runtime patches the
// desc's `data` (the image's storage on the device that runs the kernel,
// an accessor slot like a buffer accessor's pointer) and, on CUDA, its
// texture/surface handles. Reads and writes go through the hardware where a
// handle is set and through sycl/detail/image_texel.hpp otherwise.
#pragma once

#include <sycl/access_mode.hpp>
#include <sycl/accessor.hpp>
#include <sycl/detail/accessor_common.hpp>
#include <sycl/detail/buffer_api.hpp>
#include <sycl/detail/command_group.hpp>
#include <sycl/detail/image_cuda.hpp>
#include <sycl/detail/image_desc.hpp>
#include <sycl/detail/image_texel.hpp>
#include <sycl/image.hpp>
#include <sycl/property_list.hpp>
#include <sycl/sampler.hpp>

#include <cstdint>
#include <memory>
#include <type_traits>

namespace sycl {
inline namespace _V1 {

class handler;

namespace detail {

USYCL_EXPORT void handler_require(handler &h, const std::shared_ptr<buffer_impl> &b,
                                  access_mode mode, bool no_init);
// An image accessor copied into a kernel object: its storage is a
// requirement of the command (like a buffer accessor's) and, where the
// device has hardware images, the image_desc at `where` gets the texture or
// surface handle `binding` asks for at launch.
USYCL_EXPORT void note_image_accessor_copy(const void *where,
                                           const std::shared_ptr<buffer_impl> &storage,
                                           access_mode mode, image_binding binding);

// Reads, samples and writes through an image_desc. `Hardware` accessors
// use CUDA texture/surface handles when the runtime set them.
template <int Dims> class image_access {
public:
  size_t size() const noexcept {
    size_t n = 1;
    for (int k = 0; k < Dims; ++k) n *= static_cast<size_t>(desc_.extent[k]);
    return n;
  }

protected:
  template <typename DataT> static void check_element() {
    static_assert(image_texel::is_image_element_v<DataT>,
                  "image accessors read and write int4, uint4, float4 or half4 elements");
  }

  template <typename DataT, typename CoordT> DataT read_texel(const CoordT &coords) const {
    static_assert(image_texel::int_coord_v<CoordT, Dims>,
                  "unsampled image reads take integer coordinates: int (1-D), int2 (2-D) or "
                  "int4 (3-D)");
    int c[3] = {0, 0, 0};
    image_texel::unpack_coords<CoordT, int, Dims>(coords, c);
#if USYCL_DEVICE_NVPTX
    if (desc_.surface) return image_cuda::surface_read<DataT, Dims>(desc_, c);
#endif
    return image_texel::to_element<DataT>(image_texel::fetch(desc_, c));
  }

  template <typename DataT, typename CoordT>
  DataT sample_texel(const CoordT &coords, const image_sampler &sampler) const {
    static_assert(image_texel::coord_fits_v<CoordT, Dims>,
                  "sampled image reads take float coordinates: float (1-D), float2 (2-D) or "
                  "float4 (3-D)");
    float s[3] = {0.0f, 0.0f, 0.0f};
    image_texel::unpack_coords<CoordT, float, Dims>(coords, s);
#if USYCL_DEVICE_NVPTX
    if (desc_.texture) return image_cuda::texture_read<DataT, Dims>(desc_, s);
#endif
    image_desc d = desc_;
    d.sampler = sampler;
    return image_texel::to_element<DataT>(image_texel::sample(d, s));
  }

  template <typename DataT, typename CoordT>
  void write_texel(const CoordT &coords, const DataT &color) const {
    static_assert(image_texel::int_coord_v<CoordT, Dims>,
                  "image writes take integer coordinates: int (1-D), int2 (2-D) or int4 (3-D)");
    int c[3] = {0, 0, 0};
    image_texel::unpack_coords<CoordT, int, Dims>(coords, c);
#if USYCL_DEVICE_NVPTX
    if (desc_.surface) return image_cuda::surface_write<DataT, Dims>(desc_, c, color);
#endif
    image_texel::write(desc_, c, image_texel::from_element(color),
                       image_texel::is_integer_element_v<DataT>);
  }

  // Copies of one accessor view the same memory (image_array layers).
  bool same(const image_access &o) const { return desc_.data == o.desc_.data; }

  image_desc desc_;
};

// The part of a command image accessor that only the host uses: the image's
// storage (opaque bytes of the same size in the device pass).
#ifndef __SYCL_DEVICE_ONLY__
using image_storage_ref = std::shared_ptr<buffer_impl>;
#else
struct image_storage_ref {
  alignas(8) unsigned char bytes[16];
};
#endif

// Command accessors (unsampled_image_accessor, sampled_image_accessor and
// the deprecated target::image one): bound to a handler, patched at launch.
template <int Dims, access_mode Mode, image_binding Binding>
class command_image_accessor : public image_access<Dims> {
public:
  command_image_accessor() = default;
#ifndef __SYCL_DEVICE_ONLY__
  command_image_accessor(const command_image_accessor &o)
      : image_access<Dims>(o), identity_(o.identity_), storage_(o.storage_) {
    note_copy();
  }
  command_image_accessor(command_image_accessor &&o)
      : command_image_accessor(static_cast<const command_image_accessor &>(o)) {}
  command_image_accessor &operator=(const command_image_accessor &) = default;
  command_image_accessor &operator=(command_image_accessor &&) = default;
  ~command_image_accessor() = default;
#endif

  size_t hash_value() const noexcept { return std::hash<uint64_t>()(identity_); }

protected:
  template <typename Image> command_image_accessor(Image &img, handler &h) {
    this->desc_ = img.desc();
#ifndef __SYCL_DEVICE_ONLY__
    storage_ = img.impl();
    identity_ = next_accessor_identity();
    handler_require(h, storage_, Mode, mode_discards(Mode));
#else
    (void)h;
#endif
  }
  bool same(const command_image_accessor &o) const { return identity_ == o.identity_; }

private:
  void note_copy() {
#ifndef __SYCL_DEVICE_ONLY__
    if (!storage_ || !current_capture()) return;
    note_image_accessor_copy(this, storage_, Mode, Binding);
#endif
  }

  uint64_t identity_ = 0;
  image_storage_ref storage_{};
};

// Host accessors: the data on the host for as long as any copy lives.
template <int Dims> class host_image_access : public image_access<Dims> {
public:
  size_t hash_value() const noexcept { return std::hash<uint64_t>()(identity_); }

protected:
  host_image_access() = default;
  template <typename Image> host_image_access(Image &img, access_mode mode) {
    this->desc_ = img.desc();
    host_access access = buffer_host_access(img.impl(), mode, mode_discards(mode));
    this->desc_.data = static_cast<unsigned char *>(access.ptr);
    token_ = std::move(access.release);
    identity_ = next_accessor_identity();
  }
  // Copies share the identity (the token holds no pointer to compare).
  bool same(const host_image_access &o) const { return identity_ == o.identity_; }

private:
  std::shared_ptr<void> token_;
  uint64_t identity_ = 0;
};

// == and != of an image accessor type: copies of one accessor compare equal
// (Access::same says what "one accessor" is for that kind). A layer between
// the access and the accessor type, so it adds nothing to the layout.
template <typename Derived, typename Access> class compared_image_access : public Access {
public:
  using Access::Access;
  friend bool operator==(const Derived &a, const Derived &b) { return a.same(b); }
  friend bool operator!=(const Derived &a, const Derived &b) { return !a.same(b); }
};

// What the SYCL 2020 image accessors add to that: the properties they were
// constructed with. The only one an accessor can hand back is no_init (it
// carries no value); any other gives errc::invalid, as an absent one does.
template <typename Derived, typename Access>
class image_accessor_interface : public compared_image_access<Derived, Access> {
public:
  template <typename Prop> bool has_property() const noexcept { return props_bits_ & Prop::bit; }
  template <typename Prop> Prop get_property() const {
    return accessor_get_property<Prop>(has_property<property::no_init>());
  }

protected:
  image_accessor_interface() = default;
  template <typename... AccessArgs>
  explicit image_accessor_interface(const property_list &props, AccessArgs &&...args)
      : compared_image_access<Derived, Access>(static_cast<AccessArgs &&>(args)...),
        props_bits_(props.bits()) {}

private:
  uint32_t props_bits_ = 0;
};

} // namespace detail

// ---- unsampled_image_accessor (SYCL 2020 §4.7.6.14) ----
template <typename DataT, int Dims, access_mode Mode, image_target Tgt = image_target::device>
class unsampled_image_accessor
    : public detail::image_accessor_interface<
          unsampled_image_accessor<DataT, Dims, Mode, Tgt>,
          detail::command_image_accessor<Dims, Mode, detail::image_binding::surface>> {
  using base = detail::image_accessor_interface<
      unsampled_image_accessor,
      detail::command_image_accessor<Dims, Mode, detail::image_binding::surface>>;
  static_assert(Mode == access_mode::read || Mode == access_mode::write,
                "unsampled_image_accessor supports access_mode::read and access_mode::write");

public:
  static constexpr int dimensions = Dims;
  static constexpr sycl::access_mode access_mode = Mode;
  static constexpr image_target access_target = Tgt;
  using value_type = std::conditional_t<Mode == sycl::access_mode::read, const DataT, DataT>;
  using reference = value_type &;
  using const_reference = const DataT &;

  template <typename AllocatorT>
  unsampled_image_accessor(unsampled_image<Dims, AllocatorT> &img, handler &h,
                           const property_list &props = {})
      : base(props, img, h) {
    this->template check_element<DataT>();
  }

  template <typename CoordT, sycl::access_mode M = Mode, std::enable_if_t<M == sycl::access_mode::read, int> = 0>
  DataT read(const CoordT &coords) const noexcept {
    return this->template read_texel<DataT>(coords);
  }
  template <typename CoordT, sycl::access_mode M = Mode, std::enable_if_t<M == sycl::access_mode::write, int> = 0>
  void write(const CoordT &coords, const DataT &color) const {
    this->write_texel(coords, color);
  }
};

// ---- host_unsampled_image_accessor ----
template <typename DataT, int Dims = 1,
          access_mode Mode = (std::is_const_v<DataT> ? access_mode::read : access_mode::read_write)>
class host_unsampled_image_accessor
    : public detail::image_accessor_interface<host_unsampled_image_accessor<DataT, Dims, Mode>,
                                              detail::host_image_access<Dims>> {
  using base = detail::image_accessor_interface<host_unsampled_image_accessor,
                                                detail::host_image_access<Dims>>;
  static_assert(Mode == access_mode::read || Mode == access_mode::write ||
                    Mode == access_mode::read_write,
                "host_unsampled_image_accessor supports read, write and read_write");

public:
  static constexpr int dimensions = Dims;
  static constexpr sycl::access_mode access_mode = Mode;
  using value_type = std::conditional_t<Mode == sycl::access_mode::read, const DataT, DataT>;
  using reference = value_type &;
  using const_reference = const DataT &;

  template <typename AllocatorT>
  host_unsampled_image_accessor(unsampled_image<Dims, AllocatorT> &img,
                                const property_list &props = {})
      : base(props, img, Mode) {
    this->template check_element<std::remove_const_t<DataT>>();
  }

  template <typename CoordT, sycl::access_mode M = Mode, std::enable_if_t<M != sycl::access_mode::write, int> = 0>
  DataT read(const CoordT &coords) const noexcept {
    return this->template read_texel<std::remove_const_t<DataT>>(coords);
  }
  template <typename CoordT, sycl::access_mode M = Mode, std::enable_if_t<M != sycl::access_mode::read, int> = 0>
  void write(const CoordT &coords, const DataT &color) const {
    this->write_texel(coords, color);
  }
};

// ---- sampled_image_accessor (SYCL 2020 §4.7.6.15) ----
template <typename DataT, int Dims, image_target Tgt = image_target::device>
class sampled_image_accessor
    : public detail::image_accessor_interface<
          sampled_image_accessor<DataT, Dims, Tgt>,
          detail::command_image_accessor<Dims, access_mode::read, detail::image_binding::texture>> {
  using base = detail::image_accessor_interface<
      sampled_image_accessor,
      detail::command_image_accessor<Dims, access_mode::read, detail::image_binding::texture>>;

public:
  static constexpr int dimensions = Dims;
  static constexpr sycl::access_mode access_mode = sycl::access_mode::read;
  static constexpr image_target access_target = Tgt;
  using value_type = const DataT;
  using reference = const DataT &;
  using const_reference = const DataT &;

  template <typename AllocatorT>
  sampled_image_accessor(sampled_image<Dims, AllocatorT> &img, handler &h,
                         const property_list &props = {})
      : base(props, img, h) {
    this->template check_element<DataT>();
  }

  template <typename CoordT> DataT read(const CoordT &coords) const noexcept {
    static_assert(detail::image_texel::float_coord_v<CoordT, Dims>,
                  "sampled image reads take float coordinates: float (1-D), float2 (2-D) or "
                  "float4 (3-D)");
    return this->template sample_texel<DataT>(coords, this->desc_.sampler);
  }
};

// ---- host_sampled_image_accessor ----
template <typename DataT, int Dims = 1>
class host_sampled_image_accessor
    : public detail::image_accessor_interface<host_sampled_image_accessor<DataT, Dims>,
                                              detail::host_image_access<Dims>> {
  using base = detail::image_accessor_interface<host_sampled_image_accessor,
                                                detail::host_image_access<Dims>>;

public:
  static constexpr int dimensions = Dims;
  using value_type = const DataT;
  using reference = const DataT &;
  using const_reference = const DataT &;

  template <typename AllocatorT>
  host_sampled_image_accessor(sampled_image<Dims, AllocatorT> &img,
                              const property_list &props = {})
      : base(props, img, access_mode::read) {
    this->template check_element<DataT>();
  }

  template <typename CoordT> DataT read(const CoordT &coords) const noexcept {
    static_assert(detail::image_texel::float_coord_v<CoordT, Dims>,
                  "sampled image reads take float coordinates: float (1-D), float2 (2-D) or "
                  "float4 (3-D)");
    return this->template sample_texel<DataT>(coords, this->desc_.sampler);
  }
};

// ---- deprecated SYCL 1.2.1 image accessors ----
namespace detail {
// read(coords), read(coords, sampler), write(coords, color) and the 1.2.1
// queries, over a command or a host image access.
template <typename DataT, int Dims, access_mode Mode, typename Access>
class legacy_image_accessor
    : public compared_image_access<legacy_image_accessor<DataT, Dims, Mode, Access>, Access> {
  static_assert(Mode == access_mode::read || Mode == access_mode::write ||
                    Mode == access_mode::discard_write,
                "image accessors support access_mode::read, write and discard_write");

public:
  using value_type = DataT;
  using reference = DataT &;
  using const_reference = const DataT &;

  using compared_image_access<legacy_image_accessor, Access>::compared_image_access;

  template <typename CoordT, sycl::access_mode M = Mode, std::enable_if_t<M == sycl::access_mode::read, int> = 0>
  DataT read(const CoordT &coords) const {
    return this->template read_texel<DataT>(coords);
  }
  template <typename CoordT, sycl::access_mode M = Mode, std::enable_if_t<M == sycl::access_mode::read, int> = 0>
  DataT read(const CoordT &coords, const sampler &smp) const {
    return this->template sample_texel<DataT>(coords, smp.state());
  }
  template <typename CoordT, sycl::access_mode M = Mode, std::enable_if_t<M != sycl::access_mode::read, int> = 0>
  void write(const CoordT &coords, const DataT &color) const {
    this->write_texel(coords, color);
  }

  range<Dims> get_range() const {
    range<Dims> r;
    for (int k = 0; k < Dims; ++k) r[k] = static_cast<size_t>(this->desc_.extent[k]);
    return r;
  }
  [[deprecated("use size()")]] size_t get_count() const { return this->size(); }
  [[deprecated("use byte_size()")]] size_t get_size() const { return byte_size(); }
  size_t byte_size() const { return this->size() * this->desc_.element_bytes(); }
  bool is_placeholder() const noexcept { return false; }
};

// Host side of the deprecated target::host_image accessor.
template <int Dims, access_mode Mode> class legacy_host_image_access : public host_image_access<Dims> {
public:
  legacy_host_image_access() = default;
  template <int D, typename A>
  explicit legacy_host_image_access(image<D, A> &img) : host_image_access<Dims>(img, Mode) {}
};
// Command side of the deprecated target::image accessor (software sampling
// on every device).
template <int Dims, access_mode Mode>
class legacy_command_image_access : public command_image_accessor<Dims, Mode, image_binding::software> {
public:
  legacy_command_image_access() = default;
  template <int D, typename A>
  legacy_command_image_access(image<D, A> &img, handler &h)
      : command_image_accessor<Dims, Mode, image_binding::software>(img, h) {}
};

// One layer of an image array (target::image_array): the layer's rows or
// slices seen as an image of one dimension less.
template <typename DataT, int Dims, access_mode Mode>
class image_array_layer : public legacy_image_accessor<DataT, Dims, Mode, image_access<Dims>> {
public:
  image_array_layer(const image_desc &array, size_t layer) {
    image_desc d = array;
    d.data = array.data + layer * (Dims == 1 ? array.row_pitch : array.slice_pitch);
    d.dims = Dims;
    d.extent[Dims] = 1;
    // A layer is a window of the array, not the whole image the handles
    // describe: sampled in software.
    d.texture = d.surface = 0;
    this->desc_ = d;
  }
};
} // namespace detail

template <typename DataT, int Dims, access_mode Mode, access::placeholder P>
class accessor<DataT, Dims, Mode, target::image, P>
    : public detail::legacy_image_accessor<DataT, Dims, Mode,
                                           detail::legacy_command_image_access<Dims, Mode>> {
  using base = detail::legacy_image_accessor<DataT, Dims, Mode,
                                             detail::legacy_command_image_access<Dims, Mode>>;

public:
  accessor() = default;
  template <typename A>
  accessor(image<Dims, A> &img, handler &h) : base(img, h) {
    this->template check_element<DataT>();
  }
};

template <typename DataT, int Dims, access_mode Mode, access::placeholder P>
class accessor<DataT, Dims, Mode, target::host_image, P>
    : public detail::legacy_image_accessor<DataT, Dims, Mode,
                                           detail::legacy_host_image_access<Dims, Mode>> {
  using base = detail::legacy_image_accessor<DataT, Dims, Mode,
                                             detail::legacy_host_image_access<Dims, Mode>>;

public:
  template <typename A> explicit accessor(image<Dims, A> &img) : base(img) {
    this->template check_element<DataT>();
  }
};

// An image<Dims + 1> seen as an array of Dims-dimensional layers.
template <typename DataT, int Dims, access_mode Mode, access::placeholder P>
class accessor<DataT, Dims, Mode, target::image_array, P>
    : public detail::compared_image_access<
          accessor<DataT, Dims, Mode, target::image_array, P>,
          detail::command_image_accessor<Dims + 1, Mode, detail::image_binding::software>> {
  static_assert(Dims == 1 || Dims == 2, "image_array accessors have 1 or 2 dimensions");
  using base = detail::compared_image_access<
      accessor, detail::command_image_accessor<Dims + 1, Mode, detail::image_binding::software>>;

public:
  using value_type = DataT;
  using reference = DataT &;
  using const_reference = const DataT &;

  accessor() = default;
  template <typename A> accessor(image<Dims + 1, A> &img, handler &h) : base(img, h) {
    static_assert(detail::image_texel::is_image_element_v<DataT>,
                  "image accessors read and write int4, uint4, float4 or half4 elements");
  }

  detail::image_array_layer<DataT, Dims, Mode> operator[](size_t layer) const {
    return detail::image_array_layer<DataT, Dims, Mode>(this->desc_, layer);
  }
  range<Dims> get_range() const {
    range<Dims> r;
    for (int k = 0; k < Dims; ++k) r[k] = static_cast<size_t>(this->desc_.extent[k]);
    return r;
  }
  [[deprecated("use size()")]] size_t get_count() const { return this->size(); }
  bool is_placeholder() const noexcept { return false; }
};

// property::no_init belongs to the unsampled image accessors as it does to the
// buffer accessors (SYCL 2020 §4.7.6.14, §4.5.4.1 is_property_of).
template <typename DataT, int Dims, access_mode Mode, image_target Tgt>
struct is_property_of<property::no_init, unsampled_image_accessor<DataT, Dims, Mode, Tgt>>
    : std::true_type {};
template <typename DataT, int Dims, access_mode Mode>
struct is_property_of<property::no_init, host_unsampled_image_accessor<DataT, Dims, Mode>>
    : std::true_type {};

// Kernels capture image accessors of image_target::device by value (see
// accessor.hpp's is_device_copyable).
template <typename DataT, int Dims, access_mode Mode, image_target Tgt>
struct is_device_copyable<unsampled_image_accessor<DataT, Dims, Mode, Tgt>>
    : std::bool_constant<Tgt == image_target::device> {};
template <typename DataT, int Dims, image_target Tgt>
struct is_device_copyable<sampled_image_accessor<DataT, Dims, Tgt>>
    : std::bool_constant<Tgt == image_target::device> {};

} // namespace _V1
} // namespace sycl

template <typename DataT, int Dims, sycl::access_mode Mode, sycl::image_target Tgt>
struct std::hash<sycl::unsampled_image_accessor<DataT, Dims, Mode, Tgt>> {
  size_t operator()(const sycl::unsampled_image_accessor<DataT, Dims, Mode, Tgt> &a) const {
    return a.hash_value();
  }
};
template <typename DataT, int Dims, sycl::access_mode Mode>
struct std::hash<sycl::host_unsampled_image_accessor<DataT, Dims, Mode>> {
  size_t operator()(const sycl::host_unsampled_image_accessor<DataT, Dims, Mode> &a) const {
    return a.hash_value();
  }
};
template <typename DataT, int Dims, sycl::image_target Tgt>
struct std::hash<sycl::sampled_image_accessor<DataT, Dims, Tgt>> {
  size_t operator()(const sycl::sampled_image_accessor<DataT, Dims, Tgt> &a) const {
    return a.hash_value();
  }
};
template <typename DataT, int Dims> struct std::hash<sycl::host_sampled_image_accessor<DataT, Dims>> {
  size_t operator()(const sycl::host_sampled_image_accessor<DataT, Dims> &a) const {
    return a.hash_value();
  }
};
