// Inline assembly in device code must be for the device. On NVPTX every
// statement of the template must be a PTX instruction or directive, and the
// constraints and clobbers must be NVPTX ones; x86 assembly reachable from a
// kernel is an error (ptxas would reject it much later). PTX assembly (as in
// the SYCL headers), empty compiler barriers, and x86 assembly that only
// the host reaches or that the preprocessor keeps out of the device pass are
// fine. The CPU's analysis pass (target x86_64) does not check assembly.
//
// RUN: not %clang -fsycl --offload-device-only --offload-arch=sm_90 -nocudalib \
// RUN:   -fsyntax-only -isystem %sycl-include -fplugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=nvidia_gpu_sm_90 %s 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %clang -fsycl --offload-device-only --offload-arch=sm_50 -nocudalib \
// RUN:   -fsyntax-only -isystem %sycl-include -fplugin=%plugin \
// RUN:   -fplugin-arg-usycl-target=x86_64 %s 2>&1 | count 0
// RUN: %clang -fsycl --offload-host-only -fsyntax-only -isystem %sycl-include \
// RUN:   -fplugin=%plugin %s 2>&1 | count 0

#include <sycl/sycl.hpp>

void spin() { asm volatile("pause"); }
unsigned cycles() {
  unsigned lo, hi;
  asm volatile("rdtsc" : "=a"(lo), "=d"(hi));
  return lo;
}
int add_one(int x) {
  asm("addl $1, %0" : "+r"(x) : : "cc");
  return x;
}
void clobbers() { asm volatile("mov.u32 %%r1, 0;" ::: "eax"); }

unsigned lane() {
  unsigned id = 0;
#ifdef __NVPTX__
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(id));
#else
  asm volatile("rdtscp" : "=a"(id) : : "ecx", "edx");
#endif
  asm volatile("" ::: "memory");
  asm volatile("{\n\t.reg .pred p;\n\tsetp.eq.u32 p, %0, 0;\n\t@p membar.gl;\n}" ::"r"(id));
  asm volatile("L%=: @%%p0 bra L%=; // spin" ::: "memory");
  return id;
}

int host_only() {
  spin();
  return int(cycles());
}

int main() {
  sycl::queue q;
  unsigned *p = sycl::malloc_shared<unsigned>(4, q);
  q.single_task<class HostAsm>([=]() {
    spin();
    p[0] = cycles() + add_one(1);
    clobbers();
  });
  q.single_task<class DeviceAsm>([=]() { p[1] = lane(); });
  q.wait();
  return host_only();
}

// CHECK: restrictions-asm.cpp:21:15: error: SYCL kernel cannot use inline assembly that is not for the device: 'pause' is not a PTX instruction
// CHECK-NEXT:   21 | void spin() { asm volatile("pause"); }
// CHECK-NEXT:      |               ^
// CHECK-NEXT: note: kernel 'HostAsm' reaches it through this call chain:
// CHECK-NEXT:   kernel 'HostAsm'
// CHECK-NEXT:   (lambda at {{.*}}restrictions-asm.cpp:54:32)::operator()()
// CHECK-NEXT:   spin() {{.*}}restrictions-asm.cpp:55:5
// CHECK: restrictions-asm.cpp:24:3: error: SYCL kernel cannot use inline assembly that is not for the device: constraint '=a' is not valid for nvptx64
// CHECK: restrictions-asm.cpp:28:3: error: SYCL kernel cannot use inline assembly that is not for the device: 'addl' is not a PTX instruction
// CHECK: restrictions-asm.cpp:31:19: error: SYCL kernel cannot use inline assembly that is not for the device: clobber 'eax' is not valid for nvptx64
// CHECK: 4 errors generated.
