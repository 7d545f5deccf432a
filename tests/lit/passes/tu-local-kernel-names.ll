; usycl-tu-local-kernel-names<marker=...>: the kernel entry points whose
; symbol names a type local to the unit, and every constant C string holding
; such a symbol, get the unit's marker; other kernels, strings and RTTI names
; stay as they are.
;
; RUN: opt -load-pass-plugin=%passes-plugin -passes='usycl-tu-local-kernel-names<marker=$tu00ff>' -S %s | FileCheck %s
; RUN: not opt -load-pass-plugin=%passes-plugin -passes='usycl-tu-local-kernel-names<prefix=x>' -S %s 2>&1 | FileCheck %s --check-prefix=BAD
; CHECK: @.str = private unnamed_addr constant [30 x i8] c"_ZTSN12_GLOBAL__N_11KE$tu00ff\00"
; CHECK: @.str.1 = private unnamed_addr constant [12 x i8] c"_ZTS6Shared\00"
; CHECK: @_ZTSN12_GLOBAL__N_11XE = internal constant [19 x i8] c"N12_GLOBAL__N_11XE\00"
; CHECK: @registry = global [2 x ptr] [ptr @.str, ptr @.str.1]
; CHECK: define ptx_kernel void @"_ZTSN12_GLOBAL__N_11KE$tu00ff"()
; CHECK: define ptx_kernel void @_ZTS6Shared()
; BAD: unknown parameter 'prefix=x'
; Unit-local: a lambda in a static function (also inside a namespace), a
; lambda of a namespace-scope variable, such a lambda as a template argument.
; CHECK: define ptx_kernel void @"_ZTSZL1fvEUlvE_$tu00ff"()
; CHECK: define ptx_kernel void @"_ZTSZN2nsL1fEvEUlvE_$tu00ff"()
; CHECK: define ptx_kernel void @"_ZTSUlvE_$tu00ff"()
; CHECK: define ptx_kernel void @"_ZTS1KIUlvE_E$tu00ff"()
; Not unit-local: lambdas in functions of external linkage.
; CHECK: define ptx_kernel void @_ZTSZ4mainEUlvE_()
; CHECK: define ptx_kernel void @_ZTSZN1S1mEvEUlvE_()

@.str = private unnamed_addr constant [23 x i8] c"_ZTSN12_GLOBAL__N_11KE\00"
@.str.1 = private unnamed_addr constant [12 x i8] c"_ZTS6Shared\00"
; An RTTI type name: not a kernel symbol.
@_ZTSN12_GLOBAL__N_11XE = internal constant [19 x i8] c"N12_GLOBAL__N_11XE\00"
@registry = global [2 x ptr] [ptr @.str, ptr @.str.1]

define ptx_kernel void @_ZTSN12_GLOBAL__N_11KE() {
  ret void
}

define ptx_kernel void @_ZTS6Shared() {
  ret void
}

define ptx_kernel void @_ZTSZL1fvEUlvE_() {
  ret void
}

define ptx_kernel void @_ZTSZN2nsL1fEvEUlvE_() {
  ret void
}

define ptx_kernel void @_ZTSUlvE_() {
  ret void
}

define ptx_kernel void @_ZTS1KIUlvE_E() {
  ret void
}

define ptx_kernel void @_ZTSZ4mainEUlvE_() {
  ret void
}

define ptx_kernel void @_ZTSZN1S1mEvEUlvE_() {
  ret void
}
