// Explicit memory commands with accessors: handler::copy (accessor -> host
// pointer, host pointer -> accessor, accessor -> accessor, shared_ptr),
// handler::fill, handler::update_host, including ranged accessors with an
// offset in 1-D and 2-D.
#include "e2e_common.hpp"

#include <memory>
#include <numeric>
#include <vector>

static void copy_whole(sycl::queue &q) {
  constexpr size_t n = 1000;
  std::vector<int> src(n), dst(n, -1), back(n, -1);
  std::iota(src.begin(), src.end(), 5);
  sycl::buffer<int> B{sycl::range<1>(n)};
  q.submit([&](sycl::handler &h) {
    sycl::accessor a(B, h, sycl::write_only, sycl::no_init);
    h.copy(src.data(), a);
  });
  q.submit([&](sycl::handler &h) {
    sycl::accessor a(B, h, sycl::read_write);
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] *= 2; });
  });
  q.submit([&](sycl::handler &h) {
    sycl::accessor a(B, h, sycl::read_only);
    h.copy(a, dst.data());
  });
  q.wait();
  for (size_t i = 0; i < n; ++i) e2e::check_eq("copy_whole dst[" + std::to_string(i) + "]", dst[i], 2 * src[i]);

  // accessor -> accessor between two buffers
  sycl::buffer<int> C{sycl::range<1>(n)};
  q.submit([&](sycl::handler &h) {
    sycl::accessor a(B, h, sycl::read_only);
    sycl::accessor c(C, h, sycl::write_only, sycl::no_init);
    h.copy(a, c);
  });
  {
    sycl::host_accessor hc(C, sycl::read_only);
    for (size_t i = 0; i < n; ++i) e2e::check_eq("copy acc->acc C[" + std::to_string(i) + "]", hc[i], 2 * src[i]);
  }

  // shared_ptr source and destination
  std::shared_ptr<int> sp(new int[n], std::default_delete<int[]>());
  for (size_t i = 0; i < n; ++i) sp.get()[i] = int(i) * 7;
  q.submit([&](sycl::handler &h) {
    sycl::accessor c(C, h, sycl::write_only);
    h.copy(sp, c);
  });
  std::shared_ptr<int> out(new int[n], std::default_delete<int[]>());
  q.submit([&](sycl::handler &h) {
    sycl::accessor c(C, h, sycl::read_only);
    h.copy(c, out);
  });
  q.wait();
  for (size_t i = 0; i < n; ++i) e2e::check_eq("copy shared_ptr out[" + std::to_string(i) + "]", out.get()[i], int(i) * 7);
  (void)back;
}

static void ranged_1d(sycl::queue &q) {
  constexpr size_t n = 100, off = 40, cnt = 25;
  std::vector<int> data(n, 0);
  std::vector<int> piece(cnt), got(cnt, -1);
  for (size_t i = 0; i < cnt; ++i) piece[i] = 1000 + int(i);
  {
    sycl::buffer<int> B(data.data(), sycl::range<1>(n));
    // fill the first 10 elements with 3 (ranged accessor without offset)
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(B, h, sycl::range<1>(10), sycl::write_only);
      h.fill(a, 3);
    });
    // fill [off + cnt, n) with 9
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(B, h, sycl::range<1>(n - off - cnt), sycl::id<1>(off + cnt), sycl::write_only);
      h.fill(a, 9);
    });
    // host -> [off, off + cnt)
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(B, h, sycl::range<1>(cnt), sycl::id<1>(off), sycl::write_only);
      h.copy(piece.data(), a);
    });
    // [off + 5, off + 15) -> host
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(B, h, sycl::range<1>(10), sycl::id<1>(off + 5), sycl::read_only);
      h.copy(a, got.data());
    });
    q.wait();
  }
  for (size_t i = 0; i < n; ++i) {
    int want = i < 10 ? 3 : (i >= off && i < off + cnt) ? 1000 + int(i - off) : i >= off + cnt ? 9 : 0;
    e2e::check_eq("ranged_1d data[" + std::to_string(i) + "]", data[i], want);
  }
  for (size_t i = 0; i < 10; ++i) e2e::check_eq("ranged_1d got[" + std::to_string(i) + "]", got[i], 1005 + int(i));
  for (size_t i = 10; i < cnt; ++i) e2e::check_eq("ranged_1d got[" + std::to_string(i) + "] untouched", got[i], -1);
}

static void ranged_2d(sycl::queue &q) {
  constexpr size_t R = 6, C = 8;
  std::vector<int> m(R * C);
  std::iota(m.begin(), m.end(), 0);
  std::vector<int> block(3 * 4, -1);
  std::vector<int> in(2 * 3);
  for (size_t i = 0; i < in.size(); ++i) in[i] = 500 + int(i);
  {
    sycl::buffer<int, 2> B(m.data(), sycl::range<2>(R, C));
    // read the 3x4 block at (2, 3) into a dense host array
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(B, h, sycl::range<2>(3, 4), sycl::id<2>(2, 3), sycl::read_only);
      h.copy(a, block.data());
    });
    // write a dense 2x3 host array to the block at (0, 5)
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(B, h, sycl::range<2>(2, 3), sycl::id<2>(0, 5), sycl::write_only);
      h.copy(in.data(), a);
    });
    // fill the 2x2 block at (4, 0) with -7
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(B, h, sycl::range<2>(2, 2), sycl::id<2>(4, 0), sycl::write_only);
      h.fill(a, -7);
    });
  }
  for (size_t r = 0; r < 3; ++r)
    for (size_t c = 0; c < 4; ++c)
      e2e::check_eq("ranged_2d block[" + std::to_string(r) + "][" + std::to_string(c) + "]",
                    block[r * 4 + c], int((r + 2) * C + (c + 3)));
  for (size_t r = 0; r < R; ++r)
    for (size_t c = 0; c < C; ++c) {
      int want = int(r * C + c);
      if (r < 2 && c >= 5) want = 500 + int(r * 3 + (c - 5));
      if (r >= 4 && c < 2) want = -7;
      e2e::check_eq("ranged_2d m[" + std::to_string(r) + "][" + std::to_string(c) + "]", m[r * C + c], want);
    }
}

static void fill_types_and_update_host(sycl::queue &q) {
  struct rgba {
    unsigned char r, g, b, a;
    bool operator==(const rgba &o) const { return r == o.r && g == o.g && b == o.b && a == o.a; }
  };
  constexpr size_t n = 333;
  std::vector<double> d(n, 0.0);
  std::vector<rgba> px(n, rgba{0, 0, 0, 0});
  struct wide {
    int v[20];
  };
  wide wide_value{};
  for (int i = 0; i < 20; ++i) wide_value.v[i] = 11 * i - 50;
  std::vector<wide> wd(9, wide{});
  {
    sycl::buffer<double> D(d.data(), sycl::range<1>(n));
    sycl::buffer<rgba> P(px.data(), sycl::range<1>(n));
    sycl::buffer<wide> W(wd.data(), sycl::range<1>(wd.size()));
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(D, h, sycl::write_only);
      h.fill(a, 2.5);
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(P, h, sycl::write_only);
      h.fill(a, rgba{1, 2, 3, 4});
    });
    // An element wider than 64 bytes, over a ranged accessor.
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(W, h, sycl::range<1>(5), sycl::id<1>(2), sycl::write_only);
      h.fill(a, wide_value);
    });
    // update_host: the user's memory is current while the buffer lives
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(D, h, sycl::read_only);
      h.update_host(a);
    });
    q.wait();
    for (size_t i = 0; i < n; i += 37) e2e::check_eq("update_host d[" + std::to_string(i) + "]", d[i], 2.5);
  }
  for (size_t i = 0; i < n; ++i) {
    e2e::check_eq("fill double d[" + std::to_string(i) + "]", d[i], 2.5);
    e2e::check("fill struct px[" + std::to_string(i) + "]", px[i] == rgba{1, 2, 3, 4});
  }
  for (size_t i = 0; i < wd.size(); ++i)
    for (int j = 0; j < 20; ++j)
      e2e::check_eq("fill 80-byte wd[" + std::to_string(i) + "].v[" + std::to_string(j) + "]",
                    wd[i].v[j], (i >= 2 && i < 7) ? wide_value.v[j] : 0);
}

int main() {
  sycl::queue q;
  e2e::print_device(q, "copy_fill");
  copy_whole(q);
  ranged_1d(q);
  ranged_2d(q);
  fill_types_and_update_host(q);
  return e2e::finish("copy_fill");
}
