#pragma once

#include <sycl/range.hpp>

namespace sycl {
inline namespace _V1 {

template <int Dims, bool WithOffset> class item;

namespace detail {
// Target of the size_t conversion that only 1-D ids and items have.
struct no_conversion {};
} // namespace detail

template <int Dims = 1> class id : public detail::array<Dims> {
  using base = detail::array<Dims>;

public:
  static constexpr int dimensions = Dims;
  constexpr id() = default;
  using base::base;
  constexpr id(const range<Dims> &r) {
    for (int i = 0; i < Dims; ++i) (*this)[i] = r[i];
  }
  template <bool WithOffset> constexpr id(const item<Dims, WithOffset> &it) {
    for (int i = 0; i < Dims; ++i) (*this)[i] = it[i];
  }

  // A 1-D id converts to size_t so `acc[i]` and `ptr[i]` read naturally.
  constexpr operator std::conditional_t<Dims == 1, size_t, detail::no_conversion>() const {
    if constexpr (Dims == 1)
      return (*this)[0];
    else
      return {};
  }

  USYCL_INDEX_BINARY_OPS(id)
};

id(size_t)->id<1>;
id(size_t, size_t)->id<2>;
id(size_t, size_t, size_t)->id<3>;

namespace detail {
// Row-major linearisation (dimension Dims-1 fastest), as SYCL defines it.
template <int Dims>
constexpr size_t linearize(const id<Dims> &i, const range<Dims> &r) {
  size_t lin = i[0];
  for (int d = 1; d < Dims; ++d) lin = lin * r[d] + i[d];
  return lin;
}
} // namespace detail

} // namespace _V1
} // namespace sycl
