// sycl::id / sycl::range operators (SYCL 2020 §4.9.1: every arithmetic,
// shift, bitwise, logical and relational operator with an index or any
// integral scalar on either side, compound assignment, unary and ++/--),
// sycl::span (§4.14.4), sycl::is_device_copyable (§3.13.1) and the
// transparent function objects (§4.17.2), on the host and in a kernel;
// nd_item and group equality.
// Exit code 0 = all checks passed.
#include "e2e_common.hpp"

#include <array>
#include <string>
#include <vector>

namespace {
struct copyable_by_bytes {
  copyable_by_bytes() = default;
  copyable_by_bytes(const copyable_by_bytes &o) : v(o.v) {}
  int v = 0;
};
} // namespace
template <> struct sycl::is_device_copyable<copyable_by_bytes> : std::true_type {};

static_assert(SYCL_DEVICE_COPYABLE == 1);
static_assert(sycl::is_device_copyable_v<copyable_by_bytes>);
static_assert(sycl::is_device_copyable_v<const copyable_by_bytes>);
static_assert(sycl::is_device_copyable_v<std::pair<int, copyable_by_bytes>>);
static_assert(!sycl::is_device_copyable_v<std::string>);
static_assert(std::is_same_v<decltype(sycl::span{std::declval<int (&)[3]>()}), sycl::span<int, 3>>);
static_assert(std::is_same_v<decltype(sycl::span{std::declval<std::vector<int> &>()}),
                             sycl::span<int>>);
static_assert(std::is_same_v<decltype(sycl::logical_and<>()(1, 2)), bool>);

// Every operator on a 3-D id and on id<1> against a char, evaluated into out[].
template <typename Out> void index_ops(Out out) {
  const sycl::id<3> a{5, 8, 3}, b{4, 8, 2};
  const char c = 2;
  size_t k = 0;
  auto put = [&](const sycl::id<3> &v) {
    for (int d = 0; d < 3; ++d) out[k++] = v[d];
  };
  put(a + b);
  put(a << b);
  put(a % b);
  put(a ^ b);
  put(a && b);
  put(a > b);
  put(a <= b);
  put(c - a);
  put(a >> c);
  put(c < a);
  put(-a);
  sycl::id<3> x = a;
  x <<= c;
  x |= 1L;
  put(x);
  put(x++);
  put(--x);
  sycl::range<2> r{6, 4};
  r *= 2u;
  r %= sycl::range<2>{5, 5};
  out[k++] = r[0];
  out[k++] = r[1];
  const sycl::id<1> one{7};
  out[k++] = (one == 7) + (7 == one) + (one != 6) + (size_t(one) == 7); // 4
  out[k++] = (size_t(3) + one)[0];
}

int main() {
  sycl::queue q;
  e2e::print_device(q, "index_span_traits");
  constexpr size_t n = 3 * 14 + 4;
  size_t host[n];
  index_ops(host);
  const size_t want[n] = {9, 16, 5,  80, 2048, 12, 1, 0, 1, 1, 0, 1, 1, 1, 1, 1, 0, 1,
                          0, 1,  0,  size_t(-3), size_t(-6), size_t(-1), 1, 2, 0, 1, 1, 1,
                          size_t(-5), size_t(-8), size_t(-3), 21, 33, 13, 21, 33, 13, 21, 33, 13,
                          2,  3, 4, 10};
  for (size_t i = 0; i < n; ++i)
    e2e::check_eq("host op " + std::to_string(i), host[i], want[i]);

  size_t *dev = sycl::malloc_shared<size_t>(n, q);
  q.single_task([=] { index_ops(dev); }).wait();
  for (size_t i = 0; i < n; ++i)
    e2e::check_eq("device op " + std::to_string(i), dev[i], want[i]);

  // span in a kernel: subviews, iteration, a captured device-copyable object.
  int *data = sycl::malloc_shared<int>(8, q);
  for (int i = 0; i < 8; ++i) data[i] = i;
  copyable_by_bytes obj;
  obj.v = 100;
  q.single_task([=] {
     sycl::span<int, 8> all(data, 8);
     auto tail = all.subspan<4>();
     for (int &v : tail) v += obj.v;
     auto head = all.first(2);
     head.back() = int(tail.size() + all.last<3>().front());
   }).wait();
  const int span_want[8] = {0, 109, 2, 3, 104, 105, 106, 107};
  for (int i = 0; i < 8; ++i)
    e2e::check_eq("span data[" + std::to_string(i) + "]", data[i], span_want[i]);

  // nd_item and group compare by value (common by-value semantics).
  int *eq = sycl::malloc_shared<int>(2, q);
  eq[0] = eq[1] = 0;
  q.parallel_for(sycl::nd_range<2>({4, 4}, {2, 2}), [=](sycl::nd_item<2> it) {
     const auto g = it.get_group();
     const auto g2 = g;
     const auto it2 = it;
     if (it.get_global_linear_id() == 5) {
       eq[0] = (g == g2) && !(g != g2) && (it == it2) && !(it != it2);
       eq[1] = g == sycl::group<2>(sycl::id<2>(9, 9), it.get_local_id(), it.get_local_range(),
                                   it.get_group_range());
     }
   }).wait();
  e2e::check_eq("nd_item/group ==", eq[0], 1);
  e2e::check_eq("group != other group", eq[1], 0);

  sycl::free(eq, q);
  sycl::free(data, q);
  sycl::free(dev, q);
  return e2e::finish("index_span_traits");
}
