; usycl-device-globals (compiler/passes/device_globals.hpp): the
; device_global definitions the clang plugin found, by symbol.
;  * host: one constructor (priority 101) registers each with the runtime:
;    its address, the symbol the device code knows it by (unit-local ones
;    with the unit's marker) and its size;
;  * device: unit-local ones are renamed with the marker, and every one gets
;    a linkage the optimiser cannot see through (the runtime writes it).
;
; RUN: opt -load-pass-plugin=%passes-plugin '-passes=usycl-device-globals<host;marker=$tu42;symbol=table;symbol=_ZL5local>' -S %s \
; RUN:   | FileCheck %s --check-prefix=HOST
; RUN: opt -load-pass-plugin=%passes-plugin '-passes=usycl-device-globals<device;marker=$tu42;symbol=table;symbol=_ZL5local>' -S %s \
; RUN:   | FileCheck %s --check-prefix=DEVICE
; RUN: not opt -load-pass-plugin=%passes-plugin '-passes=usycl-device-globals<marker=x>' -S %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=ERR
;
; HOST-DAG: @llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 101, ptr @__usycl_register_device_globals, ptr null }]
; HOST-DAG: @__usycl_device_global_symbol = private unnamed_addr constant [6 x i8] c"table\00"
; HOST-DAG: @__usycl_device_global_symbol.1 = private unnamed_addr constant [15 x i8] c"_ZL5local$tu42\00"
; HOST-LABEL: define internal void @__usycl_register_device_globals()
; HOST: call void @__usycl_register_device_global(ptr @table, ptr @__usycl_device_global_symbol, i64 16)
; HOST: call void @__usycl_register_device_global(ptr @_ZL5local, ptr @__usycl_device_global_symbol.1, i64 8)
; HOST-NOT: @other
;
; DEVICE: @table = global %host_table zeroinitializer
; DEVICE: @"_ZL5local$tu42" = weak_odr {{(dso_local )?}}global double 2.000000e+00
; DEVICE: @other = internal addrspace(1) global i32 0
; DEVICE-NOT: __usycl_register
;
; ERR: usycl-device-globals: say 'host' or 'device'

%host_table = type { [4 x float] }

@table = global %host_table zeroinitializer
@_ZL5local = internal global double 2.0
@other = internal addrspace(1) global i32 0
