// The kernel forms SYCL 2020 §4.9.4.2 allows: parallel_for(range) kernels
// taking `auto`, `auto &`, `const auto &`, item<Dims> (by value and by
// reference), item<Dims, false>, id<Dims>, size_t (one dimension);
// nd_range kernels taking nd_item by value, `auto &` and `const auto &`;
// functor kernels with a const operator(); reduction kernels with `auto &`;
// 0-dimensional local accessors; the free-function work-item queries
// (khr::this_nd_item & co.) instead of the kernel's nd_item.
#include "e2e_common.hpp"

#include <vector>

constexpr size_t N = 64;

// A functor kernel (named by its type).
struct FunctorKernel {
  int *out;
  void operator()(sycl::item<1> it) const { out[it.get_linear_id()] = int(it[0]) + 7; }
};
struct FunctorNd {
  int *out;
  void operator()(sycl::nd_item<2> it) const {
    out[it.get_global_linear_id()] = int(it.get_global_id(0) * 100 + it.get_global_id(1));
  }
};

// Free-function work-item queries (sycl_khr_work_item_queries and
// sycl_ext_oneapi_free_function_queries) from a function the kernel calls
// without passing its nd_item: equal to the kernel's own nd_item, group and
// sub-group, with and without a (deprecated) global offset, across a barrier.
SYCL_EXTERNAL __attribute__((noinline)) int queried_matches(sycl::nd_item<3> it) {
  return (sycl::khr::this_nd_item<3>() == it) + 2 * (sycl::khr::this_group<3>() == it.get_group()) +
         4 * (sycl::khr::this_sub_group() == it.get_sub_group()) +
         8 * (sycl::ext::oneapi::this_work_item::get_nd_item<3>() == it);
}

template <int Dims> void check_work_item_queries(sycl::queue &q, sycl::nd_range<Dims> r) {
  const size_t n = r.get_global_range().size();
  int *out = sycl::malloc_shared<int>(n, q);
  q.parallel_for(r, [=](sycl::nd_item<Dims> it) {
     int ok = (sycl::khr::this_nd_item<Dims>() == it) +
              2 * (sycl::khr::this_group<Dims>() == it.get_group()) +
              4 * (sycl::khr::this_sub_group() == it.get_sub_group());
     sycl::group_barrier(it.get_group());
     ok += 8 * (sycl::ext::oneapi::this_work_item::get_work_group<Dims>() == it.get_group()) +
           16 * (sycl::ext::oneapi::this_work_item::get_nd_item<Dims>().get_global_id() ==
                 it.get_global_id());
     out[it.get_global_linear_id()] = ok;
   }).wait();
  for (size_t i = 0; i < n; ++i)
    e2e::check_eq("work-item queries (" + std::to_string(Dims) + "-d) [" + std::to_string(i) +
                      "], bits of the matching queries",
                  out[i], 31);
  sycl::free(out, q);
}

template <typename F> void run_range(sycl::queue &q, const char *what, int offset, F make) {
  int *out = sycl::malloc_shared<int>(N, q);
  for (size_t i = 0; i < N; ++i) out[i] = -1;
  q.submit([&](sycl::handler &h) { h.parallel_for(sycl::range<1>(N), make(out)); }).wait();
  for (size_t i = 0; i < N; ++i)
    e2e::check_eq(std::string(what) + "[" + std::to_string(i) + "]", out[i], int(i) + offset);
  sycl::free(out, q);
}

int main() {
  sycl::queue q;
  e2e::print_device(q, "kernel_forms");

  // The textbook's first program: [=](auto &idx).
  run_range(q, "auto&", 0, [](int *out) { return [=](auto &idx) { out[idx] = int(idx[0]); }; });
  run_range(q, "auto", 1, [](int *out) { return [=](auto idx) { out[idx] = int(idx[0]) + 1; }; });
  run_range(q, "const auto&", 2,
            [](int *out) { return [=](const auto &idx) { out[idx[0]] = int(idx[0]) + 2; }; });
  run_range(q, "id<1>", 3,
            [](int *out) { return [=](sycl::id<1> i) { out[i] = int(i[0]) + 3; }; });
  run_range(q, "item<1>", 4, [](int *out) {
    return [=](sycl::item<1> it) { out[it.get_linear_id()] = int(it.get_id(0)) + 4; };
  });
  run_range(q, "const item<1>&", 5, [](int *out) {
    return [=](const sycl::item<1> &it) { out[it] = int(it.get_id(0)) + 5; };
  });
  run_range(q, "item<1, false>", 6, [](int *out) {
    return [=](sycl::item<1, false> it) { out[it.get_id(0)] = int(it.get_id(0)) + 6; };
  });
  run_range(q, "size_t", 8, [](int *out) { return [=](size_t i) { out[i] = int(i) + 8; }; });
  run_range(q, "functor", 7, [](int *out) { return FunctorKernel{out}; });

  // The queue shortcuts take the same forms.
  {
    int *out = sycl::malloc_shared<int>(N, q);
    q.parallel_for(sycl::range<1>(N), [=](auto &idx) { out[idx] = 2 * int(idx[0]); }).wait();
    for (size_t i = 0; i < N; ++i)
      e2e::check_eq("queue auto& [" + std::to_string(i) + "]", out[i], 2 * int(i));
    sycl::free(out, q);
  }

  // Two dimensions with auto& and id<2>.
  {
    int *out = sycl::malloc_shared<int>(8 * 8, q);
    q.parallel_for(sycl::range<2>(8, 8), [=](auto &idx) {
       out[idx[0] * 8 + idx[1]] = int(idx[0] * 10 + idx[1]);
     }).wait();
    for (size_t i = 0; i < 8; ++i)
      for (size_t j = 0; j < 8; ++j)
        e2e::check_eq("2-D auto& [" + std::to_string(i) + "][" + std::to_string(j) + "]",
                      out[i * 8 + j], int(i * 10 + j));
    q.parallel_for(sycl::range<2>(8, 8), [=](sycl::id<2> i) {
       out[i[0] * 8 + i[1]] = -int(i[0] * 10 + i[1]);
     }).wait();
    e2e::check_eq("2-D id<2> [7][3]", out[7 * 8 + 3], -73);
    sycl::free(out, q);
  }

  // nd_range kernels: by value, auto&, const auto&, functor.
  {
    int *out = sycl::malloc_shared<int>(N, q);
    q.parallel_for(sycl::nd_range<1>(N, 16), [=](auto &it) {
       out[it.get_global_id(0)] = int(it.get_local_id(0));
     }).wait();
    for (size_t i = 0; i < N; ++i)
      e2e::check_eq("nd auto& [" + std::to_string(i) + "]", out[i], int(i % 16));
    q.parallel_for(sycl::nd_range<1>(N, 8), [=](const auto &it) {
       out[it.get_global_id(0)] = int(it.get_group(0));
     }).wait();
    for (size_t i = 0; i < N; ++i)
      e2e::check_eq("nd const auto& [" + std::to_string(i) + "]", out[i], int(i / 8));
    sycl::free(out, q);

    int *out2 = sycl::malloc_shared<int>(4 * 8, q);
    q.parallel_for(sycl::nd_range<2>({4, 8}, {2, 4}), FunctorNd{out2}).wait();
    for (size_t i = 0; i < 4; ++i)
      for (size_t j = 0; j < 8; ++j)
        e2e::check_eq("nd functor", out2[i * 8 + j], int(i * 100 + j));
    sycl::free(out2, q);
  }

  // With a kernel_handler after the work-item.
  {
    int *out = sycl::malloc_shared<int>(N, q);
    q.submit([&](sycl::handler &h) {
       h.parallel_for(sycl::range<1>(N), [=](auto &idx, sycl::kernel_handler) {
         out[idx] = int(idx[0]) * 3;
       });
     }).wait();
    q.submit([&](sycl::handler &h) {
       h.parallel_for(sycl::nd_range<1>(N, 16), [=](auto &it, sycl::kernel_handler) {
         out[it.get_global_id(0)] += 1;
       });
     }).wait();
    for (size_t i = 0; i < N; ++i)
      e2e::check_eq("kernel_handler auto& [" + std::to_string(i) + "]", out[i], int(i) * 3 + 1);
    sycl::free(out, q);
  }

  // Reduction kernels take the same forms for the work-item.
  {
    int *sum = sycl::malloc_shared<int>(2, q);
    sum[0] = sum[1] = 0;
    q.parallel_for(sycl::range<1>(N), sycl::reduction(sum, sycl::plus<int>()),
                   [=](auto &idx, auto &acc) { acc += int(idx[0]); })
        .wait();
    q.parallel_for(sycl::nd_range<1>(N, 16), sycl::reduction(sum + 1, sycl::plus<int>()),
                   [=](const auto &it, auto &acc) { acc += int(it.get_global_id(0)); })
        .wait();
    e2e::check_eq("reduction auto&", sum[0], int(N * (N - 1) / 2));
    e2e::check_eq("nd reduction const auto&", sum[1], int(N * (N - 1) / 2));
    sycl::free(sum, q);
  }

  // A 0-dimensional local accessor is one scalar per work-group.
  {
    std::vector<int> sums(4, 0);
    {
      sycl::buffer<int> b(sums.data(), sycl::range<1>(4));
      q.submit([&](sycl::handler &h) {
        sycl::accessor acc(b, h, sycl::write_only);
        sycl::local_accessor<int, 0> scalar(h);
        h.parallel_for(sycl::nd_range<1>(64, 16), [=](sycl::nd_item<1> it) {
          if (it.get_local_id(0) == 0)
            scalar = 0;
          sycl::group_barrier(it.get_group());
          sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::work_group,
                           sycl::access::address_space::local_space>(scalar)
              .fetch_add(int(it.get_global_id(0)));
          sycl::group_barrier(it.get_group());
          if (it.get_local_id(0) == 0) {
            int &ref = scalar;
            acc[it.get_group(0)] = ref;
          }
        });
      });
    }
    for (int g = 0; g < 4; ++g) {
      int expected = 0;
      for (int i = 16 * g; i < 16 * g + 16; ++i) expected += i;
      e2e::check_eq("local_accessor<int, 0> group " + std::to_string(g), sums[g], expected);
    }
  }

  check_work_item_queries(q, sycl::nd_range<1>(sycl::range<1>(64), sycl::range<1>(16)));
  check_work_item_queries(q, sycl::nd_range<2>(sycl::range<2>(8, 12), sycl::range<2>(2, 4)));
  check_work_item_queries(q, sycl::nd_range<2>(sycl::range<2>(8, 8), sycl::range<2>(4, 2),
                                               sycl::id<2>(3, 5)));
  check_work_item_queries(q, sycl::nd_range<3>(sycl::range<3>(4, 6, 8), sycl::range<3>(2, 3, 4)));
  {
    const sycl::nd_range<3> r(sycl::range<3>(4, 4, 4), sycl::range<3>(2, 2, 4), sycl::id<3>(1, 2, 3));
    int *out = sycl::malloc_shared<int>(64, q);
    q.parallel_for(r, [=](sycl::nd_item<3> it) {
       out[it.get_global_linear_id()] = queried_matches(it);
     }).wait();
    for (size_t i = 0; i < 64; ++i)
      e2e::check_eq("work-item queries in a called function [" + std::to_string(i) + "]", out[i],
                    15);
    sycl::free(out, q);
  }
  return e2e::finish("kernel_forms");
}
