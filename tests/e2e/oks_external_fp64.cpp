// Second translation unit of oks_external: a SYCL_EXTERNAL device function
// that uses double without saying so in the caller's declaration.
#include <sycl/sycl.hpp>

SYCL_EXTERNAL float oks_external_scale(float x) {
  double acc = 0;
  for (int i = 1; i <= 4; ++i) acc += double(x) / i;
  return static_cast<float>(acc);
}
