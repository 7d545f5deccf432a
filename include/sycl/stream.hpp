// sycl::stream (SYCL 2020 §4.16): formatted output from kernels.
//
// Layout: a stream is plain data (the same bytes on the host and the device)
// pointing at a device-visible buffer the runtime allocates for its command
// group (runtime/stream.cpp): a header with the number of bytes written, then
// size() bytes of output. The runtime prints what the kernel wrote to stdout
// when the kernel completes, before its event completes.
//
// Statements: `os << a << b << sycl::endl;` is one statement. Its text is
// collected in the work-item's private memory (detail::stream_statement, the
// temporary the first << returns) and appended to the buffer with one atomic
// reservation when the statement ends (at the end of the full expression, at
// endl and at flush), so statements of different work-items never
// interleave. A statement keeps at most get_max_statement_size() characters;
// output that does not fit in the buffer any more is dropped.
//
// Format state (hex, setprecision, showpos, ...) is per work-item and
// persists across its statements: on the device in the work-item's copy of
// the stream (the kernel object is per work-item there), on the CPU in
// thread-local state keyed by the stream and the running work-item
// (stream_host_format).
#pragma once

#include <sycl/detail/defines.hpp>
#include <sycl/detail/device_assert.hpp>
#include <sycl/detail/work_item_builtins.hpp>
#include <sycl/exception.hpp>
#include <sycl/group.hpp>
#include <sycl/h_item.hpp>
#include <sycl/half.hpp>
#include <sycl/id.hpp>
#include <sycl/item.hpp>
#include <sycl/nd_item.hpp>
#include <sycl/nd_range.hpp>
#include <sycl/property_list.hpp>
#include <sycl/range.hpp>
#include <sycl/vec.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <type_traits>
#include <unordered_map>

namespace sycl {
inline namespace _V1 {

class handler;
class stream;

enum class stream_manipulator {
  dec,
  hex,
  oct,
  noshowbase,
  showbase,
  noshowpos,
  showpos,
  endl,
  fixed,
  scientific,
  hexfloat,
  defaultfloat,
  flush
};

inline constexpr stream_manipulator dec = stream_manipulator::dec;
inline constexpr stream_manipulator hex = stream_manipulator::hex;
inline constexpr stream_manipulator oct = stream_manipulator::oct;
inline constexpr stream_manipulator noshowbase = stream_manipulator::noshowbase;
inline constexpr stream_manipulator showbase = stream_manipulator::showbase;
inline constexpr stream_manipulator noshowpos = stream_manipulator::noshowpos;
inline constexpr stream_manipulator showpos = stream_manipulator::showpos;
inline constexpr stream_manipulator endl = stream_manipulator::endl;
inline constexpr stream_manipulator fixed = stream_manipulator::fixed;
inline constexpr stream_manipulator scientific = stream_manipulator::scientific;
inline constexpr stream_manipulator hexfloat = stream_manipulator::hexfloat;
inline constexpr stream_manipulator defaultfloat = stream_manipulator::defaultfloat;
inline constexpr stream_manipulator flush = stream_manipulator::flush;

namespace detail {

struct stream_precision_manipulator {
  int precision;
};
struct stream_width_manipulator {
  int width;
};

enum class stream_float_format : uint8_t { general, fixed, scientific, hex };

struct stream_format {
  uint8_t base = 10;
  bool showbase = false;
  bool showpos = false;
  stream_float_format floats = stream_float_format::general;
  int precision = 6;
  int width = 0; // applies to the next value only, as with std::ostream

  bool is_default() const {
    const stream_format d{};
    return base == d.base && showbase == d.showbase && showpos == d.showpos &&
           floats == d.floats && precision == d.precision && width == d.width;
  }
};

// What the runtime writes at the start of a stream's buffer.
struct stream_buffer_header {
  unsigned long long used; // bytes reserved by statements (may exceed the size)
  unsigned long long pad;  // keeps the output 16-byte aligned
};

#ifndef __SYCL_DEVICE_ONLY__
// Allocates the buffer of a stream created in the command group `h` and
// arranges for it to be printed when the command group's kernel completes.
USYCL_EXPORT char *stream_open(handler &h, size_t buffer_size, uint64_t &serial);

// The CPU runs many work-items on one thread with one shared kernel object,
// so each work-item's format state lives here instead, keyed by the stream
// and the running work-item: a work-item starts with the default format and
// keeps its own across statements. Work-items of a work-group that
// interleave (fibers switching at barriers) park their state while another
// runs; otherwise a work-item is done when the next one starts, and its state
// is dropped. (One work-item using two streams alternately restarts each
// with the default format.)
inline stream_format &stream_host_format(uint64_t serial) {
  struct running_item {
    uint64_t serial = 0;
    uint64_t group = 0; // __usycl_cpu_work_group_run
    uint64_t item = ~0ull;
    bool operator==(const running_item &o) const {
      return serial == o.serial && group == o.group && item == o.item;
    }
  };
  struct state {
    running_item running;
    stream_format format;
    // Formats of interleaving work-items waiting at a barrier, by linear id
    // within the group; only those that differ from the default.
    std::unordered_map<uint64_t, stream_format> parked;
  };
  static thread_local state s;
  const running_item now{serial, __usycl_cpu_work_group_run, __usycl_cpu_assert_item};
  if (now == s.running)
    return s.format;
  const bool same_interleaving_group = __usycl_cpu_work_items_interleave &&
                                       now.serial == s.running.serial &&
                                       now.group == s.running.group;
  if (same_interleaving_group) {
    if (!s.format.is_default())
      s.parked[s.running.item] = s.format;
    const auto parked = s.parked.find(now.item);
    if (parked != s.parked.end()) {
      s.format = parked->second;
      s.parked.erase(parked);
    } else {
      s.format = stream_format{};
    }
  } else {
    s.parked.clear();
    s.format = stream_format{};
  }
  s.running = now;
  return s.format;
}
#endif

class stream_statement;
} // namespace detail

inline detail::stream_precision_manipulator setprecision(int precision) { return {precision}; }
inline detail::stream_width_manipulator setw(int width) { return {width}; }

class stream {
public:
  stream(size_t totalBufferSize, size_t workItemBufferSize, handler &cgh,
         const property_list &propList = {})
      : size_(totalBufferSize), statement_size_(workItemBufferSize) {
    (void)propList;
#ifdef __SYCL_DEVICE_ONLY__
    (void)cgh;
#else
    data_ = detail::stream_open(cgh, totalBufferSize, serial_);
#endif
  }

  size_t size() const noexcept { return size_; }
  [[deprecated("use sycl::stream::size()")]] size_t get_size() const { return size(); }
  size_t get_work_item_buffer_size() const { return statement_size_; }
  [[deprecated("use sycl::stream::get_work_item_buffer_size()")]] size_t
  get_max_statement_size() const {
    return statement_size_;
  }

  template <typename Property> bool has_property() const noexcept { return false; }
  template <typename Property> Property get_property() const {
    throw exception(make_error_code(errc::invalid),
                    "sycl::stream::get_property: the stream has no such property");
  }

  friend bool operator==(const stream &a, const stream &b) { return a.data_ == b.data_; }
  friend bool operator!=(const stream &a, const stream &b) { return !(a == b); }

  // Implementation.
  detail::stream_format &format() const {
#ifdef __SYCL_DEVICE_ONLY__
    return format_;
#else
    return detail::stream_host_format(serial_);
#endif
  }
  char *data() const { return data_; }
  uint64_t serial() const { return serial_; }

private:
  char *data_ = nullptr;
  size_t size_;
  size_t statement_size_;
  uint64_t serial_ = 0;
  mutable detail::stream_format format_;
};

namespace detail {

// Decimal digits of a finite positive double: 17 significant digits, value
// = d0.d1d2... * 10^exp10. Scaling by powers of ten keeps the error to a few
// ulp, which the printed precision (at most 17 digits) hides.
USYCL_INLINE double stream_pow10_bit(int i) {
  switch (i) {
  case 0: return 1e1;
  case 1: return 1e2;
  case 2: return 1e4;
  case 3: return 1e8;
  case 4: return 1e16;
  case 5: return 1e32;
  case 6: return 1e64;
  case 7: return 1e128;
  default: return 1e256;
  }
}

inline void stream_decimal_digits(double v, char *digits, int &exp10) {
  int e = 0;
  if (v >= 10) {
    for (int i = 8; i >= 0; --i)
      if (v >= stream_pow10_bit(i)) {
        v /= stream_pow10_bit(i);
        e += 1 << i;
      }
  } else if (v < 1) {
    if (v < 1e-300) { // keep subnormals away from the scaling's underflow
      v *= 1e16;
      e -= 16;
    }
    for (int i = 8; i >= 0; --i)
      if (v * stream_pow10_bit(i) < 10) {
        v *= stream_pow10_bit(i);
        e -= 1 << i;
      }
    if (v < 1) { // 0.99999... rounding at the boundary
      v *= 10;
      e -= 1;
    }
  }
  unsigned long long m = static_cast<unsigned long long>(v * 1e16 + 0.5);
  if (m >= 100000000000000000ull) {
    m /= 10;
    ++e;
  }
  for (int i = 16; i >= 0; --i) {
    digits[i] = char('0' + m % 10);
    m /= 10;
  }
  exp10 = e;
}

// Rounds the 17 digits to `keep` significant digits (half up); a carry out
// of the first digit makes it "1" and raises the exponent.
inline void stream_round_digits(char *digits, int keep, int &exp10) {
  if (keep >= 17) return;
  if (keep < 0) {
    for (int i = 0; i < 17; ++i) digits[i] = '0';
    return;
  }
  bool up = digits[keep] >= '5';
  for (int i = keep; i < 17; ++i) digits[i] = '0';
  if (!up) return;
  int i = keep - 1;
  for (; i >= 0; --i) {
    if (digits[i] == '9') {
      digits[i] = '0';
    } else {
      ++digits[i];
      break;
    }
  }
  if (i < 0) { // 99.. -> 100..
    digits[0] = '1';
    for (int k = 1; k < 17; ++k) digits[k] = '0';
    ++exp10;
  }
}

// A small fixed-capacity text buffer for one formatted value.
struct stream_text {
  static constexpr int capacity = 400;
  char chars[capacity];
  int len = 0;
  void put(char c) {
    if (len < capacity) chars[len++] = c;
  }
  void put(const char *s) {
    while (*s) put(*s++);
  }
};

inline char stream_digit_at(const char *digits, int i) {
  return i >= 0 && i < 17 ? digits[i] : '0';
}

inline void stream_put_exponent(stream_text &t, char letter, int e, int min_digits) {
  t.put(letter);
  t.put(e < 0 ? '-' : '+');
  unsigned u = e < 0 ? unsigned(-e) : unsigned(e);
  char tmp[12];
  int n = 0;
  do {
    tmp[n++] = char('0' + u % 10);
    u /= 10;
  } while (u);
  while (n < min_digits) tmp[n++] = '0';
  while (n) t.put(tmp[--n]);
}

inline void stream_format_fixed(stream_text &t, const char *digits, int e, int precision) {
  if (e >= 0) {
    for (int i = 0; i <= e; ++i) t.put(stream_digit_at(digits, i));
  } else {
    t.put('0');
  }
  if (precision > 0) {
    t.put('.');
    for (int k = 1; k <= precision; ++k) t.put(stream_digit_at(digits, e + k));
  }
}

inline void stream_format_scientific(stream_text &t, const char *digits, int e,
                                     int precision) {
  t.put(digits[0]);
  if (precision > 0) {
    t.put('.');
    for (int k = 1; k <= precision; ++k) t.put(stream_digit_at(digits, k));
  }
  stream_put_exponent(t, 'e', e, 2);
}

inline void stream_format_hexfloat(stream_text &t, double v) {
  unsigned long long bits = __builtin_bit_cast(unsigned long long, v);
  int biased = int((bits >> 52) & 0x7ff);
  unsigned long long mant = bits & ((1ull << 52) - 1);
  t.put("0x");
  if (biased == 0 && mant == 0) {
    t.put("0p+0");
    return;
  }
  t.put(biased == 0 ? '0' : '1');
  if (mant) {
    t.put('.');
    int last = 12; // 13 hex digits; drop the trailing zeros
    while (last > 0 && ((mant >> (4 * (12 - last))) & 0xf) == 0) --last;
    for (int i = 0; i <= last; ++i)
      t.put("0123456789abcdef"[(mant >> (4 * (12 - i))) & 0xf]);
  }
  stream_put_exponent(t, 'p', biased == 0 ? -1022 : biased - 1023, 1);
}

inline void stream_format_float(stream_text &t, double v, const stream_format &f) {
  bool negative = __builtin_copysign(1.0, v) < 0;
  if (v != v) {
    t.put("nan");
    return;
  }
  if (negative) {
    t.put('-');
    v = -v;
  } else if (f.showpos) {
    t.put('+');
  }
  if (v == __builtin_huge_val()) {
    t.put("inf");
    return;
  }
  if (f.floats == stream_float_format::hex) {
    stream_format_hexfloat(t, v);
    return;
  }
  int precision = f.precision < 0 ? 6 : (f.precision > 300 ? 300 : f.precision);
  char digits[17];
  int e = 0;
  if (v == 0) {
    for (int i = 0; i < 17; ++i) digits[i] = '0';
  } else {
    stream_decimal_digits(v, digits, e);
  }
  switch (f.floats) {
  case stream_float_format::fixed:
    if (v != 0) stream_round_digits(digits, e + 1 + precision, e);
    stream_format_fixed(t, digits, e, precision);
    return;
  case stream_float_format::scientific:
    if (v != 0) stream_round_digits(digits, precision + 1, e);
    stream_format_scientific(t, digits, e, precision);
    return;
  default: {
    // %g: precision significant digits, fixed or scientific by the
    // exponent, trailing zeros removed.
    int p = precision == 0 ? 1 : precision;
    if (v != 0) stream_round_digits(digits, p, e);
    int start = t.len;
    bool sci = !(e < p && e >= -4);
    if (sci)
      stream_format_fixed(t, digits, 0, p - 1); // mantissa d.ddd
    else
      stream_format_fixed(t, digits, e, p - 1 - e);
    // strip trailing zeros of the fraction
    bool has_point = false;
    for (int i = start; i < t.len; ++i) has_point |= t.chars[i] == '.';
    if (has_point) {
      while (t.len > start && t.chars[t.len - 1] == '0') --t.len;
      if (t.len > start && t.chars[t.len - 1] == '.') --t.len;
    }
    if (sci) stream_put_exponent(t, 'e', e, 2);
    return;
  }
  }
}

inline void stream_format_unsigned(stream_text &t, unsigned long long u, const stream_format &f,
                                   bool negative) {
  if (negative)
    t.put('-');
  else if (f.showpos && f.base == 10)
    t.put('+');
  // As iostreams (printf's %#x/%#o): zero gets no prefix in either base.
  if (f.showbase && f.base == 16 && u != 0) t.put("0x");
  if (f.showbase && f.base == 8 && u != 0) t.put('0');
  char tmp[24];
  int n = 0;
  do {
    tmp[n++] = "0123456789abcdef"[u % f.base];
    u /= f.base;
  } while (u);
  while (n) t.put(tmp[--n]);
}

template <typename T> void stream_format_integer(stream_text &t, T v, const stream_format &f) {
  using U = std::make_unsigned_t<T>;
  if constexpr (std::is_signed_v<T>) {
    // Hexadecimal and octal print the two's complement bits, as iostreams do.
    if (v < 0 && f.base == 10) {
      stream_format_unsigned(t, static_cast<unsigned long long>(U(0) - static_cast<U>(v)), f,
                             true);
      return;
    }
  }
  stream_format_unsigned(t, static_cast<unsigned long long>(static_cast<U>(v)), f, false);
}

template <typename T> struct is_stream_char : std::false_type {};
template <> struct is_stream_char<char> : std::true_type {};
template <> struct is_stream_char<signed char> : std::true_type {};
template <> struct is_stream_char<unsigned char> : std::true_type {};

template <typename T, typename = void> struct is_stream_multi_ptr : std::false_type {};
template <typename T>
struct is_stream_multi_ptr<
    T, std::void_t<decltype(T::address_space), decltype(std::declval<const T &>().get())>>
    : std::is_pointer<decltype(std::declval<const T &>().get())> {};

// One statement's text, in the work-item's private memory; appended to the
// stream's buffer when the statement ends.
class stream_statement {
public:
  stream_statement(const stream &os) : os_(&os) {}
  template <typename T> stream_statement(const stream &os, const T &value) : os_(&os) {
    *this << value;
  }
  stream_statement(const stream_statement &) = delete;
  stream_statement &operator=(const stream_statement &) = delete;
  ~stream_statement() { end(); }

  // A user's operator<< that returns `const sycl::stream &` may return a
  // chain of ours: the statement ends with that return.
  operator const stream &() const { return *os_; }

  template <typename T> stream_statement &operator<<(const T &value) {
    put_value(value);
    return *this;
  }
  stream_statement &operator<<(const char *s) {
    put_text(s);
    return *this;
  }
  stream_statement &operator<<(char *s) {
    put_text(s);
    return *this;
  }

  void put(char c) {
    if (total_ >= os_->get_work_item_buffer_size()) return; // statement limit
    if (len_ == chunk) append();
    buf_[len_++] = c;
    ++total_;
  }

  // Appends the collected text to the stream's buffer.
  void append() {
    char *data = os_->data();
    if (len_ == 0 || data == nullptr) {
      len_ = 0;
      return;
    }
    auto *header = reinterpret_cast<stream_buffer_header *>(data);
    unsigned long long at = __atomic_fetch_add(&header->used, (unsigned long long)len_,
                                               __ATOMIC_RELAXED);
    size_t size = os_->size();
    char *out = data + sizeof(stream_buffer_header);
    for (size_t i = 0; i < len_ && at + i < size; ++i) out[at + i] = buf_[i];
    len_ = 0;
  }
  void end() {
    append();
    total_ = 0;
  }

private:
  static constexpr size_t chunk = 256;

  void put_text(const char *s) {
    stream_format &f = os_->format();
    if (s == nullptr) s = "(null)";
    size_t n = 0;
    while (s[n]) ++n;
    for (size_t i = n; i < size_t(f.width > 0 ? f.width : 0); ++i) put(' ');
    f.width = 0;
    for (size_t i = 0; i < n; ++i) put(s[i]);
  }
  void put_formatted(const stream_text &t) {
    stream_format &f = os_->format();
    for (int i = t.len; i < f.width; ++i) put(' ');
    f.width = 0;
    for (int i = 0; i < t.len; ++i) put(t.chars[i]);
  }

  template <int Dims, typename R> void put_list(const R &r) {
    put('{');
    for (int d = 0; d < Dims; ++d) {
      if (d) {
        put(',');
        put(' ');
      }
      put_value(r[d]);
    }
    put('}');
  }

  template <typename T> void put_value(const T &v) {
    stream_format &f = os_->format();
    if constexpr (std::is_same_v<T, stream_manipulator>) {
      switch (v) {
      case stream_manipulator::dec: f.base = 10; break;
      case stream_manipulator::hex: f.base = 16; break;
      case stream_manipulator::oct: f.base = 8; break;
      case stream_manipulator::showbase: f.showbase = true; break;
      case stream_manipulator::noshowbase: f.showbase = false; break;
      case stream_manipulator::showpos: f.showpos = true; break;
      case stream_manipulator::noshowpos: f.showpos = false; break;
      case stream_manipulator::fixed: f.floats = stream_float_format::fixed; break;
      case stream_manipulator::scientific: f.floats = stream_float_format::scientific; break;
      case stream_manipulator::hexfloat: f.floats = stream_float_format::hex; break;
      case stream_manipulator::defaultfloat: f.floats = stream_float_format::general; break;
      case stream_manipulator::endl:
        put('\n');
        end();
        break;
      case stream_manipulator::flush: end(); break;
      }
    } else if constexpr (std::is_same_v<T, stream_precision_manipulator>) {
      f.precision = v.precision;
    } else if constexpr (std::is_same_v<T, stream_width_manipulator>) {
      f.width = v.width;
    } else if constexpr (std::is_same_v<T, bool>) {
      put_text(v ? "true" : "false");
    } else if constexpr (is_stream_char<T>::value) {
      char s[2] = {static_cast<char>(v), 0};
      put_text(s);
    } else if constexpr (std::is_integral_v<T>) {
      stream_text t;
      stream_format_integer(t, v, f);
      put_formatted(t);
    } else if constexpr (std::is_floating_point_v<T> || std::is_same_v<T, half>) {
      stream_text t;
      double d;
      if constexpr (std::is_same_v<T, half>)
        d = static_cast<float>(v);
      else
        d = static_cast<double>(v);
      stream_format_float(t, d, f);
      put_formatted(t);
    } else if constexpr (std::is_array_v<T> &&
                         is_stream_char<std::remove_cv_t<std::remove_extent_t<T>>>::value) {
      put_text(reinterpret_cast<const char *>(&v[0]));
    } else if constexpr (std::is_pointer_v<T>) {
      if constexpr (is_stream_char<std::remove_cv_t<std::remove_pointer_t<T>>>::value) {
        put_text(reinterpret_cast<const char *>(v));
      } else {
        stream_format hexf = f;
        hexf.base = 16;
        hexf.showbase = true;
        hexf.showpos = false;
        stream_text t;
        stream_format_unsigned(t, reinterpret_cast<uintptr_t>(v), hexf, false);
        put_formatted(t);
      }
    } else if constexpr (std::is_same_v<T, std::nullptr_t>) {
      put_text("0x0");
    } else if constexpr (is_stream_multi_ptr<T>::value) {
      put_value(v.get());
    } else {
      put_object(v);
    }
  }

  template <typename T, int N> void put_object(const vec<T, N> &v) {
    put('{');
    for (int i = 0; i < N; ++i) {
      if (i) put(',');
      put_value(v[i]);
    }
    put('}');
  }
  template <int Dims> void put_object(const id<Dims> &v) { put_list<Dims>(v); }
  template <int Dims> void put_object(const range<Dims> &v) { put_list<Dims>(v); }
  template <int Dims, bool WithOffset> void put_object(const item<Dims, WithOffset> &it) {
    put_text("item(range: ");
    put_list<Dims>(it.get_range());
    put_text(", id: ");
    put_list<Dims>(it.get_id());
    if constexpr (WithOffset) {
      put_text(", offset: ");
      put_list<Dims>(it.get_offset());
    }
    put(')');
  }
  template <int Dims> void put_object(const nd_range<Dims> &r) {
    put_text("nd_range(global_range: ");
    put_list<Dims>(r.get_global_range());
    put_text(", local_range: ");
    put_list<Dims>(r.get_local_range());
    put_text(", offset: ");
    put_list<Dims>(r.get_offset());
    put(')');
  }
  template <int Dims> void put_object(const nd_item<Dims> &it) {
    put_text("nd_item(global_id: ");
    put_list<Dims>(it.get_global_id());
    put_text(", local_id: ");
    put_list<Dims>(it.get_local_id());
    put(')');
  }
  template <int Dims> void put_object(const group<Dims> &g) {
    put_text("group(id: ");
    put_list<Dims>(g.get_group_id());
    put_text(", global_range: ");
    put_list<Dims>(range<Dims>(g.get_group_range() * g.get_local_range()));
    put_text(", local_range: ");
    put_list<Dims>(g.get_local_range());
    put_text(", group_range: ");
    put_list<Dims>(g.get_group_range());
    put(')');
  }
  template <int Dims> void put_object(const h_item<Dims> &it) {
    put_text("h_item(global ");
    put_object(it.get_global());
    put_text(", logical local ");
    put_object(it.get_logical_local());
    put_text(", physical local ");
    put_object(it.get_physical_local());
    put(')');
  }

  const stream *os_;
  size_t len_ = 0;   // characters in buf_
  size_t total_ = 0; // characters of this statement so far
  char buf_[chunk];
};

} // namespace detail

// Every `os << value` starts a statement (see the top of this file).
template <typename T> detail::stream_statement operator<<(const stream &os, const T &value) {
  return detail::stream_statement(os, value);
}
inline detail::stream_statement operator<<(const stream &os, const char *s) {
  return detail::stream_statement(os, s);
}
inline detail::stream_statement operator<<(const stream &os, char *s) {
  return detail::stream_statement(os, static_cast<const char *>(s));
}

} // namespace _V1
} // namespace sycl

template <> struct std::hash<sycl::stream> {
  size_t operator()(const sycl::stream &s) const noexcept {
    return std::hash<const void *>{}(s.data());
  }
};
