// DPC++'s OptionalKernelFeatures/sycl-external-with-optional-features
// (issue 19.18): two kernels of one translation unit call a SYCL_EXTERNAL
// function template of another one (sycl_external_optional_funcs.cpp),
// Foo with aspect::cpu, Bar with aspect::gpu, default split mode.
// Requirements are per kernel (seed 002): Foo runs wherever there is `cpu`
// (the CPU) and Bar wherever there is `gpu` (a CUDA GPU); the other one is
// refused with errc::kernel_not_supported naming its own aspect, never
// because an image holding both requires {cpu, gpu}.
//
// func<> is declared with [[sycl::device_has]] as in DPC++'s test. The same
// pair of kernels also calls undeclared<>, whose declaration here lacks the
// attribute (the link warns "Missing [[sycl::device_has()]] on
// SYCL_EXTERNAL function?"): FooU and BarU look alike to this translation
// unit, yet must not share an image requiring both aspects either.
#include "e2e_common.hpp"

using accT = sycl::accessor<int, 1>;
constexpr int value = 42;

template <sycl::aspect aspect>
[[sycl::device_has(aspect)]] SYCL_EXTERNAL void func(const accT &acc);
template <sycl::aspect aspect> SYCL_EXTERNAL void undeclared(const accT &acc);

class Foo;
class Bar;
class FooU;
class BarU;

namespace {

// Runs kernel K calling F<A> on q; 0 when it did not run, else the value.
template <typename K, sycl::aspect A, bool Declared> int submit(sycl::queue &q) {
  int data = 0;
  {
    sycl::buffer<int> buf{&data, {1}};
    q.submit([&](sycl::handler &cgh) {
       accT acc{buf, cgh};
       cgh.single_task<K>([=] {
         if constexpr (Declared)
           func<A>(acc);
         else
           undeclared<A>(acc);
       });
     }).wait_and_throw();
  }
  return data;
}

template <typename K, sycl::aspect A, bool Declared>
void expect(sycl::queue &q, const char *kernel, const char *aspect) {
  bool supported = q.get_device().has(A);
  e2e::check_eq(std::string("is_compatible<") + kernel + ">",
                sycl::is_compatible<K>(q.get_device()), supported);
  if (supported) {
    e2e::check_eq(std::string("kernel ") + kernel + " ran", submit<K, A, Declared>(q), value);
  } else {
    e2e::expect_exception(std::string("kernel ") + kernel + " on a device without " + aspect,
                          sycl::errc::kernel_not_supported, {aspect},
                          [&] { submit<K, A, Declared>(q); });
  }
}

} // namespace

int main() {
  sycl::queue q;
  e2e::print_device(q, "sycl_external_optional");
  // The CPU has `cpu`, a GPU `gpu`: exactly one kernel of each pair runs.
  e2e::check("device has cpu or gpu",
             q.get_device().has(sycl::aspect::cpu) != q.get_device().has(sycl::aspect::gpu));
  // Bar first: refusing it must not poison Foo (and the other way round).
  expect<Bar, sycl::aspect::gpu, true>(q, "Bar", "aspect::gpu");
  expect<Foo, sycl::aspect::cpu, true>(q, "Foo", "aspect::cpu");
  expect<BarU, sycl::aspect::gpu, false>(q, "BarU", "aspect::gpu");
  expect<FooU, sycl::aspect::cpu, false>(q, "FooU", "aspect::cpu");
  return e2e::finish("sycl_external_optional");
}
