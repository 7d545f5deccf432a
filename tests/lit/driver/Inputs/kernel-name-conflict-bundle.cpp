// The form of the issue: the second kernel named K is submitted in a command
// group that also calls handler::use_kernel_bundle.
#include <sycl/sycl.hpp>
class K;
int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(2, q);
  q.single_task<K>([=] { p[0] = 1; }).wait();
  auto b = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context());
  q.submit([&](sycl::handler &h) {
     h.use_kernel_bundle(b);
     h.single_task<K>([=] { p[1] = 2; });
   }).wait();
  sycl::free(p, q);
}
