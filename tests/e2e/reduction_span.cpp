// Span reductions (SYCL 2020 §4.9.2): sycl::reduction(span, ...) gives the
// kernel a reducer<T, Op, 1> whose elements reduce independently; static and
// dynamic extents, known and given identities, operators without a known
// identity, range and nd_range launches, initialize_to_identity, and a span
// reduction next to a scalar one. Exit code 0 = all checks passed.
#include "e2e_common.hpp"

namespace {
struct add_no_identity {
  int operator()(int a, int b) const { return a + b; }
};
} // namespace

int main() {
  sycl::queue q;
  e2e::print_device(q, "reduction_span");
  constexpr int n = 8;
  int *bins = sycl::malloc_shared<int>(n, q);
  int *total = sycl::malloc_shared<int>(1, q);

  // range, static extent, known identity: histogram of i % n, plus the
  // previous contents (no initialize_to_identity).
  for (int i = 0; i < n; ++i) bins[i] = i;
  q.submit([&](sycl::handler &h) {
     sycl::span<int, n> s(bins, n);
     h.parallel_for(sycl::range<1>(1000), sycl::reduction(s, sycl::plus<int>()),
                    [=](sycl::id<1> i, auto &r) {
                      r[i % n] += 1;
                      ++r[0];
                    });
   }).wait();
  for (int i = 0; i < n; ++i)
    e2e::check_eq("range bins[" + std::to_string(i) + "]", bins[i],
                  i + 1000 / n + (i < 1000 % n) + (i == 0 ? 1000 : 0));

  // nd_range, dynamic extent, operator without a known identity (identity
  // given), initialize_to_identity, next to a scalar maximum reduction.
  *total = -1;
  q.submit([&](sycl::handler &h) {
     sycl::span<int> s(bins, n);
     h.parallel_for(sycl::nd_range<2>({16, 8}, {4, 8}),
                    sycl::reduction(s, 0, add_no_identity(),
                                    sycl::property::reduction::initialize_to_identity{}),
                    sycl::reduction(total, sycl::maximum<int>()),
                    [=](sycl::nd_item<2> it, auto &r, auto &mx) {
                      r[it.get_local_id(1)].combine(int(it.get_global_id(0)));
                      mx.combine(int(it.get_global_linear_id()));
                    });
   }).wait();
  for (int i = 0; i < n; ++i)
    e2e::check_eq("nd bins[" + std::to_string(i) + "]", bins[i], 120); // 0+1+...+15
  e2e::check_eq("nd max", *total, 127);

  // multiplies and bit_or through the element reducers' operators.
  long *prod = sycl::malloc_shared<long>(2, q);
  prod[0] = 1;
  prod[1] = 0;
  q.submit([&](sycl::handler &h) {
     h.parallel_for(sycl::range<1>(10),
                    sycl::reduction(sycl::span<long, 2>(prod, 2), sycl::multiplies<long>()),
                    [=](sycl::item<1> it, auto &r) { r[0] *= long(it.get_id(0) % 3 + 1); });
   }).wait();
  e2e::check_eq("product", prod[0], 1L * 2 * 3 * 1 * 2 * 3 * 1 * 2 * 3 * 1);
  e2e::check_eq("untouched element", prod[1], 0L);

  sycl::free(prod, q);
  sycl::free(bins, q);
  sycl::free(total, q);
  return e2e::finish("reduction_span");
}
