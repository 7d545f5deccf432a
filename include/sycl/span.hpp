// sycl::span (SYCL 2020 §4.14.4): std::span for C++17 programs and device
// code, with the same interface, extents and deduction guides.
#pragma once

#include <sycl/detail/defines.hpp>

#include <array>
#include <cstddef>
#include <iterator>
#include <type_traits>

namespace sycl {
inline namespace _V1 {

inline constexpr std::size_t dynamic_extent = static_cast<std::size_t>(-1);

template <typename ElementType, std::size_t Extent = dynamic_extent> class span;

namespace detail {
template <typename T> struct is_span : std::false_type {};
template <typename T, std::size_t E> struct is_span<span<T, E>> : std::true_type {};
template <typename T> struct is_std_array : std::false_type {};
template <typename T, std::size_t N> struct is_std_array<std::array<T, N>> : std::true_type {};

// A container span can view: contiguous storage through data()/size(),
// neither a span nor a std::array nor a C array (those have their own
// constructors), with elements convertible to ElementType (qualification only).
template <typename C, typename ElementType, typename = void>
struct is_span_compatible_container : std::false_type {};
template <typename C, typename ElementType>
struct is_span_compatible_container<
    C, ElementType,
    std::void_t<decltype(std::data(std::declval<C &>())), decltype(std::size(std::declval<C &>()))>>
    : std::bool_constant<
          !is_span<std::remove_cv_t<C>>::value && !is_std_array<std::remove_cv_t<C>>::value &&
          !std::is_array_v<C> &&
          std::is_convertible_v<std::remove_pointer_t<decltype(std::data(std::declval<C &>()))> (*)[],
                                ElementType (*)[]>> {};

template <std::size_t Extent, std::size_t Offset, std::size_t Count> struct subspan_extent {
  static constexpr std::size_t value =
      Count != dynamic_extent ? Count : (Extent != dynamic_extent ? Extent - Offset : dynamic_extent);
};

template <std::size_t Extent> struct span_storage {
  constexpr span_storage() noexcept = default;
  constexpr explicit span_storage(std::size_t) noexcept {}
  static constexpr std::size_t size() noexcept { return Extent; }
};
template <> struct span_storage<dynamic_extent> {
  constexpr span_storage() noexcept = default;
  constexpr explicit span_storage(std::size_t n) noexcept : size_(n) {}
  constexpr std::size_t size() const noexcept { return size_; }
  std::size_t size_ = 0;
};
} // namespace detail

template <typename ElementType, std::size_t Extent>
class span : private detail::span_storage<Extent> {
  using storage = detail::span_storage<Extent>;

public:
  using element_type = ElementType;
  using value_type = std::remove_cv_t<ElementType>;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using pointer = element_type *;
  using const_pointer = const element_type *;
  using reference = element_type &;
  using const_reference = const element_type &;
  using iterator = pointer;
  using const_iterator = const_pointer;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;

  static constexpr size_type extent = Extent;

  template <std::size_t E = Extent, std::enable_if_t<E == 0 || E == dynamic_extent, int> = 0>
  constexpr span() noexcept {}

  template <typename It, std::size_t E = Extent,
            std::enable_if_t<std::is_convertible_v<
                                 std::remove_reference_t<decltype(*std::declval<It &>())> (*)[],
                                 ElementType (*)[]>,
                             int> = 0>
  constexpr span(It first, size_type count) : storage(count), data_(&*first) {}

  template <typename It, typename End,
            std::enable_if_t<!std::is_convertible_v<End, std::size_t> &&
                                 std::is_convertible_v<
                                     std::remove_reference_t<decltype(*std::declval<It &>())> (*)[],
                                     ElementType (*)[]>,
                             int> = 0>
  constexpr span(It first, End last)
      : storage(static_cast<size_type>(last - first)), data_(&*first) {}

  template <std::size_t N, std::size_t E = Extent,
            std::enable_if_t<(E == dynamic_extent || E == N), int> = 0>
  constexpr span(element_type (&arr)[N]) noexcept : storage(N), data_(arr) {}

  template <typename T, std::size_t N, std::size_t E = Extent,
            std::enable_if_t<(E == dynamic_extent || E == N) &&
                                 std::is_convertible_v<T (*)[], ElementType (*)[]>,
                             int> = 0>
  constexpr span(std::array<T, N> &arr) noexcept : storage(N), data_(arr.data()) {}

  template <typename T, std::size_t N, std::size_t E = Extent,
            std::enable_if_t<(E == dynamic_extent || E == N) &&
                                 std::is_convertible_v<const T (*)[], ElementType (*)[]>,
                             int> = 0>
  constexpr span(const std::array<T, N> &arr) noexcept : storage(N), data_(arr.data()) {}

  template <typename Container,
            std::enable_if_t<detail::is_span_compatible_container<Container, ElementType>::value,
                             int> = 0>
  constexpr span(Container &cont) : storage(std::size(cont)), data_(std::data(cont)) {}

  template <typename Container,
            std::enable_if_t<
                detail::is_span_compatible_container<const Container, ElementType>::value, int> = 0>
  constexpr span(const Container &cont) : storage(std::size(cont)), data_(std::data(cont)) {}

  constexpr span(const span &other) noexcept = default;

  template <typename OtherElementType, std::size_t OtherExtent,
            std::enable_if_t<(Extent == dynamic_extent || OtherExtent == dynamic_extent ||
                              Extent == OtherExtent) &&
                                 std::is_convertible_v<OtherElementType (*)[], ElementType (*)[]>,
                             int> = 0>
  constexpr span(const span<OtherElementType, OtherExtent> &s) noexcept
      : storage(s.size()), data_(s.data()) {}

  ~span() noexcept = default;
  constexpr span &operator=(const span &other) noexcept = default;

  // Subviews.
  template <std::size_t Count> constexpr span<element_type, Count> first() const {
    static_assert(Extent == dynamic_extent || Count <= Extent, "span::first: Count > extent");
    return span<element_type, Count>(data_, Count);
  }
  template <std::size_t Count> constexpr span<element_type, Count> last() const {
    static_assert(Extent == dynamic_extent || Count <= Extent, "span::last: Count > extent");
    return span<element_type, Count>(data_ + (size() - Count), Count);
  }
  template <std::size_t Offset, std::size_t Count = dynamic_extent>
  constexpr span<element_type, detail::subspan_extent<Extent, Offset, Count>::value>
  subspan() const {
    static_assert(Extent == dynamic_extent || Offset <= Extent, "span::subspan: Offset > extent");
    static_assert(Extent == dynamic_extent || Count == dynamic_extent || Offset + Count <= Extent,
                  "span::subspan: Offset + Count > extent");
    return span<element_type, detail::subspan_extent<Extent, Offset, Count>::value>(
        data_ + Offset, Count != dynamic_extent ? Count : size() - Offset);
  }
  constexpr span<element_type, dynamic_extent> first(size_type count) const {
    return {data_, count};
  }
  constexpr span<element_type, dynamic_extent> last(size_type count) const {
    return {data_ + (size() - count), count};
  }
  constexpr span<element_type, dynamic_extent> subspan(size_type offset,
                                                       size_type count = dynamic_extent) const {
    return {data_ + offset, count == dynamic_extent ? size() - offset : count};
  }

  // Observers.
  constexpr size_type size() const noexcept { return storage::size(); }
  constexpr size_type size_bytes() const noexcept { return size() * sizeof(element_type); }
  [[nodiscard]] constexpr bool empty() const noexcept { return size() == 0; }

  // Element access.
  constexpr reference operator[](size_type idx) const { return data_[idx]; }
  constexpr reference front() const { return data_[0]; }
  constexpr reference back() const { return data_[size() - 1]; }
  constexpr pointer data() const noexcept { return data_; }

  // Iterators.
  constexpr iterator begin() const noexcept { return data_; }
  constexpr iterator end() const noexcept { return data_ + size(); }
  constexpr const_iterator cbegin() const noexcept { return data_; }
  constexpr const_iterator cend() const noexcept { return data_ + size(); }
  constexpr reverse_iterator rbegin() const noexcept { return reverse_iterator(end()); }
  constexpr reverse_iterator rend() const noexcept { return reverse_iterator(begin()); }
  constexpr const_reverse_iterator crbegin() const noexcept {
    return const_reverse_iterator(cend());
  }
  constexpr const_reverse_iterator crend() const noexcept {
    return const_reverse_iterator(cbegin());
  }

private:
  pointer data_ = nullptr;
};

// Deduction guides (SYCL 2020 §4.14.4, as std::span).
template <typename It, typename EndOrSize>
span(It, EndOrSize) -> span<std::remove_reference_t<decltype(*std::declval<It &>())>>;
template <typename T, std::size_t N> span(T (&)[N]) -> span<T, N>;
template <typename T, std::size_t N> span(std::array<T, N> &) -> span<T, N>;
template <typename T, std::size_t N> span(const std::array<T, N> &) -> span<const T, N>;
template <typename Container>
span(Container &) -> span<std::remove_pointer_t<decltype(std::data(std::declval<Container &>()))>>;
template <typename Container>
span(const Container &)
    -> span<std::remove_pointer_t<decltype(std::data(std::declval<const Container &>()))>>;

template <typename ElementType, std::size_t Extent>
span<const std::byte, Extent == dynamic_extent ? dynamic_extent : sizeof(ElementType) * Extent>
as_bytes(span<ElementType, Extent> s) noexcept {
  return {reinterpret_cast<const std::byte *>(s.data()), s.size_bytes()};
}
template <typename ElementType, std::size_t Extent,
          std::enable_if_t<!std::is_const_v<ElementType>, int> = 0>
span<std::byte, Extent == dynamic_extent ? dynamic_extent : sizeof(ElementType) * Extent>
as_writable_bytes(span<ElementType, Extent> s) noexcept {
  return {reinterpret_cast<std::byte *>(s.data()), s.size_bytes()};
}

} // namespace _V1
} // namespace sycl
