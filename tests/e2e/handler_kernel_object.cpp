// Launching kernels through sycl::kernel objects (SYCL 2020 §4.9.4.2):
// single_task(kernel), parallel_for(range, kernel) with and without offset,
// parallel_for(nd_range, kernel), with the function object given by set_arg /
// set_args (accessors in it are real requirements), a kernel taking a
// kernel_handler, and the errors for a missing or wrong argument and a
// launch in another form than the kernel's.
#include "e2e_common.hpp"

#include <algorithm>
#include <vector>

class k_task;
class k_range;
class k_nd;
class k_spec;

// Function objects with captured state: the launch must use the values
// given to set_arg, not those of the submission that defined the kernel.
struct task_fn {
  int *out;
  int value;
  void operator()() const { out[0] = value; }
};
struct range_fn {
  sycl::accessor<int, 2, sycl::access_mode::write> acc;
  int base;
  void operator()(sycl::item<2> it) const {
    acc[it] = base + static_cast<int>(it.get_linear_id());
  }
};
struct nd_fn {
  int *out;
  void operator()(sycl::nd_item<1> it) const {
    out[it.get_global_id(0)] = static_cast<int>(it.get_group(0) * 1000 + it.get_local_id(0));
  }
};
constexpr sycl::specialization_id<int> spec_scale(3);
struct spec_fn {
  int *out;
  void operator()(sycl::item<1> it, sycl::kernel_handler kh) const {
    out[it[0]] = static_cast<int>(it[0]) * kh.get_specialization_constant<spec_scale>();
  }
};

// The definitions of the kernels: never run, they only make the kernels
// part of the program (as any kernel of the application is).
static void define_kernels(sycl::queue &q, bool run) {
  if (!run) return;
  q.single_task<k_task>(task_fn{nullptr, 0});
  sycl::buffer<int, 2> b{sycl::range<2>(1, 1)};
  q.submit([&](sycl::handler &h) {
    h.parallel_for<k_range>(sycl::range<2>(1, 1), range_fn{sycl::accessor(b, h, sycl::write_only), 0});
  });
  q.parallel_for<k_nd>(sycl::nd_range<1>(1, 1), nd_fn{nullptr});
  q.parallel_for<k_spec>(sycl::range<1>(1), spec_fn{nullptr});
}

template <typename F> static void expect_errc(const std::string &what, sycl::errc code, F &&f) {
  try {
    f();
    e2e::fail(what + ": no exception");
  } catch (const sycl::exception &e) {
    e2e::check_eq(what + " errc", e.code().value(), static_cast<int>(code));
  }
}

int main() {
  sycl::queue q;
  define_kernels(q, /*run=*/false);
  auto bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context());
  sycl::kernel task = bundle.get_kernel(sycl::get_kernel_id<k_task>());
  sycl::kernel ranged = bundle.get_kernel(sycl::get_kernel_id<k_range>());
  sycl::kernel nd = bundle.get_kernel(sycl::get_kernel_id<k_nd>());
  sycl::kernel spec = bundle.get_kernel(sycl::get_kernel_id<k_spec>());

  int *out = sycl::malloc_shared<int>(64, q);

  // single_task(kernel) with set_arg.
  out[0] = -1;
  q.submit([&](sycl::handler &h) {
     h.set_arg(0, task_fn{out, 42});
     h.single_task(task);
   }).wait();
  e2e::check_eq("single_task(kernel)", out[0], 42);

  // parallel_for(range<2>, kernel): the accessor in the object is a real
  // requirement (the buffer is written back).
  std::vector<int> host(12, -1);
  {
    sycl::buffer<int, 2> buf(host.data(), sycl::range<2>(3, 4));
    q.submit([&](sycl::handler &h) {
      h.set_args(range_fn{sycl::accessor(buf, h, sycl::write_only), 100});
      h.parallel_for(sycl::range<2>(3, 4), ranged);
    });
  }
  for (int i = 0; i < 12; ++i) e2e::check_eq("parallel_for(range, kernel)[" + std::to_string(i) + "]", host[i], 100 + i);

  // The deprecated offset form: only the offset rows are written (an
  // item's linear id does not count the offset).
  std::fill(host.begin(), host.end(), -1);
  {
    sycl::buffer<int, 2> buf(host.data(), sycl::range<2>(3, 4));
    q.submit([&](sycl::handler &h) {
      h.set_arg(0, range_fn{sycl::accessor(buf, h, sycl::write_only), 0});
      h.parallel_for(sycl::range<2>(2, 4), sycl::id<2>(1, 0), ranged);
    });
  }
  for (int i = 0; i < 12; ++i)
    e2e::check_eq("parallel_for(range, offset, kernel)[" + std::to_string(i) + "]", host[i],
                  i < 4 ? -1 : i - 4);

  // parallel_for(nd_range, kernel).
  q.submit([&](sycl::handler &h) {
     h.set_args(nd_fn{out});
     h.parallel_for(sycl::nd_range<1>(16, 4), nd);
   }).wait();
  for (int i = 0; i < 16; ++i)
    e2e::check_eq("parallel_for(nd_range, kernel)[" + std::to_string(i) + "]", out[i],
                  (i / 4) * 1000 + i % 4);

  // A kernel taking a kernel_handler reads its bundle's specialization
  // constants (default 3, then 5 set on a copy of the bundle).
  q.submit([&](sycl::handler &h) {
     h.set_arg(0, spec_fn{out});
     h.parallel_for(sycl::range<1>(8), spec);
   }).wait();
  for (int i = 0; i < 8; ++i) e2e::check_eq("kernel_handler default [" + std::to_string(i) + "]", out[i], 3 * i);
  auto input = sycl::get_kernel_bundle<sycl::bundle_state::input>(q.get_context());
  input.set_specialization_constant<spec_scale>(5);
  auto built = sycl::build(input);
  q.submit([&](sycl::handler &h) {
     h.set_arg(0, spec_fn{out});
     h.parallel_for(sycl::range<1>(8), built.get_kernel(sycl::get_kernel_id<k_spec>()));
   }).wait();
  for (int i = 0; i < 8; ++i) e2e::check_eq("kernel_handler set [" + std::to_string(i) + "]", out[i], 5 * i);

  // Errors: no argument, a wrong one, a launch in another form.
  expect_errc("no set_arg", sycl::errc::kernel_argument, [&] {
    q.submit([&](sycl::handler &h) { h.single_task(task); });
  });
  expect_errc("wrong argument type", sycl::errc::kernel_argument, [&] {
    q.submit([&](sycl::handler &h) {
      h.set_arg(0, 7);
      h.single_task(task);
    });
  });
  expect_errc("two arguments", sycl::errc::kernel_argument, [&] {
    q.submit([&](sycl::handler &h) {
      h.set_args(task_fn{out, 1}, 2);
      h.single_task(task);
    });
  });
  expect_errc("nd_range kernel launched as range", sycl::errc::invalid, [&] {
    q.submit([&](sycl::handler &h) {
      h.set_arg(0, nd_fn{out});
      h.parallel_for(sycl::range<1>(4), nd);
    });
  });
  q.wait();
  sycl::free(out, q);
  return e2e::finish("handler_kernel_object");
}
