// -fsycl-host-device-opt is on by default at -O3 and above (issue 45; at -O2
// and above from issue 21 until then, opt-in in between): the driver plans
// the source's specialisations (device raising pass, then the host raising
// pass, which includes the integration header the device pass wrote, then
// sycl-mlir-opt) before its passes, and -Rpass=usycl-host-device-opt prints
// the remarks. Below -O3 only with the flag; never at -O0; the last of
// -f/-fno- wins. (Session 20: the two raising passes run side by side lost
// the integration header and the plan silently.)
// RUN: rm -rf %t && mkdir -p %t
// RUN: %usycl -O2 -fsycl-targets=x86_64 -Rpass=usycl-host-device-opt -c %s -o %t/o2.o 2>&1 | count 0
// RUN: %usycl -O3 -fsycl-targets=x86_64 -Rpass=usycl-host-device-opt -c %s -o %t/o3.o 2>&1 | FileCheck %s --check-prefix=ON
// RUN: %usycl -Ofast -Wno-deprecated-ofast -fsycl-targets=x86_64 -Rpass=usycl-host-device-opt -c %s -o %t/ofast.o 2>&1 | FileCheck %s --check-prefix=ON
// RUN: %usycl -O3 -fno-sycl-host-device-opt -fsycl-targets=x86_64 -Rpass=usycl-host-device-opt -c %s -o %t/o3no.o 2>&1 | count 0
// RUN: %usycl -O2 -fsycl-host-device-opt -fsycl-targets=x86_64 -Rpass=usycl-host-device-opt -c %s -o %t/o2f.o 2>&1 | FileCheck %s --check-prefix=ON
// RUN: %usycl -O3 -fno-sycl-host-device-opt -fsycl-host-device-opt -fsycl-targets=x86_64 -Rpass=usycl-host-device-opt -c %s -o %t/o3f.o 2>&1 | FileCheck %s --check-prefix=ON
// RUN: %usycl -O2 -fsycl-host-device-opt -fno-sycl-host-device-opt -fsycl-targets=x86_64 -Rpass=usycl-host-device-opt -c %s -o %t/no.o 2>&1 | count 0
// RUN: %usycl -O0 -fsycl-host-device-opt -fsycl-targets=x86_64 -Rpass=usycl-host-device-opt -c %s -o %t/o0.o 2>&1 | count 0
// RUN: %usycl -O1 -fsycl-host-device-opt -fsycl-targets=x86_64 -Rpass=usycl-host-device-opt -c %s -o %t/o1f.o 2>&1 | FileCheck %s --check-prefix=ON
//
// ON: remark: usycl-host-device-opt: kernel '_ZTS5Scale': folded arg 1 (offset 8, 4 bytes) = 3
// ON-NOT: warning

#include <sycl/sycl.hpp>

class Scale;

void scale(sycl::queue &q, float *p, size_t n) {
  int factor = 3;
  q.submit([&](sycl::handler &h) {
    h.parallel_for<Scale>(sycl::range<1>{n}, [=](sycl::id<1> i) { p[i] *= factor; });
  });
}
