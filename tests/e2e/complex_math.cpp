// std::complex<float|double> in kernels: arithmetic (clang calls
// __mulsc3/__divdc3 & co.) and the <complex> functions (the C99 complex
// library: cabs, cexp, cpow, ...), checked against the host's results.
#include "e2e_common.hpp"

#include <complex>
#include <string>

namespace {

template <typename T> struct cases {
  static constexpr int count = 22;
  using C = std::complex<T>;
  static void run(C *out, C a, C b) {
    int i = 0;
    out[i++] = a + b;
    out[i++] = a - b;
    out[i++] = a * b;
    out[i++] = a / b;
    out[i++] = C(std::abs(a), std::arg(a));
    out[i++] = C(std::norm(a), std::real(std::conj(a)));
    out[i++] = std::exp(a);
    out[i++] = std::log(a);
    out[i++] = std::log10(a);
    out[i++] = std::pow(a, b);
    out[i++] = std::pow(a, T(2.5));
    out[i++] = std::sqrt(a);
    out[i++] = std::sin(a);
    out[i++] = std::cos(a);
    out[i++] = std::tan(a);
    out[i++] = std::sinh(a);
    out[i++] = std::cosh(a);
    out[i++] = std::tanh(a);
    out[i++] = std::asin(a);
    out[i++] = std::acos(a);
    out[i++] = std::atan(a);
    out[i++] = std::atanh(a) + std::asinh(b) + std::acosh(b);
  }
};

template <typename T> void check(sycl::queue &q, double tolerance, const char *type) {
  using C = std::complex<T>;
  constexpr int n = cases<T>::count;
  C *out = sycl::malloc_shared<C>(n, q);
  const C a(T(1.5), T(-2.0)), b(T(-0.5), T(3.0));
  q.single_task([=] { cases<T>::run(out, a, b); }).wait();
  C want[n];
  cases<T>::run(want, a, b);
  for (int i = 0; i < n; ++i) {
    double err = std::abs(std::complex<double>(out[i]) - std::complex<double>(want[i]));
    double scale = 1 + std::abs(std::complex<double>(want[i]));
    e2e::check(std::string(type) + " case " + std::to_string(i) + ": (" +
                   std::to_string(double(out[i].real())) + ", " +
                   std::to_string(double(out[i].imag())) + ") vs host (" +
                   std::to_string(double(want[i].real())) + ", " +
                   std::to_string(double(want[i].imag())) + ")",
               err <= tolerance * scale);
  }
  sycl::free(out, q);
}

} // namespace

int main() {
  sycl::queue q;
  e2e::print_device(q, "complex_math");
  check<float>(q, 1e-5, "float");
  if (q.get_device().has(sycl::aspect::fp64)) check<double>(q, 1e-12, "double");
  return e2e::finish("complex_math");
}
