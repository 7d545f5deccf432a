// Specialization constants on CUDA are folded, not read (docs/spec-constants.md):
// the device code reads a constant through a marked move from its default
// value, sycl-post-link lists the constant in the image's property set, and
// folding a value into the PTX makes it an immediate, so that ptxas removes
// the branch the value decides.
//
// REQUIRES: ptxas, usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: env TMPDIR=%t/tmp %usycl -save-temps -shared -fPIC -fsycl-targets=nvidia_gpu_sm_90 %s -o %t/a.so
// RUN: cp %t/tmp/usycl-*/nvidia_gpu_sm_90/module_0.ptx %t/k.ptx
//
// The read in the PTX as compiled (the default value 0 through a register):
// RUN: FileCheck %s --check-prefix=PTX < %t/k.ptx
// PTX: .entry _ZTS{{.*}}fold_me(
// PTX: mov.b32 %r{{[0-9]+}}, %r{{[0-9]+}}; // usycl.spec_constant [[KEY:-?[0-9]+]] 0
// Both arms are in the PTX (0x5eed1234 and 0x0badf00d):
// PTX-DAG: 1592594996
// PTX-DAG: 195948557
//
// The module's property set names the constant (16 hex digits, one word):
// RUN: cat %t/tmp/usycl-*/nvidia_gpu_sm_90/device_0.prop | FileCheck %s --check-prefix=PROPS
// PROPS: [SYCL/specialization constants]
// PROPS-NEXT: {{[0-9a-f]+}}=1|1
//
// RUN: %specialize-ptx --list %t/k.ptx | FileCheck %s --check-prefix=LIST
// LIST: #0 {{-?[0-9]+}} 0x{{[0-9a-f]+}} words=1
// LIST-NOT: #1
//
// Folded: the move takes the value as an immediate, nothing else changes.
// RUN: %specialize-ptx %t/k.ptx '#0=07000000' -o %t/seven.ptx
// RUN: %specialize-ptx %t/k.ptx '#0=00000000' -o %t/zero.ptx
// RUN: FileCheck %s --check-prefix=SEVEN < %t/seven.ptx
// SEVEN: mov.b32 %r{{[0-9]+}}, 0x00000007; // usycl.spec_constant {{-?[0-9]+}} 0
// RUN: not diff %t/k.ptx %t/seven.ptx > %t/seven.diff
// RUN: grep -c '^!' %t/seven.diff | FileCheck %s --check-prefix=ONE-LINE
// ONE-LINE: 2
//
// ptxas accepts every version, and in the machine code of each value only
// the arm that value takes is left.
// RUN: %ptxas -arch=sm_90 %t/k.ptx -o %t/k.cubin
// RUN: %ptxas -arch=sm_90 %t/seven.ptx -o %t/seven.cubin
// RUN: %ptxas -arch=sm_90 %t/zero.ptx -o %t/zero.cubin
// RUN: %python %S/Inputs/has-word.py %t/seven.cubin 0x5eed1234 | FileCheck %s --check-prefix=YES
// RUN: %python %S/Inputs/has-word.py %t/seven.cubin 0x0badf00d | FileCheck %s --check-prefix=NO
// RUN: %python %S/Inputs/has-word.py %t/zero.cubin 0x0badf00d | FileCheck %s --check-prefix=YES
// RUN: %python %S/Inputs/has-word.py %t/zero.cubin 0x5eed1234 | FileCheck %s --check-prefix=NO
// YES: present
// NO: absent
//
// A key the PTX does not read, and a malformed value, are errors.
// RUN: not %specialize-ptx %t/k.ptx '#1=00' 2>&1 | FileCheck %s --check-prefix=BAD-N
// BAD-N: error: '#1': the PTX reads 1 constant(s)
// RUN: not %specialize-ptx %t/k.ptx '#0=7' 2>&1 | FileCheck %s --check-prefix=BAD-BYTES
// BAD-BYTES: error: '#0=7': the value needs two hex digits per byte

#include <sycl/sycl.hpp>

constexpr sycl::specialization_id<int> mode(0);

void run(sycl::queue &q, int *out) {
  q.submit([&](sycl::handler &h) {
    h.single_task<class fold_me>([=](sycl::kernel_handler kh) {
      if (kh.get_specialization_constant<mode>() == 7) {
        out[0] = 0x5eed1234;
        out[3] = 1;
      } else {
        out[1] = 0x0badf00d;
      }
    });
  });
}
