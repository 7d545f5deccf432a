// The triad kernel of triad_assert, included by two translation units: one
// compiled with asserts (triad_assert.cpp), one with NDEBUG
// (triad_ndebug.cpp). TRIAD_FUNCTION names the function each one defines.
// With TRIAD_PLAIN_CHECK the same condition is checked by hand (a trap, no
// assert machinery): what the check itself costs.
#include <sycl/sycl.hpp>

#include <cassert>

sycl::event TRIAD_FUNCTION(sycl::queue &q, double *a, const double *b, const double *c, double s,
                           size_t n) {
  return q.parallel_for(sycl::range<1>{n}, [=](sycl::id<1> i) {
    // Never fails: the inputs are non-negative. With NDEBUG it is gone.
#ifdef TRIAD_PLAIN_CHECK
    if (!(b[i] >= 0.0)) __builtin_trap();
#else
    assert(b[i] >= 0.0 && "triad input must not be negative");
#endif
    a[i] = b[i] + s * c[i];
  });
}
