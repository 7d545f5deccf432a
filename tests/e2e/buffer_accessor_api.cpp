// The SYCL 2020 buffer and accessor API beyond plain 1-D accessors:
// sub-buffers in kernels and explicit copies, reinterpret, set_final_data to
// shared_ptr / weak_ptr / output iterators, 0-dimensional accessors (buffer
// and local), ranged accessor iterators in a kernel and on the host, accessor
// identity (==, hash, swap), read-only conversions, placeholders bound by
// require, and the errors a user can cause (errc::invalid, errc::kernel_argument).
#include "e2e_common.hpp"

#include <list>
#include <numeric>
#include <unordered_set>
#include <vector>

// SYCL 2020 §4.7.6.9: get_multi_ptr only for device accessors; get_pointer
// gives a global_ptr (device), a raw pointer (host_task), a constant_ptr
// (deprecated constant_buffer).
template <typename Acc, typename = void> constexpr bool has_multi_ptr = false;
template <typename Acc>
constexpr bool has_multi_ptr<Acc, std::void_t<decltype(std::declval<const Acc &>()
                                                           .template get_multi_ptr<
                                                               sycl::access::decorated::no>())>> =
    true;
using device_acc = sycl::accessor<int, 1, sycl::access_mode::read, sycl::target::device>;
using host_task_acc = sycl::accessor<int, 1, sycl::access_mode::read, sycl::target::host_task>;
using constant_acc = sycl::accessor<int, 1, sycl::access_mode::read, sycl::target::constant_buffer>;
static_assert(has_multi_ptr<device_acc> && !has_multi_ptr<host_task_acc>);
static_assert(std::is_same_v<decltype(device_acc().get_pointer()), sycl::global_ptr<const int>>);
static_assert(std::is_same_v<decltype(host_task_acc().get_pointer()), const int *>);
static_assert(std::is_same_v<decltype(constant_acc().get_pointer()), sycl::constant_ptr<int>>);

template <typename F> static void expect_errc(const std::string &what, sycl::errc code, F &&f) {
  try {
    f();
    e2e::fail(what + ": no exception");
  } catch (const sycl::exception &e) {
    e2e::check(what + ": errc " + std::to_string(e.code().value()), e.code() == code);
  }
}

static void sub_buffers(sycl::queue &q) {
  std::vector<int> data(64, 0);
  {
    sycl::buffer<int, 2> parent(data.data(), sycl::range<2>(8, 8));
    // Rows 2..4 of an 8x8 buffer: contiguous.
    sycl::buffer<int, 2> rows(parent, sycl::id<2>(2, 0), sycl::range<2>(3, 8));
    e2e::check("is_sub_buffer", rows.is_sub_buffer() && !parent.is_sub_buffer());
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(rows, h, sycl::write_only, sycl::no_init);
      h.parallel_for(rows.get_range(), [=](sycl::item<2> it) {
        a[it.get_id()] = int(it.get_id(0) * 100 + it.get_id(1));
      });
    });
    // A copy from a sub-buffer accessor reads the sub-buffer's window.
    std::vector<int> out(24, -1);
    q.submit([&](sycl::handler &h) {
       sycl::accessor a(rows, h, sycl::read_only);
       h.copy(a, out.data());
     }).wait();
    for (int i = 0; i < 24; ++i)
      e2e::check_eq("copy from sub-buffer [" + std::to_string(i) + "]", out[i],
                    (i / 8) * 100 + i % 8);
    // fill through a 1-D sub-buffer of a 1-D view of the same storage.
    sycl::buffer<int, 1> flat = parent.reinterpret<int, 1>(sycl::range<1>(64));
    sycl::buffer<int, 1> tail(flat, sycl::id<1>(56), sycl::range<1>(8));
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(tail, h, sycl::write_only);
      h.fill(a, 7);
    });
    expect_errc("non-contiguous sub-buffer", sycl::errc::invalid, [&] {
      sycl::buffer<int, 2> bad(parent, sycl::id<2>(0, 1), sycl::range<2>(2, 4));
    });
    expect_errc("sub-buffer beyond its parent", sycl::errc::invalid, [&] {
      sycl::buffer<int, 2> bad(parent, sycl::id<2>(6, 0), sycl::range<2>(3, 8));
    });
    expect_errc("reinterpret to another byte size", sycl::errc::invalid,
                [&] { (void)parent.reinterpret<int, 1>(sycl::range<1>(65)); });
  }
  for (int i = 0; i < 64; ++i) {
    int row = i / 8, col = i % 8;
    int expect = (row >= 2 && row < 5) ? (row - 2) * 100 + col : (i >= 56 ? 7 : 0);
    e2e::check_eq("parent after write-back [" + std::to_string(i) + "]", data[i], expect);
  }
}

static void final_data(sycl::queue &q) {
  auto shared = std::make_shared<std::array<int, 16>>();
  std::list<int> listed;
  std::weak_ptr<int> expired;
  {
    sycl::buffer<int> b(sycl::range<1>(16));
    sycl::buffer<int> c(sycl::range<1>(16));
    sycl::buffer<int> d(sycl::range<1>(16));
    for (auto *buf : {&b, &c, &d})
      q.submit([&](sycl::handler &h) {
        sycl::accessor a(*buf, h, sycl::write_only, sycl::no_init);
        h.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { a[i] = int(i[0]) * 3; });
      });
    b.set_final_data(std::shared_ptr<int>(shared, shared->data()));
    listed.resize(0);
    c.set_final_data(std::back_inserter(listed));
    {
      auto gone = std::make_shared<int>(0);
      expired = gone;
    }
    d.set_final_data(expired); // expired: nothing is written, nothing crashes
  }
  for (int i = 0; i < 16; ++i) e2e::check_eq("set_final_data(shared_ptr)", (*shared)[i], i * 3);
  int i = 0;
  e2e::check_eq("set_final_data(output iterator) count", listed.size(), size_t(16));
  for (int v : listed) e2e::check_eq("set_final_data(output iterator)", v, 3 * i++);
}

static void zero_dim_and_local(sycl::queue &q) {
  int value = 5;
  int sum = 0;
  {
    sycl::buffer<int> b(&value, sycl::range<1>(1));
    sycl::buffer<int> s(&sum, sycl::range<1>(1));
    q.submit([&](sycl::handler &h) {
      sycl::accessor<int, 0, sycl::access_mode::read_write> z(b, h);
      sycl::accessor<int, 0, sycl::access_mode::write> out(s, h);
      sycl::local_accessor<int, 0> scratch(h);
      h.parallel_for(sycl::nd_range<1>(sycl::range<1>(4), sycl::range<1>(4)),
                     [=](sycl::nd_item<1> it) {
                       if (it.get_local_id(0) == 0) scratch = 40;
                       sycl::group_barrier(it.get_group());
                       if (it.get_local_id(0) == 0) {
                         int &r = z;
                         r += 1;
                         out = scratch + int(z);
                       }
                     });
    });
    expect_errc("local_accessor in single_task", sycl::errc::kernel_argument, [&] {
      q.submit([&](sycl::handler &h) {
        sycl::local_accessor<int, 1> l(sycl::range<1>(4), h);
        h.single_task([=] { l[0] = 1; });
      });
    });
  }
  e2e::check_eq("0-dim accessor", value, 6);
  e2e::check_eq("0-dim local_accessor", sum, 46);
}

static void ranged_iterators(sycl::queue &q) {
  std::vector<int> data(36);
  std::iota(data.begin(), data.end(), 0);
  int sum = 0;
  {
    sycl::buffer<int, 2> b(data.data(), sycl::range<2>(6, 6));
    sycl::buffer<int> s(&sum, sycl::range<1>(1));
    q.submit([&](sycl::handler &h) {
      // The 2x3 block at (1, 2): 8 9 10 / 14 15 16.
      sycl::accessor a(b, h, sycl::range<2>(2, 3), sycl::id<2>(1, 2), sycl::read_only);
      sycl::accessor out(s, h, sycl::write_only);
      h.single_task([=] {
        int t = 0;
        for (int v : a) t += v;
        out[0] = t;
      });
    });
    sycl::host_accessor ha(b, sycl::range<2>(2, 3), sycl::id<2>(1, 2), sycl::read_only);
    std::vector<int> seen(ha.begin(), ha.end());
    e2e::check("host_accessor range iteration",
               seen == std::vector<int>{8, 9, 10, 14, 15, 16});
    e2e::check_eq("reverse iteration", *ha.rbegin(), 16);
    e2e::check_eq("get_pointer is the buffer start", *ha.get_pointer(), 0);
    expect_errc("accessor beyond the buffer", sycl::errc::invalid, [&] {
      sycl::host_accessor bad(b, sycl::range<2>(4, 4), sycl::id<2>(3, 3));
    });
    expect_errc("no_init with read", sycl::errc::invalid, [&] {
      sycl::host_accessor bad(b, sycl::read_only, sycl::property_list{sycl::no_init});
    });
  }
  e2e::check_eq("ranged accessor iteration in a kernel", sum, 8 + 9 + 10 + 14 + 15 + 16);
}

static void identity(sycl::queue &q) {
  sycl::buffer<int> b(sycl::range<1>(8));
  sycl::buffer<int> c(sycl::range<1>(8));
  q.submit([&](sycl::handler &h) {
    sycl::accessor a1(b, h);
    sycl::accessor a2 = a1;
    sycl::accessor a3(c, h);
    e2e::check("copies compare equal", a1 == a2 && !(a1 == a3));
    std::unordered_set<decltype(a1)> set{a1, a2, a3};
    e2e::check_eq("hash of accessors", set.size(), size_t(2));
    a2.swap(a3);
    e2e::check("swap", a2 == a3 || a3 == a1);
    sycl::accessor<const int, 1, sycl::access_mode::read> ro = a1; // read-only conversion
    e2e::check_eq("read-only conversion keeps the range", ro.size(), size_t(8));
    e2e::check("placeholder", !a1.is_placeholder() && sycl::accessor(c).is_placeholder());
    h.single_task([=] { a1[0] = 1; });
  });
  // A placeholder works once handler::require binds it, and not before.
  sycl::accessor placeholder(c, sycl::write_only);
  expect_errc("placeholder without require", sycl::errc::kernel_argument, [&] {
    q.submit([&](sycl::handler &h) { h.single_task([=] { placeholder[0] = 1; }); });
  });
  q.submit([&](sycl::handler &h) {
    h.require(placeholder);
    h.single_task([=] { placeholder[1] = 42; });
  });
  e2e::check_eq("placeholder after require", sycl::host_accessor(c, sycl::read_only)[1], 42);
  std::unordered_set<sycl::buffer<int>> bufs{b, b, c};
  e2e::check_eq("hash of buffers", bufs.size(), size_t(2));
}

int main() {
  sycl::queue q;
  e2e::print_device(q, "buffer_accessor_api");
  sub_buffers(q);
  final_data(q);
  zero_dim_and_local(q);
  ranged_iterators(q);
  identity(q);
  return e2e::finish("buffer_accessor_api");
}
