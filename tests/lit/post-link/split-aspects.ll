; Seed 002: kernels share an image only if they use the same aspects
; (UsedAspects = !sycl_used_aspects ∪ !sycl_declared_aspects); the split by
; requirements comes on top of every -split mode. The "aspect" property lists
; the image's aspects as little-endian uint32s, ascending.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %sycl-post-link -split=off -symbols -properties -o %t/off.table %s 2>&1 \
; RUN:   | count 0
; RUN: FileCheck %s --check-prefix=TABLE --match-full-lines < %t/off.table
; TABLE:      [Code|Properties|Symbols]
; TABLE-NEXT: {{.*}}off_0.bc|{{.*}}off_0.prop|{{.*}}off_0.sym
; TABLE-NEXT: {{.*}}off_1.bc|{{.*}}off_1.prop|{{.*}}off_1.sym
; TABLE-NEXT: {{.*}}off_2.bc|{{.*}}off_2.prop|{{.*}}off_2.sym
; TABLE-EMPTY:
;
; Images come in the order of their first kernel.
; No aspects: KPlain and KPlain2 stay together.
; RUN: FileCheck %s --check-prefix=SYM0 --match-full-lines < %t/off_0.sym
; SYM0:      _ZTS6KPlain
; SYM0-NEXT: _ZTS7KPlain2
; SYM0-EMPTY:
; RUN: FileCheck %s --check-prefix=PROP0 --match-full-lines < %t/off_0.prop
; PROP0:      [SYCL/device requirements]
; PROP0-EMPTY:
;
; fp64 used; and fp64 declared by [[sycl::device_has(aspect::fp64)]] without
; being used: the same UsedAspects, so the same image.
; RUN: FileCheck %s --check-prefix=SYM1 --match-full-lines < %t/off_1.sym
; SYM1:      _ZTS6KFp64
; SYM1-NEXT: _ZTS10KDeclFp64
; SYM1-EMPTY:
; RUN: FileCheck %s --check-prefix=PROP1 --match-full-lines < %t/off_1.prop
; PROP1:      [SYCL/device requirements]
; PROP1-NEXT: aspect=2|06000000
; PROP1-EMPTY:
;
; fp16 + fp64, whether both used, or one used and one declared, in any order.
; RUN: FileCheck %s --check-prefix=SYM2 --match-full-lines < %t/off_2.sym
; SYM2:      _ZTS8KHalfDbl
; SYM2-NEXT: _ZTS9KHalfDecl
; SYM2-EMPTY:
; RUN: FileCheck %s --check-prefix=PROP2 --match-full-lines < %t/off_2.prop
; PROP2:      [SYCL/device requirements]
; PROP2-NEXT: aspect=2|0500000006000000
; PROP2-EMPTY:
;
; The same bytes through the property-set reader.
; RUN: %propset %t/off_2.prop | FileCheck %s --check-prefix=PROP2
;
; Each image holds only its kernels and what they call.
; RUN: llvm-dis %t/off_1.bc -o - | FileCheck %s --check-prefix=IR1
; IR1-DAG: define ptx_kernel void @_ZTS6KFp64(
; IR1-DAG: define ptx_kernel void @_ZTS10KDeclFp64(
; IR1-DAG: define internal double @_Z6squared(
; IR1-NOT: @_ZTS6KPlain
; IR1-NOT: @_ZTS8KHalfDbl
;
; per_source first splits by translation unit, then by aspects.
; RUN: %sycl-post-link -split=per_source -symbols -o %t/ps.table %s
; RUN: FileCheck %s --check-prefix=PS --match-full-lines < %t/ps.table
; PS:      [Code|Symbols]
; PS-NEXT: {{.*}}ps_0.bc|{{.*}}ps_0.sym
; PS-NEXT: {{.*}}ps_1.bc|{{.*}}ps_1.sym
; PS-NEXT: {{.*}}ps_2.bc|{{.*}}ps_2.sym
; PS-NEXT: {{.*}}ps_3.bc|{{.*}}ps_3.sym
; PS-NEXT: {{.*}}ps_4.bc|{{.*}}ps_4.sym
; PS-NEXT: {{.*}}ps_5.bc|{{.*}}ps_5.sym
; PS-EMPTY:
; RUN: cat %t/ps_0.sym %t/ps_1.sym %t/ps_2.sym %t/ps_3.sym %t/ps_4.sym %t/ps_5.sym \
; RUN:   | FileCheck %s --check-prefix=PS-SYM --match-full-lines
; PS-SYM:      _ZTS6KPlain
; PS-SYM-NEXT: _ZTS6KFp64
; PS-SYM-NEXT: _ZTS8KHalfDbl
; PS-SYM-NEXT: _ZTS7KPlain2
; PS-SYM-NEXT: _ZTS10KDeclFp64
; PS-SYM-NEXT: _ZTS9KHalfDecl
;
; per_kernel: one kernel per image anyway.
; RUN: %sycl-post-link -split=per_kernel -properties -o %t/pk.table %s
; RUN: FileCheck %s --check-prefix=PK --match-full-lines < %t/pk.table
; PK:      [Code|Properties]
; PK-COUNT-6: {{.*}}pk_{{[0-5]}}.bc|{{.*}}pk_{{[0-5]}}.prop
; PK-EMPTY:
; RUN: FileCheck %s --check-prefix=PROP1 --match-full-lines < %t/pk_1.prop
;
; auto behaves as off.
; RUN: %sycl-post-link -split=auto -o %t/auto.table %s
; RUN: FileCheck %s --check-prefix=AUTO --match-full-lines < %t/auto.table
; AUTO:      [Code]
; AUTO-NEXT: {{.*}}auto_0.bc
; AUTO-NEXT: {{.*}}auto_1.bc
; AUTO-NEXT: {{.*}}auto_2.bc
; AUTO-EMPTY:

target triple = "nvptx64-nvidia-cuda"

define internal double @_Z6squared(double %x) !sycl_used_aspects !2 {
  %r = fmul double %x, %x
  ret double %r
}

define ptx_kernel void @_ZTS6KPlain(ptr %p) #0 !sycl_fixed_targets !0 {
  store i32 1, ptr %p
  ret void
}

define ptx_kernel void @_ZTS6KFp64(ptr %p) #0 !sycl_used_aspects !2 !sycl_fixed_targets !0 {
  %r = call double @_Z6squared(double 2.0)
  store double %r, ptr %p
  ret void
}

define ptx_kernel void @_ZTS8KHalfDbl(ptr %p) #0 !sycl_used_aspects !3 !sycl_fixed_targets !0 {
  store half 1.0, ptr %p
  ret void
}

define ptx_kernel void @_ZTS7KPlain2(ptr %p) #1 {
  store i32 2, ptr %p
  ret void
}

define ptx_kernel void @_ZTS10KDeclFp64(ptr %p) #1 !sycl_declared_aspects !2 !sycl_fixed_targets !0 {
  store i32 3, ptr %p
  ret void
}

define ptx_kernel void @_ZTS9KHalfDecl(ptr %p) #1 !sycl_used_aspects !1 !sycl_declared_aspects !4 !sycl_fixed_targets !0 {
  store half 2.0, ptr %p
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }

!0 = !{}
!1 = !{i32 5}
!2 = !{i32 6}
!3 = !{i32 5, i32 6}
!4 = !{i32 6, i32 5}
