#pragma once

#include <sycl/detail/array.hpp>

namespace sycl {
inline namespace _V1 {

template <int Dims = 1> class range : public detail::array<Dims> {
  using base = detail::array<Dims>;

public:
  static constexpr int dimensions = Dims;
  constexpr range() = default;
  using base::base;

  constexpr size_t size() const {
    size_t s = 1;
    for (int i = 0; i < Dims; ++i) s *= (*this)[i];
    return s;
  }

  USYCL_INDEX_BINARY_OPS(range)
};

range(size_t)->range<1>;
range(size_t, size_t)->range<2>;
range(size_t, size_t, size_t)->range<3>;

} // namespace _V1
} // namespace sycl
