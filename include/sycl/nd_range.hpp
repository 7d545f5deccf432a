#pragma once

#include <sycl/id.hpp>

namespace sycl {
inline namespace _V1 {

template <int Dims = 1> class nd_range {
public:
  static constexpr int dimensions = Dims;
  nd_range(range<Dims> global, range<Dims> local, id<Dims> offset = id<Dims>())
      : global_(global), local_(local), offset_(offset) {}

  range<Dims> get_global_range() const { return global_; }
  range<Dims> get_local_range() const { return local_; }
  range<Dims> get_group_range() const { return global_ / local_; }
  id<Dims> get_offset() const { return offset_; }

  friend bool operator==(const nd_range &a, const nd_range &b) {
    return a.global_ == b.global_ && a.local_ == b.local_ && a.offset_ == b.offset_;
  }
  friend bool operator!=(const nd_range &a, const nd_range &b) { return !(a == b); }

private:
  range<Dims> global_;
  range<Dims> local_;
  id<Dims> offset_;
};

} // namespace _V1
} // namespace sycl
