// Host side of the GPU run: loads the PTX built from gpu_kernels.cpp through
// the CUDA driver API (dlopen'ed, no CUDA headers), runs the kernels and
// compares their results with the host implementation of the same headers.
// usage: gpu_check <kernels.ptx>   exit: 0 pass, 1 fail, 77 no GPU
#include "gpu_common.hpp"

#include <dlfcn.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {
using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = void *;
using CUmodule = void *;
using CUfunction = void *;

struct driver {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuModuleLoadData)(CUmodule *, const void *);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*cuMemcpyDtoH)(void *, CUdeviceptr, size_t);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, void *, void **, void **);
  CUresult (*cuCtxSynchronize)();
  CUresult (*cuGetErrorString)(CUresult, const char **);
} cu;

int failures = 0;
#define CHECK_CU(x)                                                                      \
  do {                                                                                   \
    CUresult r_ = (x);                                                                   \
    if (r_ != 0) {                                                                       \
      const char *s_ = "?";                                                              \
      cu.cuGetErrorString(r_, &s_);                                                      \
      std::fprintf(stderr, "%s failed: %d %s\n", #x, r_, s_);                            \
      std::exit(1);                                                                      \
    }                                                                                    \
  } while (0)

template <class T> CUdeviceptr upload(const std::vector<T> &v) {
  CUdeviceptr p;
  CHECK_CU(cu.cuMemAlloc(&p, v.size() * sizeof(T)));
  CHECK_CU(cu.cuMemcpyHtoD(p, v.data(), v.size() * sizeof(T)));
  return p;
}
template <class T> std::vector<T> download(CUdeviceptr p, size_t n) {
  std::vector<T> v(n);
  CHECK_CU(cu.cuMemcpyDtoH(v.data(), p, n * sizeof(T)));
  return v;
}
template <class K> void launch(CUmodule m, const char *name, K obj, unsigned grid, unsigned block) {
  CUfunction f;
  CHECK_CU(cu.cuModuleGetFunction(&f, m, name));
  void *params[] = {&obj};
  CHECK_CU(cu.cuLaunchKernel(f, grid, 1, 1, block, 1, 1, 0, nullptr, params, nullptr));
  CHECK_CU(cu.cuCtxSynchronize());
}
template <class T> T *dptr(CUdeviceptr p) { return reinterpret_cast<T *>(p); }

template <class F> long long ulps(F a, F b) {
  if (std::isnan(a) && std::isnan(b))
    return 0;
  if (a == b)
    return 0;
  if (std::isnan(a) || std::isnan(b) || std::isinf(a) || std::isinf(b))
    return 1LL << 62;
  using I = std::conditional_t<sizeof(F) == 4, std::int32_t, std::int64_t>;
  auto key = [](F v) {
    I i;
    std::memcpy(&i, &v, sizeof v);
    return i < 0 ? static_cast<long long>(std::numeric_limits<I>::min()) - i : static_cast<long long>(i);
  };
  const long long d = key(a) - key(b);
  return d < 0 ? -d : d;
}

void expect(bool ok, const char *what) {
  std::printf("%s: %s\n", ok ? "PASS" : "FAIL", what);
  failures += !ok;
}
} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s kernels.ptx\n", argv[0]);
    return 2;
  }
  void *lib = dlopen("libcuda.so.1", RTLD_NOW);
  if (!lib) {
    std::printf("SKIP: no libcuda.so.1\n");
    return 77;
  }
#define LOAD(n, sym) *reinterpret_cast<void **>(&cu.n) = dlsym(lib, sym)
  LOAD(cuInit, "cuInit");
  LOAD(cuDeviceGet, "cuDeviceGet");
  LOAD(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
  LOAD(cuCtxSetCurrent, "cuCtxSetCurrent");
  LOAD(cuModuleLoadData, "cuModuleLoadData");
  LOAD(cuModuleGetFunction, "cuModuleGetFunction");
  LOAD(cuMemAlloc, "cuMemAlloc_v2");
  LOAD(cuMemFree, "cuMemFree_v2");
  LOAD(cuMemcpyHtoD, "cuMemcpyHtoD_v2");
  LOAD(cuMemcpyDtoH, "cuMemcpyDtoH_v2");
  LOAD(cuLaunchKernel, "cuLaunchKernel");
  LOAD(cuCtxSynchronize, "cuCtxSynchronize");
  LOAD(cuGetErrorString, "cuGetErrorString");
  if (cu.cuInit(0) != 0) {
    std::printf("SKIP: cuInit failed (no GPU)\n");
    return 77;
  }
  CUdevice dev;
  CUcontext ctx;
  CHECK_CU(cu.cuDeviceGet(&dev, 0));
  CHECK_CU(cu.cuDevicePrimaryCtxRetain(&ctx, dev));
  CHECK_CU(cu.cuCtxSetCurrent(ctx));
  std::ifstream in(argv[1]);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string ptx = ss.str();
  CUmodule mod;
  CHECK_CU(cu.cuModuleLoadData(&mod, ptx.c_str()));

  // ---------------- math accuracy ----------------
  {
    using namespace gpu;
    const size_t n = size_t(kMathFns) * kMathN;
    CUdeviceptr of = upload(std::vector<float>(n)), od = upload(std::vector<double>(n));
    launch(mod, "_ZTSN3gpu4mathE", math_kernel{dptr<float>(of), dptr<double>(od)}, kMathN / 128, 128);
    const auto rf = download<float>(of, n);
    const auto rd = download<double>(od, n);
    int f = 0;
#define GPU_CHECK(name, e, u)                                                            \
  {                                                                                      \
    long long worst_f = 0, worst_d = 0;                                                  \
    float wf_in = 0;                                                                     \
    for (int i = 0; i < kMathN; ++i) {                                                   \
      const float tf = math_input<float>(i);                                             \
      const double td = math_input<double>(i);                                           \
      const float xf = static_cast<float>([&](float t) { return e; }(tf));                \
      const double xd = static_cast<double>([&](double t) { return e; }(td));            \
      /* reference: the host implementation in double, rounded */                       \
      const float ref_f = static_cast<float>(sycl::name(static_cast<double>(xf)));        \
      const double ref_d = sycl::name(xd);                                                \
      const long long df = ulps(rf[size_t(f) * kMathN + i], ref_f);                       \
      const long long dd = ulps(rd[size_t(f) * kMathN + i], ref_d);                       \
      if (df > worst_f) {                                                                \
        worst_f = df;                                                                    \
        wf_in = xf;                                                                      \
      }                                                                                  \
      worst_d = dd > worst_d ? dd : worst_d;                                             \
    }                                                                                    \
    char buf[160];                                                                       \
    std::snprintf(buf, sizeof buf, "sycl::%s on GPU: float %lld ulp (at %g), double %lld ulp (limit %d)", \
                  #name, worst_f, double(wf_in), worst_d, u);                            \
    expect(worst_f <= (u) + 1 && worst_d <= (u) + 1, buf);                               \
    ++f;                                                                                 \
  }
    GPU_MATH_LIST(GPU_CHECK)
#undef GPU_CHECK
    cu.cuMemFree(of);
    cu.cuMemFree(od);
  }

  // ---------------- bit-exact: half, conversions, integers ----------------
  {
    using namespace gpu;
    std::mt19937 rng(5);
    std::vector<std::uint32_t> inputs(2 * kMathN);
    for (auto &v : inputs)
      v = rng();
    CUdeviceptr din = upload(inputs), dout = upload(std::vector<std::uint32_t>(kMathN * kExactPer));
    launch(mod, "_ZTSN3gpu5exactE", exact_kernel{dptr<const std::uint32_t>(din), dptr<std::uint32_t>(dout)},
           kMathN / 128, 128);
    const auto dev = download<std::uint32_t>(dout, kMathN * kExactPer);
    std::vector<std::uint32_t> host(kMathN * kExactPer);
    int mismatches[kExactPer] = {};
    for (int i = 0; i < kMathN; ++i) {
      // run the same kernel object on the host as work-item i (on the host
      // the item index is 0, so shift the pointers)
      exact_kernel k{inputs.data() + 2 * i, host.data() + i * kExactPer};
      k();
      for (int j = 0; j < kExactPer; ++j)
        if (dev[i * kExactPer + j] != host[i * kExactPer + j]) {
          if (mismatches[j]++ == 0)
            std::printf("  item %d field %d: device %08x host %08x\n", i, j, dev[i * kExactPer + j],
                        host[i * kExactPer + j]);
        }
    }
    for (int j = 0; j < kExactPer; ++j) {
      char buf[96];
      std::snprintf(buf, sizeof buf, "bit-exact field %d: %d mismatches of %d", j, mismatches[j], kMathN);
      expect(mismatches[j] == 0, buf);
    }
    cu.cuMemFree(din);
    cu.cuMemFree(dout);
  }

  // ---------------- atomics under contention ----------------
  {
    using namespace gpu;
    const unsigned grid = 120, block = 256, total = grid * block;
    CUdeviceptr icnt = upload(std::vector<int>{0, 0, 0});
    CUdeviceptr fsum = upload(std::vector<float>{0.0f, 0.0f});
    CUdeviceptr dsum = upload(std::vector<double>{0.0});
    CUdeviceptr ull = upload(std::vector<unsigned long long>{0ull, ~0ull});
    CUdeviceptr fmx = upload(std::vector<float>{-1.0f, 1e9f});
    CUdeviceptr pb = upload(std::vector<int>(grid, 0));
    CUdeviceptr lock = upload(std::vector<int>{0});
    CUdeviceptr plain = upload(std::vector<long long>{0});
    CUdeviceptr msg = upload(std::vector<int>{0, 0, 0});
    launch(mod, "_ZTSN3gpu7atomicsE",
           atomic_kernel{dptr<int>(icnt), dptr<float>(fsum), dptr<double>(dsum),
                         dptr<unsigned long long>(ull), dptr<float>(fmx), dptr<int>(pb), dptr<int>(lock),
                         dptr<long long>(plain), dptr<int>(msg)},
           grid, block);
    const auto ic = download<int>(icnt, 3);
    const auto fs = download<float>(fsum, 2);
    const auto ds = download<double>(dsum, 1);
    const auto ul = download<unsigned long long>(ull, 2);
    const auto fm = download<float>(fmx, 2);
    const auto pbv = download<int>(pb, grid);
    const auto pl = download<long long>(plain, 1);
    const auto ms = download<int>(msg, 3);
    expect(ic[0] == int(total), "relaxed device int fetch_add");
    expect(ic[1] == int(2 * total), "acq_rel device int +=");
    expect(ic[2] == -int(total), "seq_cst system int fetch_sub");
    expect(fs[0] == float(total), "relaxed global float fetch_add");
    expect(fs[1] == 0.5f * float(total), "seq_cst system float fetch_add");
    expect(ds[0] == 0.25 * total, "acq_rel double fetch_add");
    expect(ul[0] == 3ull * (total - 1), "unsigned long long fetch_max");
    expect(ul[1] == 1000000ull, "unsigned long long fetch_min");
    expect(fm[0] == 0.5f * float(total - 1), "float fetch_max (CAS loop)");
    expect(fm[1] == -7.0f, "float fetch_min (CAS loop)");
    bool pb_ok = true;
    for (int v : pbv)
      pb_ok = pb_ok && v == int(block);
    expect(pb_ok, "work_group-scope per-block counters");
    expect(pl[0] == grid, "compare_exchange spin lock protects plain data");
    expect(ms[2] == 0, "release/acquire fences: message passing between blocks");
  }

  std::printf("\ngpu_check: %s (%d failure(s))\n", failures ? "FAILED" : "all checks passed", failures);
  return failures ? 1 : 0;
}
