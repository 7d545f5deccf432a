// The deprecated sycl::atomic class (SYCL 2020 §4.15.2): atomic-mode
// accessors of global (target::device) and local (target::local) memory,
// sycl::atomic built from a multi_ptr, the member operations and the
// atomic_* free functions. Exit code 0 = all checks passed.
#include "e2e_common.hpp"

int main() {
  sycl::queue q;
  e2e::print_device(q, "atomic_legacy");
  constexpr int groups = 4, group_size = 16;
  int data[4] = {0, 100, -1, 0};
  unsigned bits = 0;
  {
    sycl::buffer<int, 1> buf(data, sycl::range<1>(4));
    sycl::buffer<unsigned, 1> bits_buf(&bits, sycl::range<1>(1));
    q.submit([&](sycl::handler &h) {
      auto acc = buf.get_access<sycl::access_mode::atomic, sycl::target::device>(h);
      auto b = bits_buf.get_access<sycl::access_mode::atomic, sycl::target::device>(h);
      sycl::accessor<int, 1, sycl::access_mode::atomic, sycl::target::local> loc(sycl::range<1>(1),
                                                                               h);
      h.parallel_for(sycl::nd_range<1>(groups * group_size, group_size), [=](sycl::nd_item<1> it) {
        const int gid = int(it.get_global_id(0));
        sycl::atomic<int> count = acc[0];
        count.fetch_add(1);
        sycl::atomic_fetch_max(acc[1], gid + 50);
        sycl::atomic_fetch_min(acc[2], -gid);
        sycl::atomic_fetch_or(b[0], 1u << (gid % 32));
        sycl::atomic<int, sycl::access::address_space::local_space> l = loc[0];
        if (it.get_local_id(0) == 0)
          l.store(0);
        it.barrier();
        l.fetch_add(2);
        it.barrier();
        if (it.get_local_id(0) == 0)
          sycl::atomic_fetch_add(acc[3], sycl::atomic_load(l));
      });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor<int, 1, sycl::access_mode::read_write, sycl::target::device> acc(buf, h);
      h.single_task([=] {
        sycl::atomic<int> a(acc.get_multi_ptr<sycl::access::decorated::legacy>());
        int expected = a.load();
        a.compare_exchange_strong(expected, expected + 1000);
        int wrong = -5;
        if (!sycl::atomic_compare_exchange_strong(a, wrong, 0))
          a.fetch_sub(wrong == a.load() ? 0 : 7); // `wrong` now holds the current value
        a.exchange(a.load() + 1);
      });
    });
  }
  e2e::check_eq("count", data[0], groups * group_size + 1000 + 1);
  e2e::check_eq("max", data[1], groups * group_size - 1 + 50);
  e2e::check_eq("min", data[2], -(groups * group_size - 1));
  e2e::check_eq("local sums", data[3], groups * 2 * group_size);
  e2e::check_eq("or", bits, 0xffffffffu);
  return e2e::finish("atomic_legacy");
}
