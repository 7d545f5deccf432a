// sycl::multi_ptr (SYCL 2020 §4.7.7): a pointer that knows the address space
// it points into, its aliases (global_ptr, local_ptr, raw_*, decorated_*),
// address_space_cast, make_ptr and remove_decoration.
//
// The "decorated" pointer type carries the address space in device code:
// clang's SYCL device mode gives __attribute__((opencl_local)) T * the
// language address space sycl_local, which NVPTX lowers to addrspace(3), so a
// load through a decorated local_ptr is ld.shared, not a generic ld. Global
// and constant pointers are both addrspace(1) (SYCL constant buffers live in
// global memory; CUDA's constant bank is another state space). Private is
// addrspace(5), generic the default (0). In the host pass (and so in CPU
// kernels) every decorated pointer is a plain T *: the host has one address
// space, and clang's host mode would not convert an attributed pointer to T *.
#pragma once

#include <sycl/access_mode.hpp>
#include <sycl/detail/defines.hpp>
#include <sycl/memory_enums.hpp>

#include <cstddef>
#include <iterator>
#include <type_traits>

namespace sycl {
inline namespace _V1 {

template <typename DataT, int Dims, access_mode Mode, target Tgt,
          access::placeholder IsPlaceholder>
class accessor;
template <typename DataT, int Dims> class local_accessor;

namespace detail {

// T with the address-space attribute of Space (device code), else T.
template <typename T, access::address_space Space> struct decorate_in {
  using type = T;
};
#ifdef __SYCL_DEVICE_ONLY__
#define USYCL_DECORATE_SPACE(SPACE, ATTR)                                                    \
  template <typename T> struct decorate_in<T, access::address_space::SPACE> {               \
    using type = __attribute__((ATTR)) T;                                                    \
  };
USYCL_DECORATE_SPACE(global_space, opencl_global)
USYCL_DECORATE_SPACE(constant_space, opencl_global)
USYCL_DECORATE_SPACE(ext_intel_global_device_space, opencl_global)
USYCL_DECORATE_SPACE(ext_intel_global_host_space, opencl_global)
USYCL_DECORATE_SPACE(local_space, opencl_local)
USYCL_DECORATE_SPACE(private_space, opencl_private)
#undef USYCL_DECORATE_SPACE
#endif
template <typename T, access::address_space Space>
using decorated_t = typename decorate_in<T, Space>::type;

// A pointer into Space: an explicit address-space cast in device code (the
// caller promises the object lives there, as SYCL requires), a no-op on the host.
template <access::address_space Space, typename T>
USYCL_INLINE decorated_t<T, Space> *to_space(T *p) noexcept {
  return (decorated_t<T, Space> *)p;
}

// T & for objects, nothing for void (multi_ptr<void> has no reference).
// The flag comes from the undecorated element type: std::is_void does not
// see through an address-space attribute.
template <typename T, bool IsVoid> struct lvalue_ref {
  using type = T &;
};
template <typename T> struct lvalue_ref<T, true> {
  using type = void;
};

constexpr bool is_global_like(access::address_space s) {
  return s == access::address_space::global_space ||
         s == access::address_space::ext_intel_global_device_space ||
         s == access::address_space::ext_intel_global_host_space;
}

template <typename T> struct keep_const_void {
  using type = std::conditional_t<std::is_const_v<T>, const void, void>;
};

// Raw pointer an accessor hands to a multi_ptr constructor (its get_pointer()
// is a raw pointer or a legacy multi_ptr, depending on the target).
template <typename T> USYCL_INLINE T *raw_pointer(T *p) { return p; }
template <typename P> USYCL_INLINE auto raw_pointer(const P &p) -> decltype(p.get_raw()) {
  return p.get_raw();
}
template <typename Acc> USYCL_INLINE auto accessor_raw_pointer(const Acc &acc) {
  return raw_pointer(acc.get_pointer());
}

// Prefetch hint: a plain cache hint on NVPTX (prefetch.global.L2), nothing elsewhere.
USYCL_INLINE void prefetch_bytes(const void *p, size_t bytes) noexcept {
#if USYCL_DEVICE_NVPTX
  const char *c = static_cast<const char *>(p);
  for (size_t off = 0; off < bytes; off += 128)
    asm volatile("prefetch.L2 [%0];" ::"l"(c + off));
#else
  (void)p;
  (void)bytes;
#endif
}

} // namespace detail

template <typename T> struct remove_decoration {
  using type = T;
};
#ifdef __SYCL_DEVICE_ONLY__
#define USYCL_REMOVE_DECORATION(ATTR)                                                        \
  template <typename T> struct remove_decoration<__attribute__((ATTR)) T> {                 \
    using type = T;                                                                          \
  };                                                                                         \
  template <typename T> struct remove_decoration<__attribute__((ATTR)) T *> {               \
    using type = T *;                                                                        \
  };                                                                                         \
  template <typename T> struct remove_decoration<__attribute__((ATTR)) T *const> {          \
    using type = T *const;                                                                   \
  };                                                                                         \
  template <typename T> struct remove_decoration<__attribute__((ATTR)) T &> {               \
    using type = T &;                                                                        \
  };
USYCL_REMOVE_DECORATION(opencl_global)
USYCL_REMOVE_DECORATION(opencl_local)
USYCL_REMOVE_DECORATION(opencl_private)
#undef USYCL_REMOVE_DECORATION
#endif
template <typename T> using remove_decoration_t = typename remove_decoration<T>::type;

namespace detail {
// Pointer arithmetic shared by every multi_ptr form (object element types
// only; an integer offset of any integral type, so that `p + size_t(i)` is
// not ambiguous, or a class or enumeration that converts to one, as the
// specification's non-template `operator+(multi_ptr, difference_type)`
// takes them: `p + item` with a 1-D item). Hidden friends of a base class
// are found by argument-dependent lookup on the derived multi_ptr.
template <typename Derived, typename ElementType> class multi_ptr_arithmetic {
  template <typename U> using if_object = std::enable_if_t<!std::is_void_v<U>, int>;
  template <typename I, typename U>
  using if_offset = std::enable_if_t<(std::is_integral_v<I> ||
                                      ((std::is_class_v<I> || std::is_enum_v<I>) &&
                                       std::is_convertible_v<const I &, std::ptrdiff_t>)) &&
                                         !std::is_void_v<U>,
                                     int>;
  template <typename I> static auto offset(const I &r) {
    if constexpr (std::is_integral_v<I>)
      return r;
    else
      return static_cast<std::ptrdiff_t>(r);
  }

public:
  template <typename U = ElementType, if_object<U> = 0> friend Derived &operator++(Derived &mp) {
    ++mp.ptr_;
    return mp;
  }
  template <typename U = ElementType, if_object<U> = 0>
  friend Derived operator++(Derived &mp, int) {
    Derived old = mp;
    ++mp.ptr_;
    return old;
  }
  template <typename U = ElementType, if_object<U> = 0> friend Derived &operator--(Derived &mp) {
    --mp.ptr_;
    return mp;
  }
  template <typename U = ElementType, if_object<U> = 0>
  friend Derived operator--(Derived &mp, int) {
    Derived old = mp;
    --mp.ptr_;
    return old;
  }
  template <typename I, typename U = ElementType, if_offset<I, U> = 0>
  friend Derived &operator+=(Derived &lhs, I r) {
    lhs.ptr_ += offset(r);
    return lhs;
  }
  template <typename I, typename U = ElementType, if_offset<I, U> = 0>
  friend Derived &operator-=(Derived &lhs, I r) {
    lhs.ptr_ -= offset(r);
    return lhs;
  }
  template <typename I, typename U = ElementType, if_offset<I, U> = 0>
  friend Derived operator+(const Derived &lhs, I r) {
    Derived sum = lhs;
    sum.ptr_ += offset(r);
    return sum;
  }
  template <typename I, typename U = ElementType, if_offset<I, U> = 0>
  friend Derived operator-(const Derived &lhs, I r) {
    Derived difference = lhs;
    difference.ptr_ -= offset(r);
    return difference;
  }
};
} // namespace detail

template <typename ElementType, access::address_space Space,
          access::decorated DecorateAddress = access::decorated::legacy>
class multi_ptr;

// ---------------------------------------------------------------------------
// SYCL 2020 multi_ptr (decorated::yes and decorated::no), including the
// void / const void forms: members that need an object type are disabled
// for void.
template <typename ElementType, access::address_space Space, access::decorated DecorateAddress>
class multi_ptr
    : public detail::multi_ptr_arithmetic<multi_ptr<ElementType, Space, DecorateAddress>,
                                          ElementType> {
  template <typename E, access::address_space S, access::decorated D> friend class multi_ptr;
  friend class detail::multi_ptr_arithmetic<multi_ptr, ElementType>;
  using decorated_element = detail::decorated_t<ElementType, Space>;
  static constexpr bool is_void = std::is_void_v<ElementType>;
  template <typename U> using if_object = std::enable_if_t<!std::is_void_v<U>, int>;

public:
  static constexpr bool is_decorated = DecorateAddress == access::decorated::yes;
  static constexpr access::address_space address_space = Space;

  using value_type = ElementType;
  using pointer = std::conditional_t<is_decorated, decorated_element *, ElementType *>;
  using reference =
      std::conditional_t<is_decorated, typename detail::lvalue_ref<decorated_element, is_void>::type,
                         typename detail::lvalue_ref<ElementType, is_void>::type>;
  using iterator_category = std::random_access_iterator_tag;
  using difference_type = std::ptrdiff_t;

  multi_ptr() noexcept = default;
  multi_ptr(const multi_ptr &) = default;
  multi_ptr(multi_ptr &&) = default;
  explicit multi_ptr(typename multi_ptr<ElementType, Space, access::decorated::yes>::pointer p)
      : ptr_(p) {}
  multi_ptr(std::nullptr_t) noexcept {}

  // From a buffer accessor (global or generic space).
  template <typename AccT, int Dims, access_mode Mode, access::placeholder P,
            access::address_space S = Space,
            typename = std::enable_if_t<
                (detail::is_global_like(S) || S == access::address_space::generic_space) &&
                (is_void || std::is_same_v<std::remove_const_t<AccT>,
                                           std::remove_const_t<ElementType>>) &&
                std::is_convertible_v<
                    typename accessor<AccT, Dims, Mode, target::device, P>::value_type *,
                    ElementType *>>>
  multi_ptr(accessor<AccT, Dims, Mode, target::device, P> acc)
      : ptr_(detail::to_space<Space>(
            static_cast<ElementType *>(detail::accessor_raw_pointer(acc)))) {}

  // From a local accessor (local or generic space).
  template <typename AccT, int Dims, access::address_space S = Space,
            typename = std::enable_if_t<
                (S == access::address_space::local_space ||
                 S == access::address_space::generic_space) &&
                (is_void || std::is_same_v<std::remove_const_t<AccT>,
                                           std::remove_const_t<ElementType>>) &&
                std::is_convertible_v<AccT *, ElementType *>>>
  multi_ptr(local_accessor<AccT, Dims> acc)
      : ptr_(detail::to_space<Space>(
            static_cast<ElementType *>(detail::accessor_raw_pointer(acc)))) {}

  // Deprecated: from a legacy target::local accessor.
  template <typename AccT, int Dims, access_mode Mode, access::placeholder P,
            access::address_space S = Space,
            typename = std::enable_if_t<
                (S == access::address_space::local_space ||
                 S == access::address_space::generic_space) &&
                (is_void || std::is_same_v<std::remove_const_t<AccT>,
                                           std::remove_const_t<ElementType>>)>>
  multi_ptr(accessor<AccT, Dims, Mode, target::local, P> acc)
      : ptr_(detail::to_space<Space>(
            static_cast<ElementType *>(detail::accessor_raw_pointer(acc)))) {}

  multi_ptr &operator=(const multi_ptr &) = default;
  multi_ptr &operator=(multi_ptr &&) = default;
  multi_ptr &operator=(std::nullptr_t) noexcept {
    ptr_ = nullptr;
    return *this;
  }
  // A generic multi_ptr takes any non-constant space's pointer.
  template <access::address_space ASP, access::decorated D, access::address_space S = Space,
            typename = std::enable_if_t<S == access::address_space::generic_space &&
                                        ASP != access::address_space::constant_space>>
  multi_ptr &operator=(const multi_ptr<value_type, ASP, D> &other) {
    ptr_ = other.get_raw();
    return *this;
  }

  template <typename U = ElementType, if_object<U> = 0>
  reference operator[](difference_type i) const {
    return ptr_[i];
  }
  template <typename U = ElementType, if_object<U> = 0> pointer operator->() const {
    return ptr_;
  }
  template <typename U = ElementType, if_object<U> = 0> reference operator*() const {
    return *ptr_;
  }

  pointer get() const noexcept { return ptr_; }
  std::add_pointer_t<value_type> get_raw() const noexcept {
    return (std::add_pointer_t<value_type>)ptr_;
  }
  decorated_element *get_decorated() const noexcept { return ptr_; }

  // generic -> a named space: the caller asserts where the object is.
  template <access::address_space ASP, access::decorated D,
            access::address_space S = Space,
            typename = std::enable_if_t<S == access::address_space::generic_space &&
                                        ASP != access::address_space::constant_space &&
                                        ASP != access::address_space::generic_space>>
  explicit operator multi_ptr<value_type, ASP, D>() const {
    return multi_ptr<value_type, ASP, D>(detail::to_space<ASP>(get_raw()));
  }
  template <access::address_space ASP, access::decorated D,
            access::address_space S = Space, typename U = ElementType,
            typename = std::enable_if_t<S == access::address_space::generic_space &&
                                        ASP != access::address_space::constant_space &&
                                        ASP != access::address_space::generic_space &&
                                        !std::is_const_v<U>>>
  explicit operator multi_ptr<const value_type, ASP, D>() const {
    return multi_ptr<const value_type, ASP, D>(detail::to_space<ASP>(get_raw()));
  }

  // A named space's pointer is also a generic pointer (not constant_space:
  // SYCL keeps constant memory out of the generic space).
  template <access::decorated D, access::address_space S = Space,
            typename = std::enable_if_t<S != access::address_space::generic_space &&
                                        S != access::address_space::constant_space>>
  operator multi_ptr<value_type, access::address_space::generic_space, D>() const {
    return multi_ptr<value_type, access::address_space::generic_space, D>(get_raw());
  }

  // To void / const void in the same space.
  template <access::decorated D, typename U = ElementType,
            typename = std::enable_if_t<!std::is_void_v<U>>>
  operator multi_ptr<typename detail::keep_const_void<U>::type, Space, D>() const {
    using target_t = multi_ptr<typename detail::keep_const_void<U>::type, Space, D>;
    return target_t(
        detail::to_space<Space>(static_cast<typename detail::keep_const_void<U>::type *>(
            get_raw())));
  }
  // From a void pointer back to an object type.
  template <typename To, access::decorated D, typename U = ElementType,
            typename = std::enable_if_t<std::is_void_v<U> && !std::is_void_v<To> &&
                                        (std::is_const_v<To> || !std::is_const_v<U>)>>
  explicit operator multi_ptr<To, Space, D>() const {
    return multi_ptr<To, Space, D>(detail::to_space<Space>(static_cast<To *>(get_raw())));
  }
  // To const in the same space.
  template <access::decorated D, typename U = ElementType,
            typename = std::enable_if_t<!std::is_const_v<U>>>
  operator multi_ptr<const value_type, Space, D>() const {
    return multi_ptr<const value_type, Space, D>(
        detail::to_space<Space>(static_cast<const value_type *>(get_raw())));
  }
  // Between the decorated and undecorated forms.
  template <access::decorated D,
            typename = std::enable_if_t<D != DecorateAddress && D != access::decorated::legacy>>
  operator multi_ptr<value_type, Space, D>() const {
    return multi_ptr<value_type, Space, D>(ptr_);
  }

  template <typename U = ElementType, if_object<U> = 0>
  void prefetch(size_t num_elements) const {
    detail::prefetch_bytes(get_raw(), num_elements * sizeof(U));
  }

  template <typename U = ElementType, if_object<U> = 0>
  friend difference_type operator-(const multi_ptr &lhs, const multi_ptr &rhs) {
    return lhs.ptr_ - rhs.ptr_;
  }

  friend bool operator==(const multi_ptr &l, const multi_ptr &r) { return l.ptr_ == r.ptr_; }
  friend bool operator!=(const multi_ptr &l, const multi_ptr &r) { return l.ptr_ != r.ptr_; }
  friend bool operator<(const multi_ptr &l, const multi_ptr &r) { return l.ptr_ < r.ptr_; }
  friend bool operator>(const multi_ptr &l, const multi_ptr &r) { return l.ptr_ > r.ptr_; }
  friend bool operator<=(const multi_ptr &l, const multi_ptr &r) { return l.ptr_ <= r.ptr_; }
  friend bool operator>=(const multi_ptr &l, const multi_ptr &r) { return l.ptr_ >= r.ptr_; }
  friend bool operator==(const multi_ptr &l, std::nullptr_t) { return l.ptr_ == nullptr; }
  friend bool operator!=(const multi_ptr &l, std::nullptr_t) { return l.ptr_ != nullptr; }
  friend bool operator<(const multi_ptr &l, std::nullptr_t) { return l.ptr_ < null(); }
  friend bool operator>(const multi_ptr &l, std::nullptr_t) { return l.ptr_ > null(); }
  friend bool operator<=(const multi_ptr &l, std::nullptr_t) { return l.ptr_ <= null(); }
  friend bool operator>=(const multi_ptr &l, std::nullptr_t) { return l.ptr_ >= null(); }
  friend bool operator==(std::nullptr_t, const multi_ptr &r) { return r.ptr_ == nullptr; }
  friend bool operator!=(std::nullptr_t, const multi_ptr &r) { return r.ptr_ != nullptr; }
  friend bool operator<(std::nullptr_t, const multi_ptr &r) { return null() < r.ptr_; }
  friend bool operator>(std::nullptr_t, const multi_ptr &r) { return null() > r.ptr_; }
  friend bool operator<=(std::nullptr_t, const multi_ptr &r) { return null() <= r.ptr_; }
  friend bool operator>=(std::nullptr_t, const multi_ptr &r) { return null() >= r.ptr_; }

private:
  static decorated_element *null() noexcept { return nullptr; }
  decorated_element *ptr_ = nullptr;
};

// ---------------------------------------------------------------------------
// Legacy (SYCL 1.2.1-style) multi_ptr, deprecated in SYCL 2020 but what
// global_ptr<T> & co. mean without a decorated argument: converts implicitly
// to and from raw pointers, get() returns the decorated pointer.
template <typename ElementType, access::address_space Space>
class multi_ptr<ElementType, Space, access::decorated::legacy>
    : public detail::multi_ptr_arithmetic<multi_ptr<ElementType, Space, access::decorated::legacy>,
                                          ElementType> {
  template <typename E, access::address_space S, access::decorated D> friend class multi_ptr;
  friend class detail::multi_ptr_arithmetic<multi_ptr, ElementType>;
  using decorated_element = detail::decorated_t<ElementType, Space>;
  static constexpr bool is_void = std::is_void_v<ElementType>;
  // On the host the decorated and raw pointers are one type: one constructor.
  static constexpr bool distinct_decorated =
      !std::is_same_v<decorated_element *, ElementType *>;
  template <typename U> using if_object = std::enable_if_t<!std::is_void_v<U>, int>;

public:
  using element_type = ElementType;
  using value_type = ElementType;
  using difference_type = std::ptrdiff_t;
  using pointer_t = decorated_element *;
  using const_pointer_t = const decorated_element *;
  using reference_t = typename detail::lvalue_ref<decorated_element, is_void>::type;
  using const_reference_t = typename detail::lvalue_ref<const decorated_element, is_void>::type;
  using pointer = pointer_t;
  using reference = reference_t;
  using iterator_category = std::random_access_iterator_tag;
  static constexpr bool is_decorated = true;
  static constexpr access::address_space address_space = Space;

  multi_ptr() noexcept = default;
  multi_ptr(const multi_ptr &) = default;
  multi_ptr(multi_ptr &&) = default;
  multi_ptr(ElementType *p) : ptr_(detail::to_space<Space>(p)) {}
  template <bool D = distinct_decorated, std::enable_if_t<D, int> = 0>
  multi_ptr(pointer_t p) : ptr_(p) {}
  multi_ptr(std::nullptr_t) noexcept {}
  ~multi_ptr() = default;

  // From the accessor whose memory is in Space.
  template <typename AccT, int Dims, access_mode Mode, target Tgt, access::placeholder P,
            typename = std::enable_if_t<
                ((Tgt == target::device && (detail::is_global_like(Space) ||
                                            Space == access::address_space::generic_space)) ||
                 (Tgt == target::constant_buffer &&
                  Space == access::address_space::constant_space) ||
                 (Tgt == target::local && Space == access::address_space::local_space)) &&
                (is_void ||
                 std::is_same_v<std::remove_const_t<AccT>, std::remove_const_t<ElementType>>)>>
  multi_ptr(accessor<AccT, Dims, Mode, Tgt, P> acc)
      : ptr_(detail::to_space<Space>(
            const_cast<ElementType *>(static_cast<const ElementType *>(
                detail::accessor_raw_pointer(acc))))) {}
  template <typename AccT, int Dims,
            typename = std::enable_if_t<
                (Space == access::address_space::local_space ||
                 Space == access::address_space::generic_space) &&
                (is_void ||
                 std::is_same_v<std::remove_const_t<AccT>, std::remove_const_t<ElementType>>)>>
  multi_ptr(local_accessor<AccT, Dims> acc)
      : ptr_(detail::to_space<Space>(static_cast<ElementType *>(
            detail::accessor_raw_pointer(acc)))) {}
  // From the SYCL 2020 forms of the same space.
  template <access::decorated D, typename = std::enable_if_t<D != access::decorated::legacy>>
  multi_ptr(const multi_ptr<ElementType, Space, D> &other) : ptr_(other.get_decorated()) {}

  multi_ptr &operator=(const multi_ptr &) = default;
  multi_ptr &operator=(multi_ptr &&) = default;
  multi_ptr &operator=(ElementType *p) {
    ptr_ = detail::to_space<Space>(p);
    return *this;
  }
  template <bool D = distinct_decorated, std::enable_if_t<D, int> = 0>
  multi_ptr &operator=(pointer_t p) {
    ptr_ = p;
    return *this;
  }
  multi_ptr &operator=(std::nullptr_t) noexcept {
    ptr_ = nullptr;
    return *this;
  }

  // The element itself, undecorated (as DPC++'s legacy multi_ptr gives it):
  // templates deduce T from it, `auto &tile = *group_local_memory<T[N]>(g)`
  // is a plain T(&)[N]. The address space is still known to the optimizer,
  // which sees the cast from ptr_.
  template <typename U = ElementType, if_object<U> = 0> U &operator*() const {
    return *get_raw();
  }
  template <typename U = ElementType, if_object<U> = 0> ElementType *operator->() const {
    return get_raw();
  }
  template <typename U = ElementType, if_object<U> = 0> U &operator[](difference_type i) const {
    return get_raw()[i];
  }

  pointer_t get() const noexcept { return ptr_; }
  ElementType *get_raw() const noexcept { return (ElementType *)ptr_; }
  pointer_t get_decorated() const noexcept { return ptr_; }

  operator ElementType *() const noexcept { return get_raw(); }

  template <typename U = ElementType, typename = std::enable_if_t<!std::is_void_v<U>>>
  operator multi_ptr<typename detail::keep_const_void<U>::type, Space,
                     access::decorated::legacy>() const {
    return multi_ptr<typename detail::keep_const_void<U>::type, Space,
                     access::decorated::legacy>(
        static_cast<typename detail::keep_const_void<U>::type *>(get_raw()));
  }
  template <typename U = ElementType, typename = std::enable_if_t<!std::is_const_v<U>>>
  operator multi_ptr<const ElementType, Space, access::decorated::legacy>() const {
    return multi_ptr<const ElementType, Space, access::decorated::legacy>(
        static_cast<const ElementType *>(get_raw()));
  }
  // void back to an object type (explicit).
  template <typename To, typename U = ElementType,
            typename = std::enable_if_t<std::is_void_v<U> && !std::is_void_v<To> &&
                                        (std::is_const_v<To> || !std::is_const_v<U>)>>
  explicit operator multi_ptr<To, Space, access::decorated::legacy>() const {
    return multi_ptr<To, Space, access::decorated::legacy>(static_cast<To *>(get_raw()));
  }
  // To the SYCL 2020 forms of the same space.
  template <access::decorated D, typename = std::enable_if_t<D != access::decorated::legacy>>
  operator multi_ptr<ElementType, Space, D>() const {
    return multi_ptr<ElementType, Space, D>(ptr_);
  }

  template <typename U = ElementType, if_object<U> = 0>
  void prefetch(size_t num_elements) const {
    detail::prefetch_bytes(get_raw(), num_elements * sizeof(U));
  }

private:
  decorated_element *ptr_ = nullptr;
};

// Legacy comparisons are templates, not hidden friends: with a raw pointer on
// one side (`mp == p`) only the built-in comparison through the implicit
// conversion to ElementType * applies, which is what SYCL 1.2.1 code expects.
#define USYCL_LEGACY_COMPARE(OP)                                                             \
  template <typename E, access::address_space S>                                             \
  bool operator OP(const multi_ptr<E, S, access::decorated::legacy> &l,                     \
                   const multi_ptr<E, S, access::decorated::legacy> &r) {                   \
    return l.get() OP r.get();                                                               \
  }                                                                                          \
  template <typename E, access::address_space S>                                             \
  bool operator OP(const multi_ptr<E, S, access::decorated::legacy> &l, std::nullptr_t) {   \
    return l.get() OP                                                                        \
        typename multi_ptr<E, S, access::decorated::legacy>::pointer_t();                    \
  }                                                                                          \
  template <typename E, access::address_space S>                                             \
  bool operator OP(std::nullptr_t, const multi_ptr<E, S, access::decorated::legacy> &r) {   \
    return typename multi_ptr<E, S, access::decorated::legacy>::pointer_t() OP r.get();     \
  }
USYCL_LEGACY_COMPARE(==)
USYCL_LEGACY_COMPARE(!=)
USYCL_LEGACY_COMPARE(<)
USYCL_LEGACY_COMPARE(>)
USYCL_LEGACY_COMPARE(<=)
USYCL_LEGACY_COMPARE(>=)
#undef USYCL_LEGACY_COMPARE

// Deduction from accessors (SYCL 2020 §4.7.7.1).
template <typename T, int Dims, access_mode Mode, access::placeholder P>
multi_ptr(accessor<T, Dims, Mode, target::device, P>)
    -> multi_ptr<std::conditional_t<Mode == access_mode::read, const T, T>,
                 access::address_space::global_space, access::decorated::no>;
template <typename T, int Dims>
multi_ptr(local_accessor<T, Dims>)
    -> multi_ptr<T, access::address_space::local_space, access::decorated::no>;

// ---------------------------------------------------------------------------
template <typename ElementType, access::decorated IsDecorated = access::decorated::legacy>
using global_ptr = multi_ptr<ElementType, access::address_space::global_space, IsDecorated>;
template <typename ElementType, access::decorated IsDecorated = access::decorated::legacy>
using local_ptr = multi_ptr<ElementType, access::address_space::local_space, IsDecorated>;
template <typename ElementType, access::decorated IsDecorated = access::decorated::legacy>
using private_ptr = multi_ptr<ElementType, access::address_space::private_space, IsDecorated>;
template <typename ElementType, access::decorated IsDecorated = access::decorated::legacy>
using generic_ptr = multi_ptr<ElementType, access::address_space::generic_space, IsDecorated>;
// Deprecated in SYCL 2020: constant memory is global memory read through a
// constant_buffer accessor.
template <typename ElementType>
using constant_ptr =
    multi_ptr<ElementType, access::address_space::constant_space, access::decorated::legacy>;

template <typename ElementType>
using raw_global_ptr =
    multi_ptr<ElementType, access::address_space::global_space, access::decorated::no>;
template <typename ElementType>
using raw_local_ptr =
    multi_ptr<ElementType, access::address_space::local_space, access::decorated::no>;
template <typename ElementType>
using raw_private_ptr =
    multi_ptr<ElementType, access::address_space::private_space, access::decorated::no>;
template <typename ElementType>
using raw_generic_ptr =
    multi_ptr<ElementType, access::address_space::generic_space, access::decorated::no>;
template <typename ElementType>
using decorated_global_ptr =
    multi_ptr<ElementType, access::address_space::global_space, access::decorated::yes>;
template <typename ElementType>
using decorated_local_ptr =
    multi_ptr<ElementType, access::address_space::local_space, access::decorated::yes>;
template <typename ElementType>
using decorated_private_ptr =
    multi_ptr<ElementType, access::address_space::private_space, access::decorated::yes>;
template <typename ElementType>
using decorated_generic_ptr =
    multi_ptr<ElementType, access::address_space::generic_space, access::decorated::yes>;

// A raw pointer known to point into Space.
template <access::address_space Space, access::decorated DecorateAddress, typename ElementType>
multi_ptr<ElementType, Space, DecorateAddress> address_space_cast(ElementType *pointer) {
  return multi_ptr<ElementType, Space, DecorateAddress>(detail::to_space<Space>(pointer));
}

// Deprecated (SYCL 1.2.1's make_ptr).
template <typename ElementType, access::address_space Space,
          access::decorated DecorateAddress = access::decorated::legacy>
multi_ptr<ElementType, Space, DecorateAddress> make_ptr(ElementType *pointer) {
  return multi_ptr<ElementType, Space, DecorateAddress>(detail::to_space<Space>(pointer));
}

} // namespace _V1
} // namespace sycl
