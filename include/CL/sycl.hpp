// SYCL 1.2.1 spelling: <CL/sycl.hpp> and namespace cl::sycl, for programs
// written before SYCL 2020 (the SYCL 2020 spec keeps both, as DPC++ does).
#pragma once

#include <sycl/sycl.hpp>

namespace cl {
namespace sycl = ::sycl;
} // namespace cl
