// Intermediate files live in a private directory under TMPDIR, removed at
// exit unless -save-temps keeps it (and says where).
//
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: env TMPDIR=%t/tmp %usycl -c %s -o %t/a.o
// RUN: ls -A %t/tmp | count 0
// RUN: env TMPDIR=%t/tmp not %usycl -c -DBROKEN %s -o %t/b.o
// RUN: ls -A %t/tmp | count 0
// RUN: env TMPDIR=%t/tmp %usycl -save-temps -c %s -o %t/c.o 2>&1 | FileCheck %s
// CHECK: usycl++: note: temporary files kept in '{{.*}}tmp/usycl-{{.*}}'
// RUN: ls %t/tmp/usycl-*/ | FileCheck %s --check-prefix=FILES
// FILES-DAG: save-temps.host-{{[0-9]+}}.o
// FILES-DAG: save-temps.nvidia_gpu_sm_90-{{[0-9]+}}.bc

#ifdef BROKEN
#error "broken on purpose"
#endif
int f() { return 0; }
