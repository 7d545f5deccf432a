// sycl_ext_oneapi_device_global: program-scope device variables.
//  * constant initialisers reach the device (a const array, as programs
//    port CUDA __constant__ tables, with double literals for float elements);
//  * queue::copy/memcpy into and out of the device's copy, with offsets,
//    and handler::memcpy;
//  * kernels write a variable that later kernels (also of another
//    translation unit) and the host read: one variable per device;
//  * a `static` device_global in each of two units: two variables;
//  * properties (decltype(properties{...})), get_multi_ptr, operator->;
//  * copies outside the variable: errc::invalid.
#include "e2e_common.hpp"

namespace syclex = sycl::ext::oneapi::experimental;

syclex::device_global<const float[4]> table{0.5, 1.5, 2.5, 3.5};
syclex::device_global<int> counter;
static syclex::device_global<int> unit_local{100};
struct point {
  int x, y;
};
syclex::device_global<point, decltype(syclex::properties{syclex::device_image_scope,
                                                         syclex::host_access_read_write})>
    origin;

// device_global_other.cpp
void other_unit_bump_counter(sycl::queue &q);
int other_unit_local(sycl::queue &q);

int main() {
  sycl::queue q;
  e2e::print_device(q, "device_global");
  static_assert(decltype(origin)::has_property<syclex::device_image_scope_key>());
  static_assert(decltype(origin)::get_property<syclex::host_access_key>().value ==
                syclex::host_access_enum::read_write);
  static_assert(!decltype(counter)::has_property<syclex::device_image_scope_key>());

  float *out = sycl::malloc_shared<float>(4, q);
  q.parallel_for(4, [=](sycl::id<1> i) { out[i] = table[i]; }).wait();
  for (int i = 0; i < 4; ++i)
    e2e::check_eq("initial table[" + std::to_string(i) + "]", out[i], 0.5f + i);

  // The whole array, then two elements at an offset.
  const float whole[4] = {10, 20, 30, 40};
  q.copy(whole, table).wait();
  const float two[2] = {-1, -2};
  q.copy(two, table, 2, 1).wait();
  q.parallel_for(4, [=](sycl::id<1> i) {
     auto p = table.get_multi_ptr(); // to the whole array
     out[i] = (*p)[i];
   }).wait();
  const float expected[4] = {10, -1, -2, 40};
  for (int i = 0; i < 4; ++i)
    e2e::check_eq("copied table[" + std::to_string(i) + "]", out[i], expected[i]);
  float back[4] = {};
  q.copy(table, back).wait();
  e2e::check_eq("copy back table[2]", back[2], -2.0f);
  float third = 0;
  q.memcpy(&third, table, sizeof(float), 2 * sizeof(float)).wait();
  e2e::check_eq("memcpy at an offset", third, -2.0f);

  // Kernels keep state in the variable; the other unit's kernel sees it.
  const int start = 40;
  q.submit([&](sycl::handler &h) { h.memcpy(counter, &start); }).wait();
  q.single_task([=] {
     counter = counter + 1;
     origin->x = 3;
     origin->y = 4;
   }).wait();
  other_unit_bump_counter(q);
  int c = 0;
  q.memcpy(&c, counter).wait();
  e2e::check_eq("counter after two kernels of two units", c, 42);
  point p{};
  q.copy(origin, &p).wait();
  e2e::check_eq("origin.x", p.x, 3);
  e2e::check_eq("origin.y", p.y, 4);

  // Two units' `static device_global<int> unit_local` are two variables.
  int *local = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { *local = unit_local; }).wait();
  e2e::check_eq("this unit's unit_local", *local, 100);
  e2e::check_eq("the other unit's unit_local", other_unit_local(q), 7);

  bool threw = false;
  try {
    q.memcpy(counter, &c, sizeof(int), sizeof(int)).wait();
  } catch (const sycl::exception &e) {
    threw = e.code() == sycl::errc::invalid;
  }
  e2e::check("memcpy past the end: errc::invalid", threw);

  sycl::free(out, q);
  sycl::free(local, q);
  return e2e::finish("device_global");
}
