// Image sampling state: the SYCL 2020 image_sampler (§4.7.8) and the
// deprecated SYCL 1.2.1 sampler class that legacy image accessors take.
//
// Both are plain values (trivially copyable, no host-only members), so they
// travel inside kernel objects to every device unchanged.
#pragma once

#include <sycl/detail/defines.hpp>
#include <sycl/exception.hpp>
#include <sycl/property_list.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>

namespace sycl {
inline namespace _V1 {

// How coordinates outside the image are mapped (OpenCL 1.2 §8.2, which
// SYCL refers to). repeat and mirrored_repeat need normalized coordinates.
enum class addressing_mode : unsigned { mirrored_repeat, repeat, clamp_to_edge, clamp, none };
enum class filtering_mode : unsigned { nearest, linear };
enum class coordinate_normalization_mode : unsigned { normalized, unnormalized };

struct image_sampler {
  addressing_mode addressing;
  coordinate_normalization_mode coordinate;
  filtering_mode filtering;

  friend constexpr bool operator==(const image_sampler &a, const image_sampler &b) {
    return a.addressing == b.addressing && a.coordinate == b.coordinate &&
           a.filtering == b.filtering;
  }
  friend constexpr bool operator!=(const image_sampler &a, const image_sampler &b) {
    return !(a == b);
  }
};

// SYCL 1.2.1 sampler (deprecated in SYCL 2020 for image_sampler). A value
// type: equal when its three modes are.
class sampler {
public:
  sampler(coordinate_normalization_mode normalization, addressing_mode addressing,
          filtering_mode filtering, const property_list &props = {})
      : state_{addressing, normalization, filtering}, property_bits_(props.bits()) {}

  addressing_mode get_addressing_mode() const { return state_.addressing; }
  filtering_mode get_filtering_mode() const { return state_.filtering; }
  coordinate_normalization_mode get_coordinate_normalization_mode() const {
    return state_.coordinate;
  }

  // A sampler takes no properties of its own; the interface is there because
  // every SYCL object has it.
  template <typename Prop> bool has_property() const noexcept {
    return property_bits_ & Prop::bit;
  }
  template <typename Prop> Prop get_property() const {
    if (!has_property<Prop>())
      throw exception(make_error_code(errc::invalid),
                      "sampler::get_property: the sampler was not constructed with this "
                      "property (check has_property first)");
    return Prop{};
  }

  friend bool operator==(const sampler &a, const sampler &b) { return a.state_ == b.state_; }
  friend bool operator!=(const sampler &a, const sampler &b) { return !(a == b); }

  // Implementation detail: what the image accessors sample with.
  image_sampler state() const { return state_; }

private:
  image_sampler state_;
  uint32_t property_bits_ = 0;
};

} // namespace _V1
} // namespace sycl

template <> struct std::hash<sycl::sampler> {
  size_t operator()(const sycl::sampler &s) const {
    const sycl::image_sampler st = s.state();
    return std::hash<unsigned>()(static_cast<unsigned>(st.addressing) * 16 +
                                 static_cast<unsigned>(st.coordinate) * 4 +
                                 static_cast<unsigned>(st.filtering));
  }
};
