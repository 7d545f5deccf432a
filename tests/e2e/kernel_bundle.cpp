// Kernel bundles, sycl::kernel and specialization constants: bundles in
// every state, get_kernel and its descriptors, use_kernel_bundle, spec
// constant values from the handler, from a bundle and by default (also of a
// type without a default constructor), kernel_handler in single_task,
// parallel_for(range) and parallel_for(nd_range), several values of one
// constant deciding a branch (on CUDA each value is folded into its own
// module, kept for the next launch with that value), which bundles say they
// hold which constants and whether natively, and the errors a user can cause.
#include "e2e_common.hpp"

#include <algorithm>

namespace {
struct no_default {
  no_default() = delete;
  constexpr no_default(int a, float b) : a(a), b(b) {}
  int a;
  float b;
};
constexpr sycl::specialization_id<int> sc_int(7);
constexpr sycl::specialization_id<double> sc_double(1.5);
constexpr sycl::specialization_id<no_default> sc_struct(3, 4.5f);
constexpr sycl::specialization_id<short> sc_unused(11);
constexpr sycl::specialization_id<int> sc_mode(-1);

class k_plain;
class k_single;
class k_range;
class k_nd;
class k_not_in_bundle;
class k_never_runs;
class k_modes;

int mode_result(int mode) { return mode == 0 ? 100 : mode == 1 ? 200 : 300 + mode; }
struct modes_kernel {
  int *out;
  void operator()(sycl::kernel_handler kh) const {
    const int mode = kh.get_specialization_constant<sc_mode>();
    int r;
    if (mode == 0) r = 100;
    else if (mode == 1) r = 200;
    else r = 300 + mode;
    out[12] = r;
  }
};
} // namespace

int main() {
  sycl::queue q;
  e2e::print_device(q, "kernel_bundle");
  sycl::context ctx = q.get_context();
  sycl::device dev = q.get_device();
  int *out = sycl::malloc_shared<int>(16, q);
  std::fill(out, out + 16, 0);

  // ---- executable bundle, kernel object, descriptors ----
  auto exe = sycl::get_kernel_bundle<k_plain, sycl::bundle_state::executable>(ctx);
  e2e::check("executable bundle holds k_plain", exe.has_kernel<k_plain>());
  e2e::check("has_kernel(id, dev)", exe.has_kernel(sycl::get_kernel_id<k_plain>(), dev));
  e2e::check("k_single not in a one-kernel bundle", !exe.has_kernel<k_single>());
  sycl::kernel k = exe.get_kernel(sycl::get_kernel_id<k_plain>());
  e2e::check("kernel::get_context", k.get_context() == ctx);
  e2e::check("kernel::get_kernel_bundle", k.get_kernel_bundle() == exe);
  e2e::check("get_kernel twice: equal kernels", exe.get_kernel<k_plain>() == k);
  e2e::check("std::hash<kernel>", std::hash<sycl::kernel>()(k) == std::hash<sycl::kernel>()(exe.get_kernel<k_plain>()));
  size_t wg = k.get_info<sycl::info::kernel_device_specific::work_group_size>(dev);
  e2e::check("work_group_size within the device limit",
             wg >= 1 && wg <= dev.get_info<sycl::info::device::max_work_group_size>());
  e2e::check_eq("compile_work_group_size without attribute",
                k.get_info<sycl::info::kernel_device_specific::compile_work_group_size>(dev)[0], size_t(0));
  e2e::check_eq("compile_sub_group_size without attribute",
                k.get_info<sycl::info::kernel_device_specific::compile_sub_group_size>(dev), 0u);
  e2e::check("preferred multiple <= work_group_size",
             k.get_info<sycl::info::kernel_device_specific::preferred_work_group_size_multiple>(dev) <= wg);
  e2e::expect_exception("num_args of a SYCL kernel", sycl::errc::invalid, {"num_args"},
                        [&] { (void)k.get_info<sycl::info::kernel::num_args>(); });
  e2e::check("device images: one holds k_plain",
             std::any_of(exe.begin(), exe.end(), [](const sycl::device_image<sycl::bundle_state::executable> &i) {
               return i.has_kernel(sycl::get_kernel_id<k_plain>());
             }));

  q.submit([&](sycl::handler &h) {
     h.use_kernel_bundle(exe);
     h.single_task<k_plain>([=] { out[0] = 1; });
   }).wait();
  e2e::check_eq("kernel run from its bundle", out[0], 1);

  // A kernel the bound bundle does not hold.
  e2e::expect_exception("use_kernel_bundle without the kernel", sycl::errc::kernel_not_supported,
                        {"k_not_in_bundle", "use_kernel_bundle"}, [&] {
                          q.submit([&](sycl::handler &h) {
                            h.use_kernel_bundle(exe);
                            h.single_task<k_not_in_bundle>([=] { out[15] = 1; });
                          });
                        });

  // ---- spec constants through the handler ----
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<sc_int>(42);
     h.set_specialization_constant<sc_struct>(no_default(5, 6.5f));
     e2e::check_eq("handler::get_specialization_constant", h.get_specialization_constant<sc_int>(), 42);
     e2e::check_eq("handler default", h.get_specialization_constant<sc_double>(), 1.5);
     h.single_task<k_single>([=](sycl::kernel_handler kh) {
       out[1] = kh.get_specialization_constant<sc_int>();
       out[2] = static_cast<int>(kh.get_specialization_constant<sc_double>() * 2); // default 1.5
       no_default s = kh.get_specialization_constant<sc_struct>();
       out[3] = s.a + static_cast<int>(s.b * 2); // 5 + 13
     });
   }).wait();
  e2e::check_eq("set int", out[1], 42);
  e2e::check_eq("default double", out[2], 3);
  e2e::check_eq("set struct", out[3], 18);

  // Defaults when nothing is set, through parallel_for(range).
  q.parallel_for<k_range>(sycl::range<1>(4), [=](sycl::id<1> i, sycl::kernel_handler kh) {
     out[4 + i[0]] = kh.get_specialization_constant<sc_int>() + static_cast<int>(i[0]);
   }).wait();
  for (int i = 0; i < 4; ++i) e2e::check_eq("range default[" + std::to_string(i) + "]", out[4 + i], 7 + i);

  // ---- input -> build, values from the bundle, nd_range ----
  auto input = sycl::get_kernel_bundle<sycl::bundle_state::input>(ctx, {dev},
                                                                   {sycl::get_kernel_id<k_nd>()});
  input.set_specialization_constant<sc_int>(99);
  e2e::check_eq("input bundle value", input.get_specialization_constant<sc_int>(), 99);
  e2e::check_eq("input bundle default", input.get_specialization_constant<sc_double>(), 1.5);
  e2e::check("bundle has a spec constant a kernel reads", input.has_specialization_constant<sc_int>());
  e2e::check("no spec constant nothing reads", !input.has_specialization_constant<sc_unused>());
  auto object = sycl::compile(input);
  auto linked = sycl::link(object);
  auto built = sycl::build(input);
  e2e::check_eq("value survives compile+link", linked.get_specialization_constant<sc_int>(), 99);
  e2e::check("built bundle holds k_nd", built.has_kernel<k_nd>());
  q.submit([&](sycl::handler &h) {
     h.use_kernel_bundle(built);
     e2e::expect_exception("handler::get_specialization_constant with a bundle", sycl::errc::invalid,
                           {"get_specialization_constant"},
                           [&] { (void)h.get_specialization_constant<sc_int>(); });
     h.parallel_for<k_nd>(sycl::nd_range<1>(2, 2), [=](sycl::nd_item<1> it, sycl::kernel_handler kh) {
       out[8 + it.get_global_id(0)] = kh.get_specialization_constant<sc_int>();
     });
   }).wait();
  e2e::check_eq("nd_range value from bundle[0]", out[8], 99);
  e2e::check_eq("nd_range value from bundle[1]", out[9], 99);

  // ---- several values of one constant, each deciding a branch ----
  // Twice round: the second round finds each value's module in the cache.
  auto run_mode = [&](int *value) {
    q.submit([&](sycl::handler &h) {
       if (value) h.set_specialization_constant<sc_mode>(*value);
       h.single_task<k_modes>(modes_kernel{out});
     }).wait();
    return out[12];
  };
  for (int round = 0; round < 2; ++round) {
    for (int v : {0, 1, 2, 5, 1}) {
      out[12] = 0;
      e2e::check_eq("mode " + std::to_string(v) + " round " + std::to_string(round), run_mode(&v),
                    mode_result(v));
    }
    out[12] = 0;
    e2e::check_eq("mode default round " + std::to_string(round), run_mode(nullptr), mode_result(-1));
  }

  // What bundles say about their constants: CUDA images have the values
  // compiled in, host-compiled (CPU) kernels read them at run time.
  auto modes = sycl::get_kernel_bundle<k_modes, sycl::bundle_state::input>(ctx, {dev});
  e2e::check("bundle of k_modes has sc_mode", modes.has_specialization_constant<sc_mode>());
  e2e::check("bundle of k_modes contains constants", modes.contains_specialization_constants());
  e2e::check_eq("native specialization constants",
                modes.native_specialization_constant(), dev.get_backend() == sycl::backend::ext_oneapi_cuda);
  auto nothing = sycl::get_kernel_bundle<sycl::bundle_state::executable>(
      ctx, [](const sycl::device_image<sycl::bundle_state::executable> &) { return false; });
  e2e::check("empty bundle: no constants", !nothing.contains_specialization_constants() &&
                                               !nothing.native_specialization_constant() &&
                                               !nothing.has_specialization_constant<sc_mode>());
  modes.set_specialization_constant<sc_mode>(2);
  auto modes_exe = sycl::build(modes);
  q.submit([&](sycl::handler &h) {
     h.use_kernel_bundle(modes_exe);
     h.single_task<k_modes>(modes_kernel{out});
   }).wait();
  e2e::check_eq("bundle value folded", out[12], 302);

  // ---- joins and the errors ----
  auto joined = sycl::join(std::vector<sycl::kernel_bundle<sycl::bundle_state::executable>>{exe, built});
  e2e::check("join holds both", joined.has_kernel<k_plain>() && joined.has_kernel<k_nd>());
  e2e::expect_exception("set_specialization_constant after use_kernel_bundle", sycl::errc::invalid,
                        {"set_specialization_constant"}, [&] {
                          q.submit([&](sycl::handler &h) {
                            h.use_kernel_bundle(built);
                            h.set_specialization_constant<sc_int>(1);
                            h.single_task<k_never_runs>([=] {});
                          });
                        });
  e2e::expect_exception("get_kernel_bundle with no device", sycl::errc::invalid, {"device"}, [&] {
    (void)sycl::get_kernel_bundle<sycl::bundle_state::executable>(ctx, std::vector<sycl::device>{});
  });
  e2e::expect_exception("get_kernel on a kernel not in the bundle", sycl::errc::invalid,
                        {"not in the bundle"},
                        [&] { (void)exe.get_kernel(sycl::get_kernel_id<k_nd>()); });

  sycl::free(out, q);
  return e2e::finish("kernel_bundle");
}
