// sycl::vec swizzles and marray in kernels (SYCL 2020 §4.14.2, §4.14.3):
// named swizzles (x(), xyzw(), rgba(), s3(), lo()/hi()/odd()/even(),
// swizzle<...>()) read and write through to the vec, compound assignment and
// ++/-- on swizzles, operators mixing swizzles, vecs and scalars with vec's
// result types (comparisons give -1/0), convert/as on swizzles, load/store
// through multi_ptr, and marray's element-wise operators (bool and a class
// element type included, each operator present exactly where the element
// type has it) and marray<T, 1>'s conversion to T. Every value is computed on
// the device and compared with the same computation on the host.
#define SYCL_SIMPLE_SWIZZLES
#include "e2e_common.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace {

constexpr int kResults = 26;

// An element type of the user's own (as SYCL-CTS's custom_int): marray's
// operators apply the element's.
struct counted_int {
  int value = 0;
  counted_int() = default;
  constexpr counted_int(int v) : value(v) {}
  friend counted_int operator%(counted_int a, counted_int b) { return a.value % b.value; }
  friend counted_int operator<<(counted_int a, counted_int b) { return a.value << b.value; }
  counted_int operator~() const { return ~value; }
  counted_int &operator++() {
    ++value;
    return *this;
  }
};

// Whether `a % b` and `++a` compile: SYCL 2020 gives marray % for every
// element type but float/double/half, and ++ only where the element has it.
template <typename T, typename = void> struct has_modulo : std::false_type {};
template <typename T>
struct has_modulo<T, std::void_t<decltype(std::declval<T>() % std::declval<T>())>>
    : std::true_type {};
template <typename T, typename = void> struct has_increment : std::false_type {};
template <typename T>
struct has_increment<T, std::void_t<decltype(++std::declval<T &>())>> : std::true_type {};
static_assert(has_modulo<sycl::marray<bool, 2>>::value);
static_assert(has_modulo<sycl::marray<counted_int, 2>>::value);
static_assert(!has_modulo<sycl::marray<float, 2>>::value);
static_assert(!has_modulo<sycl::marray<sycl::half, 2>>::value);
static_assert(!has_increment<sycl::marray<bool, 2>>::value);
static_assert(has_increment<sycl::marray<sycl::half, 2>>::value);
static_assert(!has_modulo<sycl::marray<std::byte, 2>>::value);
static_assert(std::is_convertible_v<sycl::marray<float, 1>, float>);
static_assert(!std::is_convertible_v<sycl::marray<float, 2>, float>);

template <std::size_t N> float bits(const sycl::marray<bool, N> &b) {
  int r = 0;
  for (std::size_t i = 0; i < N; ++i)
    r |= int(b[i]) << i;
  return static_cast<float>(r);
}

// The same code runs in the kernel and on the host; the results must agree.
std::array<float, kResults> swizzle_work(sycl::float4 v, sycl::int4 iv) {
  std::array<float, kResults> out{};
  int k = 0;
  v.xy() = v.yx();                                 // swap through a swizzle
  out[k++] = v.x();
  out[k++] = v.y();
  v.zw() += sycl::float2(10.0f, 20.0f);            // compound assignment
  out[k++] = v.w();
  v.rgba() = v.abgr() * 2.0f;                      // rgba names, scalar operand
  out[k++] = v.r();
  ++v.s2();                                        // increment one element
  out[k++] = v.z();
  const sycl::float2 old = v.odd()--;              // postfix: old values
  out[k++] = old[1] - v.w();
  v.lo().swizzle<1>() = 5.0f;                      // swizzle of a swizzle
  out[k++] = v.y();
  const sycl::float3 sum = v.xyz() + v.swizzle<3, 3, 3>() - 1.0f;
  out[k++] = sum[2];
  const sycl::int4 cmp = v > v.wzyx();             // -1 where true
  out[k++] = static_cast<float>(cmp.x() + 2 * cmp.w());
  const sycl::int2 conv = v.hi().convert<int, sycl::rounding_mode::rtn>();
  out[k++] = static_cast<float>(conv[1]);
  out[k++] = static_cast<float>(iv.yx().as<sycl::uint2>()[0] >> 28);
  iv.even() <<= 2;
  out[k++] = static_cast<float>(iv.z());
  iv.s3() = ~iv.s1();
  out[k++] = static_cast<float>(iv.w());
  const sycl::int3 rep = iv.xxy();                 // repeated indexes read
  out[k++] = static_cast<float>(rep[1] - rep[2]);
  float scalar = v.w();                            // one element is the element
  out[k++] = scalar * 0.5f;
  const sycl::vec<float, 1> one = v.x();
  out[k++] = static_cast<float>(one + v.y());
  const sycl::float4 built(v.wz(), 3.0f, v.x());   // swizzles as constructor arguments
  out[k++] = built[1] + built[3];
  out[k++] = sycl::fmax(v.xy(), v.zw())[0];        // math takes swizzles
  out[k++] = sycl::dot(v.xyz(), sycl::float3(1.0f));
  // marray: element-wise arithmetic, comparison to marray<bool>.
  sycl::marray<float, 3> m(1.0f, 2.0f, 3.0f);
  m *= 2.0f;
  m = m + sycl::marray<float, 3>(0.5f);
  out[k++] = m[2];
  const sycl::marray<bool, 3> lt = m < 3.0f;
  out[k++] = static_cast<float>(lt[0] + 2 * lt[1] + 4 * lt[2]);
  sycl::marray<int, 2> mi(7, 9);
  mi %= 4;
  out[k++] = static_cast<float>(mi[0] * 10 + mi[1]);
  // marray<bool>: the bitwise operators, shifts and % of SYCL 2020.
  sycl::marray<bool, 3> mb(true, false, true);
  const sycl::marray<bool, 3> flipped = mb ^ true;
  mb <<= false;
  out[k++] = bits(flipped) + 8.0f * bits(mb) + 64.0f * bits(mb % true);
  // A class element type: %, <<=, ++ and ~ are its own.
  sycl::marray<counted_int, 2> mc(counted_int(7), counted_int(5));
  mc = mc % counted_int(4);
  mc <<= counted_int(2);
  ++mc;
  mc = ~mc;
  out[k++] = static_cast<float>(mc[0].value * 10 + mc[1].value);
  // marray<T, 1> is its element: converts to it, and its operators with a
  // scalar stay marray's (no ambiguity with the built-in ones).
  const sycl::marray<float, 1> single(2.5f);
  const float as_scalar = single;
  out[k++] = as_scalar * 2.0f + static_cast<float>(single + 1.0f);
  // A named element is a reference into the vec (as in DPC++): its address,
  // a T& bound to it, and an atomic_ref on it reach the vec.
  sycl::float4 e(1.0f, 2.0f, 3.0f, 4.0f);
  float *px = &e.x();
  *px += 0.25f;
  float &rz = e.z();
  rz *= 2.0f;
  sycl::atomic_ref<float, sycl::memory_order::relaxed, sycl::memory_scope::work_item>(e.w())
      .fetch_add(1.5f);
  static_assert(std::is_same_v<decltype(e.s1()), float &>);
  static_assert(std::is_same_v<decltype(std::as_const(e).y()), const float &>);
  out[k++] = e.x() + 10.0f * e.z() + 100.0f * e.w();
  return out;
}

} // namespace

int main() {
  sycl::queue q;
  e2e::print_device(q, "vec_swizzle");

  const sycl::float4 v(1.0f, 2.0f, 3.0f, 4.0f);
  const sycl::int4 iv(1, -2, 3, -4);
  const std::array<float, kResults> want = swizzle_work(v, iv);
  std::array<float, kResults> got{};
  {
    sycl::buffer<std::array<float, kResults>> buf(&got, 1);
    q.submit([&](sycl::handler &h) {
      sycl::accessor acc(buf, h, sycl::write_only);
      h.single_task<class swizzles>([=] { acc[0] = swizzle_work(v, iv); });
    });
  }
  for (int i = 0; i < kResults; ++i)
    e2e::check_eq("result " + std::to_string(i), got[i], want[i]);
  // A few results checked against hand-computed values, so a host and device
  // that are wrong the same way still fail.
  e2e::check_eq("swap x", want[0], 2.0f);
  e2e::check_eq("swap y", want[1], 1.0f);
  e2e::check_eq("zw += (10, 20)", want[2], 24.0f);
  e2e::check_eq("rgba = abgr * 2, r", want[3], 48.0f);
  e2e::check_eq("odd()-- old value", want[5], 1.0f);
  e2e::check_eq("comparison gives -1", want[8], -1.0f);
  e2e::check_eq("as<uint2>", want[10], 15.0f);
  e2e::check_eq("repeated-index read", want[13], 6.0f);
  e2e::check_eq("vec<float, 1> + swizzle", want[15], 53.0f);
  e2e::check_eq("dot of a swizzle", want[18], 56.0f);
  e2e::check_eq("marray m[2]", want[19], 6.5f);
  e2e::check_eq("marray compare", want[20], 1.0f);
  e2e::check_eq("marray %=", want[21], 31.0f);
  e2e::check_eq("marray<bool> ^ <<= %", want[22], 42.0f);
  e2e::check_eq("marray<class type> % <<= ++ ~", want[23], -146.0f);
  e2e::check_eq("marray<float, 1> as float", want[24], 8.5f);
  e2e::check_eq("&x(), z() as float&, atomic_ref(w())", want[25], 611.25f);

  // vec<T, 1> from another scalar type converts inside the constructor (no
  // narrowing error for list-initialisation, as DPC++ programs write it).
  const int six = static_cast<int>(got.size()) - kResults + 6;
  e2e::check_eq("vec<float, 1>{int}", static_cast<float>(sycl::vec<float, 1>{six}), 6.0f);
  e2e::check_eq("vec<int, 1>{double}.convert",
                sycl::vec<double, 1>{2.5 * six}.convert<int, sycl::rounding_mode::rtn>()[0], 15);

  // load/store through multi_ptr of global memory, into and out of swizzles.
  std::array<int, 8> data{0, 1, 2, 3, 4, 5, 6, 7};
  {
    sycl::buffer<int> buf(data.data(), data.size());
    q.submit([&](sycl::handler &h) {
      sycl::accessor acc(buf, h, sycl::read_write);
      h.single_task<class load_store>([=] {
        auto ptr = acc.get_multi_ptr<sycl::access::decorated::no>();
        sycl::int4 t(0);
        t.wzyx().load(1, ptr); // elements 4..7, reversed into t
        t.lo().store(0, ptr);  // t.x, t.y to elements 0, 1
      });
    });
  }
  e2e::check_eq("store after reversed load [0]", data[0], 7);
  e2e::check_eq("store after reversed load [1]", data[1], 6);
  e2e::check_eq("untouched [2]", data[2], 2);
  return e2e::finish("vec_swizzle");
}
