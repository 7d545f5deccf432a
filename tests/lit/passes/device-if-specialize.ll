; usycl-device-if-specialize<has=...>: each __usycl_device_has call becomes
; whether its aspect is in the list; the optimizer then drops the clauses.
;
; RUN: opt -load-pass-plugin=%passes-plugin -passes='usycl-device-if-specialize<has=5>' -S %s | FileCheck %s --check-prefix=HAS
; RUN: opt -load-pass-plugin=%passes-plugin -passes='usycl-device-if-specialize<has=6>,simplifycfg,instcombine' -S %s | FileCheck %s --check-prefix=LACKS
; RUN: not opt -load-pass-plugin=%passes-plugin -passes='usycl-device-if-specialize<has=fp16>' -S %s 2>&1 | FileCheck %s --check-prefix=BAD
; HAS-NOT: __usycl_device_has
; HAS: br i1 true
; LACKS-LABEL: define i32 @f()
; LACKS-NEXT: entry:
; LACKS-NEXT: ret i32 2
; BAD: 'fp16' is not an aspect number

declare zeroext i1 @__usycl_device_has(i32)

define i32 @f() {
entry:
  %c = call zeroext i1 @__usycl_device_has(i32 5)
  br i1 %c, label %then, label %else
then:
  ret i32 1
else:
  ret i32 2
}
