// host_accessor semantics: it sees kernel results; a kernel submitted after a
// host_accessor is destroyed sees the host's writes; buffers write back into
// the user's pointer on destruction (and not with set_write_back(false));
// set_final_data; ranged host accessors; buffer copies share data; a
// host_accessor may outlive its buffer; set_write_back on a sub-buffer leaves
// the parent's write-back alone.
#include "e2e_common.hpp"

#include <algorithm>
#include <numeric>
#include <optional>
#include <vector>

constexpr size_t n = 2048;

static void roundtrip(sycl::queue &q) {
  std::vector<int> data(n);
  std::iota(data.begin(), data.end(), 0);
  {
    sycl::buffer<int> B(data.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(B, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] += 1; });
    });
    {
      // Waits for the kernel; sees its results.
      sycl::host_accessor ha(B, sycl::read_write);
      for (size_t i = 0; i < n; ++i) e2e::check_eq("host sees kernel result [" + std::to_string(i) + "]", ha[i], int(i) + 1);
      for (size_t i = 0; i < n; ++i) ha[i] *= 10; // host writes
    }
    // A kernel after the host accessor died sees the host's writes.
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(B, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] += 3; });
    });
    // A copy of the buffer object shares the data.
    sycl::buffer<int> B2 = B;
    {
      sycl::host_accessor ha(B2, sycl::read_only);
      for (size_t i = 0; i < n; ++i) e2e::check_eq("kernel sees host writes [" + std::to_string(i) + "]", ha[i], (int(i) + 1) * 10 + 3);
    }
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(B2, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = -int(i); });
    });
    // No wait here: the buffer destructors must wait and write back.
  }
  for (size_t i = 0; i < n; ++i) e2e::check_eq("write-back on destruction data[" + std::to_string(i) + "]", data[i], -int(i));
}

static void no_write_back(sycl::queue &q) {
  // The user's memory belongs to the buffer while it lives, so what it holds
  // afterwards without write-back is unspecified; a separate final-data
  // pointer, though, must not be written.
  std::vector<int> data(n, 5), final_dst(n, 0), untouched(n, -3);
  {
    sycl::buffer<int> B(data.data(), sycl::range<1>(n));
    B.set_final_data(untouched.data());
    B.set_write_back(false);
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(B, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = 9; });
    });
  }
  for (size_t i = 0; i < n; ++i) e2e::check_eq("set_write_back(false) final data[" + std::to_string(i) + "]", untouched[i], -3);
  std::fill(data.begin(), data.end(), 5);

  {
    sycl::buffer<int> B(data.data(), sycl::range<1>(n));
    B.set_final_data(final_dst.data());
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(B, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] += int(i); });
    });
  }
  for (size_t i = 0; i < n; ++i)
    e2e::check_eq("set_final_data dst[" + std::to_string(i) + "]", final_dst[i], 5 + int(i));

  // Buffer without host memory (contents unspecified until written): write
  // through a host accessor, update in a kernel, read back on the host.
  sycl::buffer<float, 2> M{sycl::range<2>(4, 5)};
  {
    sycl::host_accessor ha(M, sycl::write_only);
    for (size_t r = 0; r < 4; ++r)
      for (size_t c = 0; c < 5; ++c) ha[r][c] = float(r * 10 + c);
  }
  q.submit([&](sycl::handler &h) {
    sycl::accessor a(M, h, sycl::read_write);
    h.parallel_for(sycl::range<2>(4, 5), [=](sycl::id<2> i) { a[i] = a[i] * 2.0f; });
  });
  {
    sycl::host_accessor ha(M, sycl::read_only);
    for (size_t r = 0; r < 4; ++r)
      for (size_t c = 0; c < 5; ++c)
        e2e::check_eq("2-D host accessor [" + std::to_string(r) + "][" + std::to_string(c) + "]", ha[r][c],
                      float(r * 10 + c) * 2.0f);
  }
}

static void ranged_host_accessor(sycl::queue &q) {
  std::vector<int> data(100);
  std::iota(data.begin(), data.end(), 0);
  sycl::buffer<int> B(data.data(), sycl::range<1>(100));
  {
    sycl::host_accessor ha(B, sycl::range<1>(10), sycl::id<1>(50), sycl::read_write);
    e2e::check_eq("ranged host_accessor size", ha.size(), size_t(10));
    e2e::check_eq("ranged host_accessor [0] is element 50", ha[0], 50);
    for (size_t i = 0; i < ha.size(); ++i) ha[i] = -1;
  }
  q.submit([&](sycl::handler &h) {
    sycl::accessor a(B, h, sycl::read_write);
    h.parallel_for(sycl::range<1>(100), [=](sycl::id<1> i) { a[i] = a[i] * 2; });
  });
  sycl::host_accessor all(B, sycl::read_only);
  for (size_t i = 0; i < 100; ++i)
    e2e::check_eq("ranged write visible [" + std::to_string(i) + "]", all[i], (i >= 50 && i < 60) ? -2 : int(i) * 2);
}

// The buffer's destructor waits for work in queues, not for a host accessor
// the same thread still holds (that would never return); the host accessor's
// data stays valid after the buffer is gone.
static void host_accessor_outlives_buffer(sycl::queue &q) {
  std::vector<int> data(16, 1);
  std::optional<sycl::host_accessor<int>> user_memory, owned_memory;
  {
    sycl::buffer<int> B(data.data(), sycl::range<1>(16));
    sycl::buffer<int> C{sycl::range<1>(16)};
    q.submit([&](sycl::handler &h) {
      sycl::accessor b(B, h, sycl::write_only);
      sycl::accessor c(C, h, sycl::write_only, sycl::no_init);
      h.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) {
        b[i] = int(i[0]) * 2;
        c[i] = int(i[0]) + 100;
      });
    });
    user_memory.emplace(B);
    owned_memory.emplace(C, sycl::read_only);
    (*user_memory)[0] = -5;
  } // both buffers die here while their host accessors live
  e2e::check_eq("write-back with a live host_accessor data[0]", data[0], -5);
  e2e::check_eq("write-back with a live host_accessor data[7]", data[7], 14);
  e2e::check_eq("host_accessor after its buffer [3]", (*user_memory)[3], 6);
  e2e::check_eq("host_accessor of owned memory after its buffer [9]", (*owned_memory)[9], 109);
  user_memory.reset();
  owned_memory.reset();
}

static void sub_buffer_write_back(sycl::queue &q) {
  std::vector<int> data(8, 0);
  {
    sycl::buffer<int> parent(data.data(), sycl::range<1>(8));
    sycl::buffer<int> sub(parent, sycl::id<1>(4), sycl::range<1>(4));
    sub.set_write_back(false); // nowhere of its own to write back to: no effect
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(parent, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) { a[i] = 7; });
    });
  }
  for (size_t i = 0; i < 8; ++i)
    e2e::check_eq("parent writes back after sub.set_write_back(false) [" + std::to_string(i) + "]",
                  data[i], 7);
}

int main() {
  sycl::queue q;
  e2e::print_device(q, "host_accessor");
  roundtrip(q);
  no_write_back(q);
  ranged_host_accessor(q);
  host_accessor_outlives_buffer(q);
  sub_buffer_write_back(q);
  return e2e::finish("host_accessor");
}
