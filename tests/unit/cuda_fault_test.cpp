// Unit tests of runtime/backends/cuda/cuda_fault: which CUDA errors lose a
// context, what the reports say, and that a lost device refuses more work
// with the first failure's story. No GPU needed (the e2e program
// fault_illegal_address provokes the real thing on one).
#include "backends/cuda/cuda_fault.hpp"

#include <sycl/exception.hpp>

#include <gtest/gtest.h>

#include <string>

using usycl::rt::cuda::CUresult;
using usycl::rt::cuda::device_fault;
using usycl::rt::cuda::is_sticky_error;

TEST(CudaFault, StickyErrors) {
  for (CUresult r : {700, 702, 710, 714, 715, 716, 717, 718, 719})
    EXPECT_TRUE(is_sticky_error(r)) << r;
  for (CUresult r : {0, 1, 2, 100, 200, 209, 400, 701, 999})
    EXPECT_FALSE(is_sticky_error(r)) << r;
}

TEST(CudaFault, OrdinaryErrorsDoNotLoseTheDevice) {
  device_fault f("Fake GPU");
  std::string m = f.note(2, "copy of 8 bytes failed", "");
  EXPECT_NE(m.find("copy of 8 bytes failed on device Fake GPU"), std::string::npos) << m;
  EXPECT_FALSE(f.lost());
  EXPECT_NO_THROW(f.throw_if_lost());
}

TEST(CudaFault, IllegalAddressLosesTheDeviceAndNamesTheKernel) {
  device_fault f("Fake GPU");
  std::string m = f.note(700, "work failed", "MyKernel");
  EXPECT_NE(m.find("work failed on device Fake GPU (kernel MyKernel"), std::string::npos) << m;
  EXPECT_NE(m.find("context is lost"), std::string::npos) << m;
  EXPECT_TRUE(f.lost());
  // A later, different sticky error does not replace the first story.
  f.note(719, "work on a queue failed", "OtherKernel");
  try {
    f.throw_if_lost();
    FAIL() << "a lost device must refuse work";
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), sycl::make_error_code(sycl::errc::runtime));
    std::string what = e.what();
    EXPECT_NE(what.find("device Fake GPU cannot take more work"), std::string::npos) << what;
    EXPECT_NE(what.find("MyKernel"), std::string::npos) << what;
    EXPECT_EQ(what.find("OtherKernel"), std::string::npos) << what;
  }
}
