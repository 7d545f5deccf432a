// sycl::atomic_ref in kernels under contention, for every memory order and
// scope the device reports (atomic_memory_order_capabilities /
// atomic_memory_scope_capabilities; the CTS skips what is not reported, so a
// device must do all it claims): fetch_add/sub, exchange-free
// compare_exchange_weak/strong increment loops, fetch_min/max on integers and
// floats, float/double fetch_add, pointer fetch_add, and the global_space,
// local_space and generic_space address spaces. Every work-item of an
// nd_range works on the same few counters, so lost updates show. A counter
// shared at work_group scope is only atomic within one group, so those runs
// launch a single group; sub_group and work_item scopes are not run.
#include "e2e_common.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace {

constexpr size_t group_size = 64;
constexpr size_t max_items = 8 * group_size;

using sycl::memory_order;
using sycl::memory_scope;
using space = sycl::access::address_space;

const char *order_name(memory_order o) {
  return o == memory_order::relaxed ? "relaxed" : o == memory_order::acq_rel ? "acq_rel" : "seq_cst";
}
const char *scope_name(memory_scope s) {
  return s == memory_scope::work_group ? "work_group"
         : s == memory_scope::device   ? "device"
                                       : "system";
}

template <typename T> struct results {
  T add;       // fetch_add(1) by every item, global_space
  T sub;       // fetch_sub(1) from `items`, generic_space
  T cas;       // compare_exchange_strong increment loop
  T cas_weak;  // compare_exchange_weak increment loop
  T max;       // fetch_max(global id)
  T min;       // fetch_min(global id + 5)
  T from_local; // local_space counter of each group, added by its leader
};

// Integers and floating point: the same counters; an integer's previous
// values also come back unique from fetch_add (checked through `seen`).
template <typename T> const char *type_name() {
  if constexpr (std::is_same_v<T, int>) return "int";
  if constexpr (std::is_same_v<T, unsigned int>) return "unsigned int";
  if constexpr (std::is_same_v<T, long>) return "long";
  if constexpr (std::is_same_v<T, unsigned long long>) return "unsigned long long";
  if constexpr (std::is_same_v<T, float>) return "float";
  return "double";
}

template <typename T, memory_order Order, memory_scope Scope>
void counters(sycl::queue &q) {
  const std::string what =
      std::string(type_name<T>()) + " " + order_name(Order) + " " + scope_name(Scope);
  const size_t items = Scope == memory_scope::work_group ? group_size : max_items;
  auto *r = sycl::malloc_shared<results<T>>(1, q);
  auto *seen = sycl::malloc_shared<int>(items, q);
  *r = results<T>{T(0), T(items), T(0), T(0), T(0), T(1000000), T(0)};
  std::fill(seen, seen + items, 0);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<T, 1> local(sycl::range<1>(1), h);
     h.parallel_for(sycl::nd_range<1>(items, group_size), [=](sycl::nd_item<1> it) {
       const size_t gid = it.get_global_id(0);
       if (it.get_local_id(0) == 0)
         local[0] = T(0);
       sycl::group_barrier(it.get_group());
       using global_ref = sycl::atomic_ref<T, Order, Scope, space::global_space>;
       using generic_ref = sycl::atomic_ref<T, Order, Scope>;
       const T previous = global_ref(r->add).fetch_add(T(1));
       if constexpr (std::is_integral_v<T>)
         sycl::atomic_ref<int, memory_order::relaxed, memory_scope::device>(
             seen[size_t(previous) % items])
             .fetch_add(1);
       generic_ref(r->sub).fetch_sub(T(1));
       generic_ref cas(r->cas);
       T expected = cas.load();
       while (!cas.compare_exchange_strong(expected, T(expected + T(1)))) {
       }
       generic_ref weak(r->cas_weak);
       expected = weak.load(memory_order::relaxed);
       while (!weak.compare_exchange_weak(expected, T(expected + T(1)), Order,
                                          memory_order::relaxed)) {
       }
       global_ref(r->max).fetch_max(T(gid));
       global_ref(r->min).fetch_min(T(gid + 5));
       // Work-group scope suffices within one group; the order given is
       // at least as strong.
       sycl::atomic_ref<T, Order, memory_scope::work_group, space::local_space>(local[0]) +=
           T(2);
       sycl::group_barrier(it.get_group());
       if (it.get_local_id(0) == 0)
         global_ref(r->from_local).fetch_add(
             sycl::atomic_ref<T, Order, memory_scope::work_group, space::local_space>(local[0])
                 .load());
     });
   }).wait_and_throw();
  e2e::check_eq(what + " fetch_add", r->add, T(items));
  e2e::check_eq(what + " fetch_sub", r->sub, T(0));
  e2e::check_eq(what + " compare_exchange_strong", r->cas, T(items));
  e2e::check_eq(what + " compare_exchange_weak", r->cas_weak, T(items));
  e2e::check_eq(what + " fetch_max", r->max, T(items - 1));
  e2e::check_eq(what + " fetch_min", r->min, T(5));
  e2e::check_eq(what + " local_space", r->from_local, T(2 * items));
  if constexpr (std::is_integral_v<T>)
    e2e::check(what + " fetch_add returns each previous value once",
               std::all_of(seen, seen + items, [](int c) { return c == 1; }));
  sycl::free(r, q);
  sycl::free(seen, q);
}

template <typename T> bool device_has(sycl::queue &q, T value) {
  std::vector<T> caps;
  if constexpr (std::is_same_v<T, memory_order>)
    caps = q.get_device().get_info<sycl::info::device::atomic_memory_order_capabilities>();
  else
    caps = q.get_device().get_info<sycl::info::device::atomic_memory_scope_capabilities>();
  return std::find(caps.begin(), caps.end(), value) != caps.end();
}

template <typename T, memory_order Order, memory_scope Scope>
void counters_if_supported(sycl::queue &q) {
  if (device_has(q, Order) && device_has(q, Scope))
    counters<T, Order, Scope>(q);
}

template <typename T, memory_order Order> void every_scope(sycl::queue &q) {
  counters_if_supported<T, Order, memory_scope::work_group>(q);
  counters_if_supported<T, Order, memory_scope::device>(q);
  counters_if_supported<T, Order, memory_scope::system>(q);
}

// Pointer atomic_ref: fetch_add/fetch_sub move by whole elements.
void pointers(sycl::queue &q) {
  constexpr size_t items = max_items;
  auto *base = sycl::malloc_shared<double>(2 * items + 1, q);
  auto *p = sycl::malloc_shared<double *>(2, q);
  p[0] = base;
  p[1] = base + 2 * items;
  q.parallel_for(sycl::range<1>(items), [=](sycl::id<1>) {
     sycl::atomic_ref<double *, memory_order::acq_rel, memory_scope::device> up(p[0]);
     sycl::atomic_ref<double *, memory_order::relaxed, memory_scope::device> down(p[1]);
     up.fetch_add(1);
     ++up;
     down.fetch_sub(2);
   }).wait_and_throw();
  e2e::check("pointer fetch_add/++ moves by elements", p[0] == base + 2 * items);
  e2e::check("pointer fetch_sub moves by elements", p[1] == base);
  sycl::free(p, q);
  sycl::free(base, q);
}

} // namespace

int main() {
  sycl::queue q;
  e2e::print_device(q, "atomic_ref_orders");
  every_scope<int, memory_order::relaxed>(q);
  every_scope<int, memory_order::acq_rel>(q);
  every_scope<int, memory_order::seq_cst>(q);
  counters_if_supported<unsigned int, memory_order::acq_rel, memory_scope::device>(q);
  counters_if_supported<float, memory_order::relaxed, memory_scope::device>(q);
  counters_if_supported<float, memory_order::seq_cst, memory_scope::work_group>(q);
  if (q.get_device().has(sycl::aspect::atomic64)) {
    counters_if_supported<unsigned long long, memory_order::relaxed, memory_scope::system>(q);
    counters_if_supported<long, memory_order::seq_cst, memory_scope::device>(q);
    if (q.get_device().has(sycl::aspect::fp64))
      counters_if_supported<double, memory_order::acq_rel, memory_scope::device>(q);
  }
  if (q.get_device().has(sycl::aspect::atomic64)) // 8-byte pointers
    pointers(q);
  return e2e::finish("atomic_ref_orders");
}
