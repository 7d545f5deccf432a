// runtime/backends/cuda/cuda_jit_cache: the keys of cached JIT cubins change
// with everything the cubin depends on. (Loading through the cache needs a
// GPU: tests/kernel_cache.)
#include "backends/cuda/cuda_jit_cache.hpp"

#include <gtest/gtest.h>

using namespace usycl::rt::cuda;

TEST(CudaJitCacheKey, DependsOnPtxArchAndDriver) {
  const std::string ptx = ".version 8.0\n.target sm_50\n.address_size 64\n";
  sm_arch sm90{90, 0}, sm90a{90, 'a'}, sm80{80, 0};
  std::string key = ptx_cache_key(ptx, sm90, 12080);
  EXPECT_EQ(key.size(), 64u);
  EXPECT_EQ(key, ptx_cache_key(ptx, sm90, 12080)) << "keys must be stable";
  EXPECT_NE(key, ptx_cache_key(ptx + " ", sm90, 12080)) << "another PTX text";
  EXPECT_NE(key, ptx_cache_key(ptx, sm80, 12080)) << "another architecture";
  EXPECT_NE(key, ptx_cache_key(ptx, sm90a, 12080)) << "sm_90a is not sm_90";
  EXPECT_NE(key, ptx_cache_key(ptx, sm90, 12090)) << "another driver";
}
