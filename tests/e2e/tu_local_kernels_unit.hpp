// One translation unit of tu_local_kernels: tu_local_kernels_a.cpp and _b.cpp
// include it with their own UNIT_VALUE and UNIT_ENTRY. Every kernel below is
// named by a type local to the unit, so the two units' kernels have the same
// mangled names; each unit must still run its own kernels.
#pragma once
#include "e2e_common.hpp"

#include <string>

namespace {
struct fill_kernel { // a functor kernel, named by its own type
  int *p;
  void operator()(sycl::id<1> i) const { p[i] = UNIT_VALUE * 1000 + int(i[0]); }
};
struct named_kernel; // a kernel name declared in the unit
} // namespace

// A lambda kernel in a function with internal linkage.
static void add_in_static_function(sycl::queue &q, int *p) {
  q.single_task([=] { p[0] += UNIT_VALUE * 7; }).wait();
}

std::string UNIT_ENTRY(sycl::queue &q, int *p, size_t n) {
  q.parallel_for(sycl::range<1>(n), fill_kernel{p}).wait();
  add_in_static_function(q, p);
  q.single_task<named_kernel>([=] { p[1] += UNIT_VALUE * 11; }).wait();
  // The kernel id of the unit's own kernel, and a bundle that has it.
  sycl::kernel_id id = sycl::get_kernel_id<named_kernel>();
  auto bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context(), {id});
  if (!bundle.has_kernel(id)) return "";
  return id.get_name();
}
