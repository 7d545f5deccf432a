// Kernels whose names are local to their translation unit (an anonymous
// namespace, a lambda in a static function), defined in two units with the
// same mangled names: each unit's submissions run its own kernels, and each
// unit's kernel id is its own (usycl++ marks such symbols per unit:
// sycl/detail/kernel_symbol.hpp).
#include "e2e_common.hpp"

#include <string>

std::string run_unit_a(sycl::queue &q, int *p, size_t n);
std::string run_unit_b(sycl::queue &q, int *p, size_t n);

int main() {
  sycl::queue q;
  e2e::print_device(q, "tu_local_kernels");
  constexpr size_t n = 64;
  int *a = sycl::malloc_shared<int>(n, q);
  int *b = sycl::malloc_shared<int>(n, q);
  const std::string id_a = run_unit_a(q, a, n);
  const std::string id_b = run_unit_b(q, b, n);
  for (size_t i = 2; i < n; ++i) {
    e2e::check_eq("a[" + std::to_string(i) + "]", a[i], 1000 + int(i));
    e2e::check_eq("b[" + std::to_string(i) + "]", b[i], 2000 + int(i));
  }
  e2e::check_eq("a[0] (static function's lambda)", a[0], 1000 + 7);
  e2e::check_eq("b[0] (static function's lambda)", b[0], 2000 + 14);
  e2e::check_eq("a[1] (named kernel)", a[1], 1001 + 11);
  e2e::check_eq("b[1] (named kernel)", b[1], 2001 + 22);
  e2e::check("unit a found its kernel id in a bundle", !id_a.empty());
  e2e::check("unit b found its kernel id in a bundle", !id_b.empty());
  e2e::check("the two units' kernel ids differ", id_a != id_b);
  sycl::free(a, q);
  sycl::free(b, q);
  return e2e::finish("tu_local_kernels");
}
