// Tiled matrix multiply: 2-D nd_range, local_accessor tiles, work-group
// barriers. Non-square shapes (M x K times K x N) and a naive range kernel
// for comparison; buffers for one run, USM for another.
#include "e2e_common.hpp"

#include <vector>

constexpr size_t T = 8; // tile edge = work-group edge

// C[M][N] = A[M][K] * B[K][N]; M, N, K multiples of T.
static void tiled_buffers(sycl::queue &q, size_t M, size_t N, size_t K) {
  std::vector<float> a(M * K), b(K * N), c(M * N, -1.0f), ref(M * N, 0.0f);
  for (size_t i = 0; i < M * K; ++i) a[i] = float((i * 7) % 13) - 6.0f;
  for (size_t i = 0; i < K * N; ++i) b[i] = float((i * 5) % 11) * 0.5f - 2.0f;
  for (size_t i = 0; i < M; ++i)
    for (size_t k = 0; k < K; ++k)
      for (size_t j = 0; j < N; ++j) ref[i * N + j] += a[i * K + k] * b[k * N + j];
  {
    sycl::buffer<float, 2> A(a.data(), {M, K}), B(b.data(), {K, N}), C(c.data(), {M, N});
    q.submit([&](sycl::handler &h) {
      sycl::accessor x(A, h, sycl::read_only);
      sycl::accessor y(B, h, sycl::read_only);
      sycl::accessor z(C, h, sycl::write_only, sycl::no_init);
      sycl::local_accessor<float, 2> ta(sycl::range<2>(T, T), h);
      sycl::local_accessor<float, 2> tb(sycl::range<2>(T, T), h);
      h.parallel_for(sycl::nd_range<2>({M, N}, {T, T}), [=](sycl::nd_item<2> it) {
        size_t i = it.get_global_id(0), j = it.get_global_id(1);
        size_t li = it.get_local_id(0), lj = it.get_local_id(1);
        float sum = 0.0f;
        for (size_t t = 0; t < K / T; ++t) {
          ta[li][lj] = x[i][t * T + lj];
          tb[li][lj] = y[t * T + li][j];
          sycl::group_barrier(it.get_group());
          for (size_t k = 0; k < T; ++k) sum += ta[li][k] * tb[k][lj];
          it.barrier(sycl::access::fence_space::local_space);
        }
        z[i][j] = sum;
      });
    });
  }
  std::string shape = std::to_string(M) + "x" + std::to_string(K) + "*" + std::to_string(K) + "x" +
                      std::to_string(N);
  for (size_t i = 0; i < M; ++i)
    for (size_t j = 0; j < N; ++j)
      e2e::check_near("tiled_buffers " + shape + " C[" + std::to_string(i) + "][" + std::to_string(j) + "]",
                      c[i * N + j], ref[i * N + j]);
}

// USM version with 1-D local memory and a rectangular work-group (T x 2T).
static void tiled_usm(sycl::queue &q, size_t M, size_t N, size_t K) {
  constexpr size_t TR = T, TC = 2 * T; // work-group: TR rows x TC cols; K tile = TC
  std::vector<int> a(M * K), b(K * N), ref(M * N, 0);
  for (size_t i = 0; i < M * K; ++i) a[i] = int(i % 7) - 3;
  for (size_t i = 0; i < K * N; ++i) b[i] = int(i % 5) - 2;
  for (size_t i = 0; i < M; ++i)
    for (size_t k = 0; k < K; ++k)
      for (size_t j = 0; j < N; ++j) ref[i * N + j] += a[i * K + k] * b[k * N + j];
  int *da = sycl::malloc_device<int>(M * K, q);
  int *db = sycl::malloc_device<int>(K * N, q);
  int *dc = sycl::malloc_shared<int>(M * N, q);
  q.copy(a.data(), da, M * K);
  q.copy(b.data(), db, K * N);
  q.wait();
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<int, 1> ta(sycl::range<1>(TR * TC), h); // TR x TC slice of A
     sycl::local_accessor<int, 1> tb(sycl::range<1>(TC * TC), h); // TC x TC slice of B
     h.parallel_for(sycl::nd_range<2>({M, N}, {TR, TC}), [=](sycl::nd_item<2> it) {
       size_t i = it.get_global_id(0), j = it.get_global_id(1);
       size_t li = it.get_local_id(0), lj = it.get_local_id(1);
       int sum = 0;
       for (size_t t = 0; t < K / TC; ++t) {
         ta[li * TC + lj] = da[i * K + t * TC + lj];
         // TR rows of work-items load TC rows of B: each loads TC/TR rows.
         for (size_t r = li; r < TC; r += TR) tb[r * TC + lj] = db[(t * TC + r) * N + j];
         it.barrier();
         for (size_t k = 0; k < TC; ++k) sum += ta[li * TC + k] * tb[k * TC + lj];
         it.barrier();
       }
       dc[i * N + j] = sum;
     });
   }).wait();
  std::string shape = std::to_string(M) + "x" + std::to_string(K) + "*" + std::to_string(K) + "x" +
                      std::to_string(N);
  for (size_t i = 0; i < M; ++i)
    for (size_t j = 0; j < N; ++j)
      e2e::check_eq("tiled_usm " + shape + " C[" + std::to_string(i) + "][" + std::to_string(j) + "]",
                    dc[i * N + j], ref[i * N + j]);
  sycl::free(da, q);
  sycl::free(db, q);
  sycl::free(dc, q);
}

// nd_range query consistency: every work-item writes what it sees.
static void nd_item_queries(sycl::queue &q) {
  constexpr size_t G0 = 12, G1 = 20, L0 = 4, L1 = 5;
  struct rec {
    size_t gid0, gid1, lid0, lid1, grp0, grp1, glin, llin, grplin, lr0, gr1;
  };
  rec *out = sycl::malloc_shared<rec>(G0 * G1, q);
  q.parallel_for(sycl::nd_range<2>({G0, G1}, {L0, L1}), [=](sycl::nd_item<2> it) {
     size_t lin = it.get_global_id(0) * G1 + it.get_global_id(1);
     out[lin] = {it.get_global_id(0),     it.get_global_id(1),    it.get_local_id(0),
                 it.get_local_id(1),      it.get_group(0),        it.get_group(1),
                 it.get_global_linear_id(), it.get_local_linear_id(), it.get_group_linear_id(),
                 it.get_local_range(0),   it.get_group_range(1)};
   }).wait();
  for (size_t g0 = 0; g0 < G0; ++g0)
    for (size_t g1 = 0; g1 < G1; ++g1) {
      const rec &r = out[g0 * G1 + g1];
      std::string at = "nd_item[" + std::to_string(g0) + "][" + std::to_string(g1) + "] ";
      e2e::check_eq(at + "global_id(0)", r.gid0, g0);
      e2e::check_eq(at + "global_id(1)", r.gid1, g1);
      e2e::check_eq(at + "local_id(0)", r.lid0, g0 % L0);
      e2e::check_eq(at + "local_id(1)", r.lid1, g1 % L1);
      e2e::check_eq(at + "group(0)", r.grp0, g0 / L0);
      e2e::check_eq(at + "group(1)", r.grp1, g1 / L1);
      e2e::check_eq(at + "global_linear_id", r.glin, g0 * G1 + g1);
      e2e::check_eq(at + "local_linear_id", r.llin, (g0 % L0) * L1 + g1 % L1);
      e2e::check_eq(at + "group_linear_id", r.grplin, (g0 / L0) * (G1 / L1) + g1 / L1);
      e2e::check_eq(at + "local_range(0)", r.lr0, L0);
      e2e::check_eq(at + "group_range(1)", r.gr1, G1 / L1);
    }
  sycl::free(out, q);
}

// Barrier really synchronises: each work-item writes its slot, barrier, then
// reads its neighbour's (reversed order). Without a working barrier the CPU
// backend's sequential work-items would read stale values.
static void barrier_exchange(sycl::queue &q) {
  constexpr size_t N = 256, L = 64;
  std::vector<int> out(N, 0);
  {
    sycl::buffer<int> B(out.data(), sycl::range<1>(N));
    q.submit([&](sycl::handler &h) {
      sycl::accessor o(B, h, sycl::write_only);
      sycl::local_accessor<int, 1> tile(sycl::range<1>(L), h);
      h.parallel_for(sycl::nd_range<1>(N, L), [=](sycl::nd_item<1> it) {
        size_t l = it.get_local_id(0);
        tile[l] = int(it.get_global_id(0)) * 3;
        it.barrier(sycl::access::fence_space::local_space);
        int v = tile[L - 1 - l];
        it.barrier(sycl::access::fence_space::local_space);
        tile[l] = v + 1; // second phase: reuse the tile after a barrier
        it.barrier(sycl::access::fence_space::local_space);
        o[it.get_global_id()] = tile[(l + 1) % L];
      });
    });
  }
  for (size_t g = 0; g < N; ++g) {
    size_t grp = g / L, l = g % L, n = (l + 1) % L;
    int expect = int((grp * L + (L - 1 - n)) * 3) + 1;
    e2e::check_eq("barrier_exchange out[" + std::to_string(g) + "]", out[g], expect);
  }
}

int main() {
  sycl::queue q;
  e2e::print_device(q, "matmul");
  tiled_buffers(q, 32, 32, 32);
  tiled_buffers(q, 24, 40, 16); // non-square
  tiled_buffers(q, 8, 64, 48);
  tiled_usm(q, 32, 48, 64);
  tiled_usm(q, 16, 32, 16);
  nd_item_queries(q);
  barrier_exchange(q);
  return e2e::finish("matmul");
}
