// Vector addition in every shape: buffers and USM; 1-D, 2-D, 3-D ranges;
// parallel_for with an offset; item/id kernels; a buffer sub-range via a
// ranged accessor.
#include "e2e_common.hpp"

#include <vector>

using e2e::check_eq;

static void buffers_1d(sycl::queue &q) {
  constexpr size_t n = 10007; // not a multiple of anything
  std::vector<int> a(n), b(n), c(n, -1);
  for (size_t i = 0; i < n; ++i) {
    a[i] = int(i);
    b[i] = 3 * int(i) + 1;
  }
  {
    sycl::buffer A(a.data(), sycl::range<1>(n)), B(b.data(), sycl::range<1>(n));
    sycl::buffer C(c.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      sycl::accessor x(A, h, sycl::read_only);
      sycl::accessor y(B, h, sycl::read_only);
      sycl::accessor z(C, h, sycl::write_only, sycl::no_init);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { z[i] = x[i] + y[i]; });
    });
  }
  for (size_t i = 0; i < n; ++i) check_eq("buffers_1d c[" + std::to_string(i) + "]", c[i], a[i] + b[i]);
}

static void usm_1d(sycl::queue &q) {
  constexpr size_t n = 4099;
  std::vector<float> a(n), b(n), c(n);
  for (size_t i = 0; i < n; ++i) {
    a[i] = 0.5f * float(i);
    b[i] = float(n - i);
  }
  float *da = sycl::malloc_device<float>(n, q);
  float *db = sycl::malloc_device<float>(n, q);
  float *dc = sycl::malloc_device<float>(n, q);
  float *sc = sycl::malloc_shared<float>(n, q);
  float *hc = sycl::malloc_host<float>(n, q);
  if (!da || !db || !dc || !sc || !hc) {
    e2e::fail("usm_1d: allocation returned nullptr");
    return;
  }
  auto e1 = q.memcpy(da, a.data(), n * sizeof(float));
  auto e2 = q.memcpy(db, b.data(), n * sizeof(float));
  auto k = q.parallel_for(sycl::range<1>(n), std::vector<sycl::event>{e1, e2},
                          [=](sycl::item<1> it) {
                            size_t i = it.get_linear_id();
                            dc[i] = da[i] + db[i];
                            sc[i] = da[i] - db[i];
                            hc[i] = da[i] * 2.0f;
                          });
  q.memcpy(c.data(), dc, n * sizeof(float), k).wait();
  for (size_t i = 0; i < n; ++i) {
    std::string at = "[" + std::to_string(i) + "]";
    check_eq("usm_1d device" + at, c[i], a[i] + b[i]);
    check_eq("usm_1d shared" + at, sc[i], a[i] - b[i]);
    check_eq("usm_1d host" + at, hc[i], a[i] * 2.0f);
  }
  sycl::free(da, q);
  sycl::free(db, q);
  sycl::free(dc, q);
  sycl::free(sc, q);
  sycl::free(hc, q);
}

static void buffers_2d(sycl::queue &q) {
  constexpr size_t rows = 37, cols = 53;
  std::vector<int> a(rows * cols), b(rows * cols), c(rows * cols, 0);
  for (size_t i = 0; i < rows * cols; ++i) {
    a[i] = int(i % 101);
    b[i] = int(i / 7);
  }
  {
    sycl::buffer<int, 2> A(a.data(), {rows, cols}), B(b.data(), {rows, cols}), C(c.data(), {rows, cols});
    q.submit([&](sycl::handler &h) {
      sycl::accessor x(A, h, sycl::read_only);
      sycl::accessor y(B, h, sycl::read_only);
      sycl::accessor z(C, h, sycl::write_only);
      h.parallel_for(sycl::range<2>(rows, cols), [=](sycl::item<2> it) {
        size_t r = it.get_id(0), col = it.get_id(1);
        // Both subscript styles, and encode the position to catch transposes.
        z[it.get_id()] = x[r][col] + y[it] + int(it.get_linear_id() == r * cols + col ? 0 : 100000);
      });
    });
  }
  for (size_t r = 0; r < rows; ++r)
    for (size_t col = 0; col < cols; ++col) {
      size_t i = r * cols + col;
      check_eq("buffers_2d c[" + std::to_string(r) + "][" + std::to_string(col) + "]", c[i], a[i] + b[i]);
    }
}

static void usm_3d(sycl::queue &q) {
  constexpr size_t d0 = 5, d1 = 7, d2 = 11, n = d0 * d1 * d2;
  int *out = sycl::malloc_shared<int>(n, q);
  if (!out) {
    e2e::fail("usm_3d: malloc_shared returned nullptr");
    return;
  }
  q.fill(out, -1, n).wait();
  q.parallel_for(sycl::range<3>(d0, d1, d2), [=](sycl::item<3> it) {
     size_t lin = (it[0] * d1 + it[1]) * d2 + it[2];
     out[lin] = int(it.get_id(0) * 10000 + it.get_id(1) * 100 + it.get_id(2)) +
                (it.get_linear_id() == lin ? 0 : 1000000) +
                (it.get_range(0) == d0 && it.get_range(2) == d2 ? 0 : 2000000);
   }).wait();
  for (size_t i = 0; i < d0; ++i)
    for (size_t j = 0; j < d1; ++j)
      for (size_t k = 0; k < d2; ++k)
        check_eq("usm_3d out[" + std::to_string(i) + "][" + std::to_string(j) + "][" + std::to_string(k) + "]",
                 out[(i * d1 + j) * d2 + k], int(i * 10000 + j * 100 + k));
  sycl::free(out, q);
}

static void offsets(sycl::queue &q) {
  // parallel_for with an offset (deprecated in SYCL 2020 but supported):
  // ids start at the offset; only that part of the array is touched.
  constexpr size_t n = 100, off = 30, cnt = 50;
  int *v = sycl::malloc_shared<int>(n, q);
  q.fill(v, 0, n).wait();
  q.submit([&](sycl::handler &h) {
     h.parallel_for(sycl::range<1>(cnt), sycl::id<1>(off), [=](sycl::item<1> it) {
       v[it.get_id(0)] = int(it.get_id(0)) + (it.get_offset()[0] == off ? 0 : 100000);
     });
   }).wait();
  for (size_t i = 0; i < n; ++i)
    check_eq("offset_1d v[" + std::to_string(i) + "]", v[i], (i >= off && i < off + cnt) ? int(i) : 0);
  sycl::free(v, q);

  // 2-D offset
  constexpr size_t R = 8, C = 9;
  int *m = sycl::malloc_shared<int>(R * C, q);
  q.fill(m, 0, R * C).wait();
  q.submit([&](sycl::handler &h) {
     h.parallel_for(sycl::range<2>(3, 4), sycl::id<2>(2, 5), [=](sycl::item<2> it) {
       m[it[0] * C + it[1]] = 1 + int(it.get_linear_id());
     });
   }).wait();
  for (size_t r = 0; r < R; ++r)
    for (size_t c = 0; c < C; ++c) {
      bool inside = r >= 2 && r < 5 && c >= 5 && c < 9;
      // get_linear_id of an item with offset is relative to the offset.
      int expect = inside ? 1 + int((r - 2) * 4 + (c - 5)) : 0;
      check_eq("offset_2d m[" + std::to_string(r) + "][" + std::to_string(c) + "]", m[r * C + c], expect);
    }
  sycl::free(m, q);
}

static void ranged_accessor(sycl::queue &q) {
  // A kernel over a sub-range of a buffer through an accessor with offset:
  // acc[0] is element `off` of the buffer.
  constexpr size_t n = 64, off = 16, cnt = 20;
  std::vector<int> data(n);
  for (size_t i = 0; i < n; ++i) data[i] = int(i);
  {
    sycl::buffer<int> buf(data.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      sycl::accessor acc(buf, h, sycl::range<1>(cnt), sycl::id<1>(off), sycl::read_write);
      h.parallel_for(sycl::range<1>(cnt), [=](sycl::id<1> i) { acc[i] *= 10; });
    });
  }
  for (size_t i = 0; i < n; ++i)
    check_eq("ranged_accessor data[" + std::to_string(i) + "]", data[i],
             (i >= off && i < off + cnt) ? int(i) * 10 : int(i));

  // 2-D ranged accessor: rows 1..2, cols 2..4 of a 4x6 buffer.
  std::vector<int> m(24, 1);
  {
    sycl::buffer<int, 2> buf(m.data(), sycl::range<2>(4, 6));
    q.submit([&](sycl::handler &h) {
      sycl::accessor acc(buf, h, sycl::range<2>(2, 3), sycl::id<2>(1, 2), sycl::read_write);
      h.parallel_for(sycl::range<2>(2, 3), [=](sycl::id<2> i) { acc[i] = int(100 + i[0] * 10 + i[1]); });
    });
  }
  for (size_t r = 0; r < 4; ++r)
    for (size_t c = 0; c < 6; ++c) {
      bool inside = r >= 1 && r < 3 && c >= 2 && c < 5;
      check_eq("ranged_accessor_2d m[" + std::to_string(r) + "][" + std::to_string(c) + "]", m[r * 6 + c],
               inside ? int(100 + (r - 1) * 10 + (c - 2)) : 1);
    }
}

int main() {
  sycl::queue q;
  e2e::print_device(q, "vadd");
  buffers_1d(q);
  usm_1d(q);
  buffers_2d(q);
  usm_3d(q);
  offsets(q);
  ranged_accessor(q);
  return e2e::finish("vadd");
}
