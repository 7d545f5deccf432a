// Wrong arguments of the SYCL attributes are errors at the argument, in the
// host pass and in the device pass alike; arguments that depend on template
// parameters are checked once instantiated.
//
// RUN: %clang -fsycl --offload-host-only -fsyntax-only -isystem %sycl-include \
// RUN:   -fplugin=%plugin -ferror-limit=0 -Xclang -verify %s
// RUN: %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib \
// RUN:   -fsyntax-only -isystem %sycl-include -fplugin=%plugin -ferror-limit=0 -Xclang -verify %s

#include <sycl/sycl.hpp>
using namespace sycl;

int runtime_value();

// Not an aspect.
struct A1 { [[sycl::device_has(1.5)]] void operator()() const {} };                   // expected-error {{'sycl::device_has' attribute argument must be a 'sycl::aspect', not 'double'}}
struct A2 { [[sycl::device_has(42)]] void operator()() const {} };                    // expected-error {{'sycl::device_has' attribute argument 42 is not a 'sycl::aspect' value}}
struct A3 { [[sycl::device_has(-1)]] void operator()() const {} };                    // expected-error {{'sycl::device_has' attribute argument -1 is not a 'sycl::aspect' value}}
struct A4 { [[sycl::device_has(memory_order::relaxed)]] void operator()() const {} }; // expected-error {{'sycl::device_has' attribute argument must be a 'sycl::aspect', not 'sycl::memory_order'}}
struct A5 { [[sycl::device_has(aspect::fp16, "fp64")]] void operator()() const {} };  // expected-error {{'sycl::device_has' attribute argument must be a 'sycl::aspect', not 'const char[5]'}}
struct [[__sycl_detail__::__uses_aspects__(3.0)]] A6 {};                              // expected-error {{'__sycl_detail__::__uses_aspects__' attribute argument must be a 'sycl::aspect', not 'double'}}

// Not a constant.
int global_n = 4;
struct N1 { [[sycl::reqd_work_group_size(global_n)]] void operator()() const {} }; // expected-error {{'sycl::reqd_work_group_size' attribute argument is not a constant expression}}

// Sizes: integers, positive.
struct S1 { [[sycl::reqd_work_group_size(0)]] void operator()() const {} };        // expected-error {{'sycl::reqd_work_group_size' attribute requires a positive integral compile time constant expression}}
struct S2 { [[sycl::reqd_work_group_size(8, -4)]] void operator()() const {} };    // expected-error {{'sycl::reqd_work_group_size' attribute requires a positive integral compile time constant expression}}
struct S3 { [[sycl::reqd_sub_group_size(0)]] void operator()() const {} };         // expected-error {{'sycl::reqd_sub_group_size' attribute requires a positive integral compile time constant expression}}
struct S4 { [[sycl::reqd_work_group_size(aspect::fp16)]] void operator()() const {} }; // expected-error {{'sycl::reqd_work_group_size' attribute argument must be an integer, not 'sycl::aspect'}}

// Wrong number of arguments.
struct C1 { [[sycl::reqd_work_group_size(1, 2, 3, 4)]] void operator()() const {} }; // expected-error {{'sycl::reqd_work_group_size' attribute takes no more than 3 arguments}}
struct C2 { [[sycl::reqd_work_group_size]] void operator()() const {} };             // expected-error {{'sycl::reqd_work_group_size' attribute takes at least 1 argument}}
struct C3 { [[sycl::reqd_sub_group_size(8, 16)]] void operator()() const {} };       // expected-error {{'sycl::reqd_sub_group_size' attribute takes one argument}}
struct [[__sycl_detail__::__uses_aspects__()]] C4 {};                                // expected-error {{'__sycl_detail__::__uses_aspects__' attribute takes at least 1 argument}}

// Where they apply.
[[sycl::device_has(aspect::fp16)]] int not_a_function; // expected-warning {{'sycl::device_has' attribute only applies to functions}}
void statement() {
  [[sycl::reqd_sub_group_size(16)]]; // expected-error {{'sycl::reqd_sub_group_size' attribute cannot be applied to a statement}}
}
// Without the sycl:: scope the names mean nothing to clang.
struct U1 { [[device_has(aspect::fp16)]] void operator()() const {} }; // expected-warning {{unknown attribute 'device_has' ignored}}

// The same in a lambda's declarator position.
void lambdas(queue &q) {
  int n = runtime_value();
  const int c = runtime_value();
  q.single_task([=]() [[sycl::reqd_work_group_size(n)]] {});          // expected-error {{'sycl::reqd_work_group_size' attribute argument is not a constant expression}}
  q.single_task([=]() [[sycl::reqd_sub_group_size(c)]] {});           // expected-error {{'sycl::reqd_sub_group_size' attribute argument is not a constant expression}}
  q.single_task([=]() [[sycl::device_has(n)]] {});                    // expected-error {{'sycl::device_has' attribute argument is not a constant expression}}
  q.single_task([=]() [[sycl::device_has(aspect::fp16, 2.0)]] {});    // expected-error {{'sycl::device_has' attribute argument must be a 'sycl::aspect', not 'double'}}
  q.single_task([=]() noexcept [[sycl::reqd_sub_group_size(0)]] {});  // expected-error {{'sycl::reqd_sub_group_size' attribute requires a positive integral compile time constant expression}}
  q.single_task([=]() [[sycl::reqd_work_group_size(1, 2, 3, 4)]] {}); // expected-error {{'sycl::reqd_work_group_size' attribute takes no more than 3 arguments}}
}

// Checked once instantiated.
template <int N> void tmpl(queue &q) {
  q.single_task([=]() [[sycl::reqd_work_group_size(N)]] {}); // expected-error {{'sycl::reqd_work_group_size' attribute requires a positive integral compile time constant expression}}
}
template <int N> struct SG {
  [[sycl::reqd_sub_group_size(N)]] void operator()() const {} // expected-error {{'sycl::reqd_sub_group_size' attribute requires a positive integral compile time constant expression}}
};
template <int A> struct DH {
  [[sycl::device_has(A)]] void operator()() const {} // expected-error {{'sycl::device_has' attribute argument 77 is not a 'sycl::aspect' value}}
};
template <typename T> struct [[__sycl_detail__::__uses_aspects__(T::value)]] UA {}; // expected-error {{'__sycl_detail__::__uses_aspects__' attribute argument 3000 is not a 'sycl::aspect' value}}
struct Bad { static constexpr int value = 3000; };
struct Good { static constexpr aspect value = aspect::fp64; };

void instantiate(queue &q) {
  tmpl<-1>(q);
  tmpl<4>(q); // fine
  q.single_task(SG<0>{});
  q.single_task(SG<32>{}); // fine
  q.single_task(DH<77>{});
  q.single_task(DH<5>{}); // fine: aspect::fp16
  UA<Bad> bad;
  UA<Good> good; // fine
  (void)bad;
  (void)good;
}
