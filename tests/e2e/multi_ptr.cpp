// multi_ptr in kernels: local_accessor::get_multi_ptr<decorated::no>().get()
// (what real applications do), decorated pointers, the legacy get_pointer()
// forms, address_space_cast, conversions to generic/const/void and back,
// arithmetic; async_work_group_copy (nd_item and group forms, with strides)
// followed by device_event::wait and wait_for; the group form at the
// work-group scope of a hierarchical kernel.
#include "e2e_common.hpp"

#include <vector>

using sycl::access::address_space;
using sycl::access::decorated;

constexpr size_t N = 256, WG = 64;

int main() {
  sycl::queue q;
  e2e::print_device(q, "multi_ptr");

  // Reverse each work-group's block through local memory reached as a raw
  // pointer, a decorated pointer and the deprecated local_ptr.
  {
    std::vector<int> data(N);
    for (size_t i = 0; i < N; ++i) data[i] = int(i * 3);
    {
      sycl::buffer<int> b(data.data(), sycl::range<1>(N));
      q.submit([&](sycl::handler &h) {
        sycl::accessor acc(b, h, sycl::read_write);
        sycl::local_accessor<int, 1> loc(sycl::range<1>(WG), h);
        h.parallel_for(sycl::nd_range<1>(N, WG), [=](sycl::nd_item<1> it) {
          size_t l = it.get_local_id(0), g = it.get_global_id(0);
          int *raw = loc.get_multi_ptr<decorated::no>().get();
          raw[l] = acc[g];
          sycl::group_barrier(it.get_group());
          sycl::decorated_local_ptr<int> dec = loc.get_multi_ptr<decorated::yes>();
          sycl::local_ptr<int> legacy = loc.get_pointer();
          int v = dec[WG - 1 - l] + *(legacy + l) - raw[l]; // = dec[WG-1-l]
          sycl::group_barrier(it.get_group());
          auto gp = acc.get_multi_ptr<decorated::yes>();
          *(gp + g) = v;
        });
      });
    }
    for (size_t i = 0; i < N; ++i) {
      size_t group = i / WG, l = i % WG;
      e2e::check_eq("reversed[" + std::to_string(i) + "]", data[i],
                    int((group * WG + WG - 1 - l) * 3));
    }
  }

  // Pointer operations inside a kernel; each result is one flag.
  {
    constexpr int checks = 10;
    int *flags = sycl::malloc_shared<int>(checks, q);
    int *mem = sycl::malloc_shared<int>(16, q);
    for (int i = 0; i < 16; ++i) mem[i] = i * i;
    q.single_task([=] {
       auto gp = sycl::address_space_cast<address_space::global_space, decorated::no>(mem);
       flags[0] = gp[3] == 9 && gp.get_raw() == mem;
       auto p = gp;
       ++p;
       p += 4;
       p--;
       flags[1] = *p == 16 && p - gp == 4 && (p + 2)[0] == 36 && p > gp && gp < p;
       sycl::multi_ptr<const int, address_space::global_space, decorated::no> cp = gp;
       flags[2] = cp[5] == 25;
       sycl::multi_ptr<void, address_space::global_space, decorated::no> vp = gp;
       auto back = static_cast<sycl::multi_ptr<int, address_space::global_space, decorated::no>>(vp);
       flags[3] = back == gp && vp.get() == static_cast<void *>(mem);
       sycl::generic_ptr<int, decorated::no> gen = gp;
       auto again = static_cast<sycl::multi_ptr<int, address_space::global_space, decorated::yes>>(gen);
       flags[4] = again[7] == 49 && gen.get() == mem;
       sycl::raw_global_ptr<int> none;
       flags[5] = none == nullptr && nullptr == none && gp != nullptr && !(gp == nullptr);
       int priv[4] = {1, 2, 3, 4};
       auto pp = sycl::address_space_cast<address_space::private_space, decorated::yes>(priv);
       flags[6] = pp[2] == 3 && *(pp + 3) == 4;
       sycl::decorated_global_ptr<int> dg = gp; // no -> yes
       sycl::raw_global_ptr<int> rg = dg;       // yes -> no
       flags[7] = rg == gp && dg.get_decorated() == dg.get();
       sycl::global_ptr<int> legacy(mem); // SYCL 1.2.1 style
       int *from_legacy = legacy;
       flags[8] = from_legacy == mem && legacy[2] == 4 && legacy == mem;
       struct pair {
         int a, b;
       };
       pair pr{5, 6};
       auto pairp = sycl::address_space_cast<address_space::private_space, decorated::no>(&pr);
       flags[9] = pairp->b == 6;
     }).wait();
    for (int i = 0; i < checks; ++i)
      e2e::check_eq("pointer check " + std::to_string(i), flags[i], 1);
    sycl::free(flags, q);
    sycl::free(mem, q);
  }

  // async_work_group_copy: contiguous in, strided in, strided out; group form; wait_for.
  {
    constexpr size_t stride = 3;
    std::vector<float> in(N * stride), out(N * stride, -1.0f), out2(N, -1.0f);
    for (size_t i = 0; i < in.size(); ++i) in[i] = float(i) * 0.5f;
    {
      sycl::buffer<float> bin(in.data(), sycl::range<1>(in.size()));
      sycl::buffer<float> bout(out.data(), sycl::range<1>(out.size()));
      sycl::buffer<float> bout2(out2.data(), sycl::range<1>(N));
      q.submit([&](sycl::handler &h) {
        sycl::accessor src(bin, h, sycl::read_only);
        sycl::accessor dst(bout, h, sycl::write_only);
        sycl::accessor dst2(bout2, h, sycl::write_only);
        sycl::local_accessor<float, 1> a(sycl::range<1>(WG), h), b(sycl::range<1>(WG), h);
        h.parallel_for(sycl::nd_range<1>(N, WG), [=](sycl::nd_item<1> it) {
          size_t base = it.get_group(0) * WG;
          // Element i of the group's block: src[(base + i) * stride] into a.
          auto e1 = it.async_work_group_copy(
              a.get_multi_ptr<decorated::yes>(),
              src.get_multi_ptr<decorated::yes>() + base * stride, WG, stride);
          // The contiguous block into b (group form, undecorated pointers).
          auto e2 = it.get_group().async_work_group_copy(
              b.get_multi_ptr<decorated::no>(), src.get_multi_ptr<decorated::no>() + base, WG);
          it.wait_for(e1, e2);
          size_t l = it.get_local_id(0);
          a[l] = a[l] + b[l];
          sycl::group_barrier(it.get_group());
          // a back out with a destination stride, b contiguously.
          it.async_work_group_copy(dst.get_multi_ptr<decorated::yes>() + base * stride,
                                   a.get_multi_ptr<decorated::yes>(), WG, stride)
              .wait();
          it.get_group().async_work_group_copy(dst2.get_multi_ptr<decorated::yes>() + base,
                                               b.get_multi_ptr<decorated::yes>(), WG)
              .wait();
        });
      });
    }
    for (size_t i = 0; i < N; ++i) {
      e2e::check_eq("strided out[" + std::to_string(i * stride) + "]", out[i * stride],
                    in[i * stride] + in[i]);
      e2e::check_eq("strided gap[" + std::to_string(i * stride + 1) + "]", out[i * stride + 1],
                    -1.0f);
      e2e::check_eq("group out[" + std::to_string(i) + "]", out2[i], in[i]);
    }
  }

  // group::async_work_group_copy at the work-group scope of a hierarchical
  // kernel (one call per group).
  {
    std::vector<int> in(N), out(N, -1);
    for (size_t i = 0; i < N; ++i) in[i] = int(i) + 1000;
    {
      sycl::buffer<int> bin(in.data(), sycl::range<1>(N));
      sycl::buffer<int> bout(out.data(), sycl::range<1>(N));
      q.submit([&](sycl::handler &h) {
        sycl::accessor src(bin, h, sycl::read_only);
        sycl::accessor dst(bout, h, sycl::write_only);
        sycl::local_accessor<int, 1> stage(sycl::range<1>(WG), h);
        h.parallel_for_work_group(sycl::range<1>(N / WG), sycl::range<1>(WG), [=](sycl::group<1> g) {
          size_t base = g.get_group_id(0) * WG;
          g.async_work_group_copy(stage.get_multi_ptr<decorated::no>(),
                                  src.get_multi_ptr<decorated::no>() + base, WG)
              .wait();
          g.parallel_for_work_item([&](sycl::h_item<1> it) {
            size_t l = it.get_local_id(0);
            dst[base + l] = stage[WG - 1 - l];
          });
        });
      });
    }
    for (size_t i = 0; i < N; ++i) {
      size_t base = i / WG * WG, l = i % WG;
      e2e::check_eq("hierarchical copy[" + std::to_string(i) + "]", out[i],
                    in[base + WG - 1 - l]);
    }
  }

  return e2e::finish("multi_ptr");
}
