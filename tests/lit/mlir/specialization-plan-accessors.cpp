// Buffer accessors in the specialisation plan (docs/mlir.md): an accessor's
// buffer range (mem_range_), range, offset and base (its sub-buffer's start)
// are folded where the raised host code proves them -- the offset from the
// constructor's form or its constant id, the ranges from the accessor's
// constant range or its buffer's constructor, the base from the buffer's
// constructor (0, or a sub-buffer's start in a parent in sight) -- each run
// of adjacent known fields one fold; the remark says which fields were
// folded and why the others were not.
//  * plan and remarks on the raised module;
//  * NVPTX: the generic Window kernel reads the offset, the row stride and
//    the base from its kernel object; its clone has none of that arithmetic
//    (a row is 128 bytes, the offset {1, 1} an immediate displacement);
//  * on the CPU, the launcher clones get the accessor bytes (remarks), and
//    the clone of the Tail functor's work-item loop writes at the immediate
//    displacement of its offset (32 elements: 128 bytes) and checks its
//    bounds against immediates, where the generic loop adds the offset.
//
// REQUIRES: usycl-runtime-library
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: %usycl -fsycl-targets=x86_64 -fsycl-raise-host -S -emit-mlir %s -o %t/raised.mlir 2>&1 | count 0
// RUN: %sycl-mlir-opt %t/raised.mlir --sycl-specialization-plan=output=- -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN --match-full-lines --strict-whitespace
// RUN: %sycl-mlir-opt %t/raised.mlir --sycl-specialization-plan="output=%t/plan remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %usycl -fsycl-host-device-opt -O2 -fsycl-targets=x86_64 -Rpass=usycl-host-device-opt -S %s -o %t/cpu.s 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: FileCheck %s --check-prefix=ASM < %t/cpu.s
// RUN: env TMPDIR=%t/tmp %usycl -fsycl-host-device-opt -O2 -fsycl-targets=nvidia_gpu_sm_90 -save-temps -fPIC -shared %s -o %t/k.so
// RUN: cat %t/tmp/usycl-*/nvidia_gpu_sm_90/module_*.ptx > %t/all.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t/all.ptx
//
// (Records in walk order: elsewhere() comes first in the module.)
// A buffer from the caller: only the offset of the whole-buffer form.
// PLAN:usycl-specialization-plan 2
// PLAN-NEXT:kernel _ZTS9Elsewhere clone _ZTS9Elsewhere$hdo0 object-size 104
// PLAN-NEXT:range 2 global 4 4 offset 0 0
// PLAN-NEXT:fold 40 16 00000000000000000000000000000000
// PLAN-NEXT:end
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS9Elsewhere': folded arg 0 (offset 40, 16 bytes) = accessor (offset {0, 0}), range {4, 4} ; not folded: arg 0: accessor buffer range, range, base (the buffer is not constructed in sight)
//
// Whole 1-D buffers of main, captured by reference: all four fields.
// PLAN-NEXT:kernel _ZTS6Whole1 clone _ZTS6Whole1$hdo0 object-size 160
// PLAN-NEXT:range 1 global 64 offset 0
// PLAN-NEXT:fold 8 32 4000000000000000400000000000000000000000000000000000000000000000
// PLAN-NEXT:fold 88 32 4000000000000000400000000000000000000000000000000000000000000000
// PLAN-NEXT:end
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS6Whole1': folded arg 0 (offset 8, 32 bytes) = accessor (buffer range {64}, range {64}, offset {0}, base 0), arg 1 (offset 88, 32 bytes) = accessor (buffer range {64}, range {64}, offset {0}, base 0), range {64}
//
// A 2-D buffer built in the command group.
// PLAN-NEXT:kernel _ZTS6Whole2 clone _ZTS6Whole2$hdo0 object-size 104
// PLAN-NEXT:range 2 global 8 8 offset 0 0
// PLAN-NEXT:fold 8 56 0800000000000000080000000000000008000000000000000800000000000000000000000000000000000000000000000000000000000000
// PLAN-NEXT:end
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS6Whole2': folded arg 0 (offset 8, 56 bytes) = accessor (buffer range {8, 8}, range {8, 8}, offset {0, 0}, base 0), range {8, 8}
//
// A constant range and offset (the id passed in memory).
// PLAN-NEXT:kernel _ZTS6Window clone _ZTS6Window$hdo0 object-size 104
// PLAN-NEXT:range 2 global 14 30 offset 0 0
// PLAN-NEXT:fold 8 56 100000000000000020000000000000000e000000000000001e00000000000000010000000000000001000000000000000000000000000000
// PLAN-NEXT:end
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS6Window': folded arg 0 (offset 8, 56 bytes) = accessor (buffer range {16, 32}, range {14, 30}, offset {1, 1}, base 0), range {14, 30}
//
// An offset from argc: the fields around it, in two folds.
// PLAN-NEXT:kernel _ZTS9DynOffset clone _ZTS9DynOffset$hdo0 object-size 104
// PLAN-NEXT:range 2 global 8 8 offset 0 0
// PLAN-NEXT:fold 8 32 1000000000000000200000000000000008000000000000000800000000000000
// PLAN-NEXT:fold 56 8 0000000000000000
// PLAN-NEXT:end
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS9DynOffset': folded arg 0 (offset 8, 32 bytes) = accessor (buffer range {16, 32}, range {8, 8}), arg 0 (offset 56, 8 bytes) = accessor (base 0), range {8, 8} ; not folded: arg 0: accessor offset (not a compile-time constant)
//
// The lower half of a 32 x 32 buffer: its range, and its start 16 x 32.
// PLAN-NEXT:kernel _ZTS9SubWindow clone _ZTS9SubWindow$hdo0 object-size 104
// PLAN-NEXT:range 2 global 16 32 offset 0 0
// PLAN-NEXT:fold 8 56 1000000000000000200000000000000010000000000000002000000000000000000000000000000000000000000000000002000000000000
// PLAN-NEXT:end
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS9SubWindow': folded arg 0 (offset 8, 56 bytes) = accessor (buffer range {16, 32}, range {16, 32}, offset {0, 0}, base 512), range {16, 32}
//
// A sub-buffer whose start is not a constant: its range, not its base.
// PLAN-NEXT:kernel _ZTS6DynSub clone _ZTS6DynSub$hdo0 object-size 104
// PLAN-NEXT:range 2 global 4 32 offset 0 0
// PLAN-NEXT:fold 8 48 040000000000000020000000000000000400000000000000200000000000000000000000000000000000000000000000
// PLAN-NEXT:end
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS6DynSub': folded arg 0 (offset 8, 48 bytes) = accessor (buffer range {4, 32}, range {4, 32}, offset {0, 0}), range {4, 32} ; not folded: arg 0: accessor base (the sub-buffer's offset is not a compile-time constant)
//
// A buffer over a std::vector: its range is the vector's size.
// PLAN-NEXT:kernel _ZTS10FromVector clone _ZTS10FromVector$hdo0 object-size 80
// PLAN-NEXT:range 1 global 100 offset 0
// PLAN-NEXT:fold 24 16 00000000000000000000000000000000
// PLAN-NEXT:end
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS10FromVector': folded arg 0 (offset 24, 16 bytes) = accessor (offset {0}, base 0), range {100} ; not folded: arg 0: accessor buffer range, range (the buffer's range comes from a container or iterators)
//
// Three dimensions: the range and the offset passed in memory.
// PLAN-NEXT:kernel _ZTS4Cube clone _ZTS4Cube$hdo0 object-size 128
// PLAN-NEXT:range 3 global 2 4 8 offset 0 0 0
// PLAN-NEXT:fold 8 80 0400000000000000080000000000000010000000000000000200000000000000040000000000000008000000000000000100000000000000020000000000000003000000000000000000000000000000
// PLAN-NEXT:end
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS4Cube': folded arg 0 (offset 8, 80 bytes) = accessor (buffer range {4, 8, 16}, range {2, 4, 8}, offset {1, 2, 3}, base 0), range {2, 4, 8}
//
// A functor of an accessor at an offset and a whole one.
// PLAN-NEXT:kernel _ZTS4Tail clone _ZTS4Tail$hdo0 object-size 160
// PLAN-NEXT:range 1 global 32 offset 0
// PLAN-NEXT:fold 8 32 4000000000000000200000000000000020000000000000000000000000000000
// PLAN-NEXT:fold 88 32 4000000000000000400000000000000000000000000000000000000000000000
// PLAN-NEXT:end
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS4Tail': folded arg 0 (offset 8, 32 bytes) = accessor (buffer range {64}, range {32}, offset {32}, base 0), arg 1 (offset 88, 32 bytes) = accessor (buffer range {64}, range {64}, offset {0}, base 0), range {32}
//
// A placeholder accessor of main with a range and an offset (no handler
// argument), bound by handler::require, found through the command group's
// closure.
// PLAN-NEXT:kernel _ZTS11Placeholder clone _ZTS11Placeholder$hdo0 object-size 160
// PLAN-NEXT:range 1 global 32 offset 0
// PLAN-NEXT:fold 8 32 4000000000000000400000000000000000000000000000000000000000000000
// PLAN-NEXT:fold 88 32 4000000000000000200000000000000010000000000000000000000000000000
// PLAN-NEXT:end
// REMARK: remark: usycl-host-device-opt: kernel '_ZTS11Placeholder': folded arg 0 (offset 8, 32 bytes) = accessor (buffer range {64}, range {64}, offset {0}, base 0), arg 1 (offset 88, 32 bytes) = accessor (buffer range {64}, range {32}, offset {16}, base 0), range {32}
//
// A functor local to the unit, writing the interior of the sub-buffer.
// PLAN-NEXT:kernel _ZTSN12_GLOBAL__N_17StencilE{{\$tu[0-9a-f]+}} clone _ZTSN12_GLOBAL__N_17StencilE{{\$tu[0-9a-f]+}}$hdo0 object-size 208
// PLAN-NEXT:range 2 global 14 30 offset 0 0
// PLAN-NEXT:fold 8 56 1000000000000000200000000000000010000000000000002000000000000000000000000000000000000000000000000000000000000000
// PLAN-NEXT:fold 112 56 100000000000000020000000000000000e000000000000001e00000000000000010000000000000001000000000000000002000000000000
// PLAN-NEXT:end
// PLAN-NOT:{{.}}
// REMARK: remark: usycl-host-device-opt: kernel '_ZTSN12_GLOBAL__N_17StencilE{{\$tu[0-9a-f]+}}': folded arg 0 (offset 8, 56 bytes) = accessor (buffer range {16, 32}, range {16, 32}, offset {0, 0}, base 0), arg 1 (offset 112, 56 bytes) = accessor (buffer range {16, 32}, range {14, 30}, offset {1, 1}, base 512), range {14, 30}
//
// CPU-DAG: remark: kernel '_ZTS6Window': CPU launcher clone with 56 at offset 8 = 0x100000000000000020000000000000000e000000000000001e00000000000000010000000000000001000000000000000000000000000000, range {14, 30}
// CPU-DAG: remark: kernel '_ZTS4Tail': CPU launcher clone with 32 at offset 8 = 0x4000000000000000200000000000000020000000000000000000000000000000, 32 at offset 88 = 0x4000000000000000400000000000000000000000000000000000000000000000, range {32}
//
// The generic loop adds the offset to each index; the clone's store has it
// as a displacement, its bounds checks (USYCL_CHECK) compare with the
// buffer range and the range as immediates.
// ASM-LABEL: {{^}}_ZN4sycl3_V16detail15cpu_range_itemsI4TailLi1EEEvPKvRKNS1_11kernel_dimsEmm:
// ASM-NOT:   .Lfunc_end
// ASM:       movss %xmm{{[0-9]+}}, (%r{{[a-z0-9]+}},%r{{[a-z0-9]+}},4)
// ASM-NOT:   cmpq $64,
// ASM:       .Lfunc_end
// The Stencil's body is inlined into its work-item loop, in the generic
// launcher and in the clone (which the clone's copy of its callees keeps:
// host_device_specialize.cpp, privatizeCallees).
// ASM-LABEL: {{^}}_ZN4sycl3_V16detail15cpu_range_itemsIN12_GLOBAL__N_17StencilELi2EEEvPKvRKNS1_11kernel_dimsEmm:
// ASM-NOT:   StencilclE
// ASM:       .Lfunc_end
// ASM-LABEL: {{^}}_ZN4sycl3_V16detail15cpu_range_itemsI4TailLi1EEEvPKvRKNS1_11kernel_dimsEmm.hdo{{[0-9a-f]+}}:
// ASM:       movss %xmm{{[0-9]+}}, 128(%r{{[a-z0-9]+}},%r{{[a-z0-9]+}},4)
// ASM:       cmpq $64, %r
// ASM:       cmpq $32, %r
// ASM:       .Lfunc_end
// ASM-LABEL: {{^}}_ZN4sycl3_V16detail15cpu_range_itemsIN12_GLOBAL__N_17StencilELi2EEEvPKvRKNS1_11kernel_dimsEmm.hdo{{[0-9a-f]+}}:
// ASM-NOT:   StencilclE
// ASM:       .Lfunc_end
//
// PTX-LABEL: .entry _ZTS6Window(
// PTX-DAG:   ld.param.b64 {{%rd[0-9]+}}, [[[OBJ:%rd[0-9]+]]+56];
// PTX-DAG:   ld.param.b64 {{%rd[0-9]+}}, [[[OBJ]]+40];
// PTX-DAG:   ld.param.b64 {{%rd[0-9]+}}, [[[OBJ]]+48];
// PTX-DAG:   ld.param.b64 {{%rd[0-9]+}}, [[[OBJ]]+16];
// PTX-DAG:   mul.lo.s64
// PTX-LABEL: // -- End function
// PTX-LABEL: .entry _ZTS6Window$hdo{{[0-9a-f]+}}(
// PTX:       ld.param.b64 {{%rd[0-9]+}}, [{{%rd[0-9]+}}];
// PTX-NOT:   ld.param
// PTX:       mul.wide.u32 {{%rd[0-9]+}}, {{%r[0-9]+}}, 128;
// PTX-NOT:   ld.param
// PTX:       st.global.b32 [{{%rd[0-9]+}}+132],
// PTX-LABEL: // -- End function
#include <sycl/sycl.hpp>

#include <vector>

class Whole1;
class Whole2;
class Window;
class DynOffset;
class SubWindow;
class DynSub;
class FromVector;
class Cube;
class Placeholder;
class Elsewhere;

struct Tail {
  sycl::accessor<float, 1, sycl::access_mode::write> o;
  sycl::accessor<float, 1, sycl::access_mode::read> p;
  void operator()(sycl::id<1> i) const { o[i] = p[i]; }
};

namespace {
// A 5-point stencil (its operator() local to the unit: inlined into the
// work-item loop that is its only caller, also where a clone calls it too).
struct Stencil {
  sycl::accessor<float, 2, sycl::access_mode::read> a;
  sycl::accessor<float, 2, sycl::access_mode::write> o;
  void operator()(sycl::id<2> i) const {
    const sycl::id<2> c = i + sycl::id<2>{1, 1};
    o[i] = 0.5f * a[c] + 0.125f * (a[c - sycl::id<2>{1, 0}] + a[c + sycl::id<2>{1, 0}] +
                                   a[c - sycl::id<2>{0, 1}] + a[c + sycl::id<2>{0, 1}]);
  }
};
} // namespace

// A buffer from the caller (external linkage: other callers may pass any
// buffer, a sub-buffer too).
void elsewhere(sycl::queue &q, sycl::buffer<float, 2> &b) {
  q.submit([&](sycl::handler &h) {
    sycl::accessor o(b, h, sycl::write_only);
    h.parallel_for<Elsewhere>(sycl::range<2>{4, 4}, [=](sycl::id<2> i) { o[i] = 1.0f; });
  });
}

int main(int argc, char **) {
  sycl::queue q;
  sycl::buffer<float, 1> in1(sycl::range<1>{64});
  sycl::buffer<float, 1> out1(sycl::range<1>{64});
  sycl::buffer<float, 2> grid(sycl::range<2>{16, 32});
  std::vector<float> v(100);
  sycl::buffer<float, 1> vec(v);
  sycl::buffer<float, 2> parent(sycl::range<2>{32, 32});
  sycl::buffer<float, 2> lower(parent, sycl::id<2>{16, 0}, sycl::range<2>{16, 32});
  sycl::buffer<float, 2> rows(parent, sycl::id<2>{size_t(argc), 0}, sycl::range<2>{4, 32});
  sycl::buffer<float, 3> cube(sycl::range<3>{4, 8, 16});

  q.submit([&](sycl::handler &h) {
    sycl::accessor a(in1, h, sycl::read_only);
    sycl::accessor o(out1, h, sycl::write_only, sycl::no_init);
    h.parallel_for<Whole1>(sycl::range<1>{64}, [=](sycl::id<1> i) { o[i] = a[i] + 1.0f; });
  });
  q.submit([&](sycl::handler &h) {
    sycl::buffer<float, 2> tmp(sycl::range<2>{8, 8});
    sycl::accessor t(tmp, h, sycl::read_write);
    h.parallel_for<Whole2>(sycl::range<2>{8, 8}, [=](sycl::id<2> i) { t[i] *= 2.0f; });
  });
  q.submit([&](sycl::handler &h) {
    sycl::accessor a(grid, h, sycl::range<2>{14, 30}, sycl::id<2>{1, 1}, sycl::read_write);
    h.parallel_for<Window>(sycl::range<2>{14, 30}, [=](sycl::id<2> i) {
      a[i] = a[i + sycl::id<2>{1, 0}] + a[i + sycl::id<2>{0, 1}];
    });
  });
  q.submit([&](sycl::handler &h) {
    sycl::accessor a(grid, h, sycl::range<2>{8, 8}, sycl::id<2>{size_t(argc), 2},
                     sycl::write_only);
    h.parallel_for<DynOffset>(sycl::range<2>{8, 8}, [=](sycl::id<2> i) { a[i] = 3.0f; });
  });
  q.submit([&](sycl::handler &h) {
    sycl::accessor a(lower, h);
    h.parallel_for<SubWindow>(sycl::range<2>{16, 32}, [=](sycl::id<2> i) { a[i] = 4.0f; });
  });
  q.submit([&](sycl::handler &h) {
    sycl::accessor a(rows, h);
    h.parallel_for<DynSub>(sycl::range<2>{4, 32}, [=](sycl::id<2> i) { a[i] = 5.0f; });
  });
  q.submit([&](sycl::handler &h) {
    sycl::accessor a(vec, h);
    h.parallel_for<FromVector>(sycl::range<1>{100}, [=](sycl::id<1> i) { a[i] += 1.0f; });
  });
  q.submit([&](sycl::handler &h) {
    sycl::accessor a(cube, h, sycl::range<3>{2, 4, 8}, sycl::id<3>{1, 2, 3}, sycl::read_write);
    h.parallel_for<Cube>(sycl::range<3>{2, 4, 8}, [=](sycl::id<3> i) { a[i] += 1.0f; });
  });
  q.submit([&](sycl::handler &h) {
    sycl::accessor o(out1, h, sycl::range<1>{32}, sycl::id<1>{32}, sycl::write_only);
    sycl::accessor a(in1, h, sycl::read_only);
    h.parallel_for(sycl::range<1>{32}, Tail{o, a});
  });
  sycl::accessor p(in1, sycl::range<1>{32}, sycl::id<1>{16}, sycl::read_only);
  q.submit([&](sycl::handler &h) {
    h.require(p);
    sycl::accessor o(out1, h, sycl::write_only);
    h.parallel_for<Placeholder>(sycl::range<1>{32}, [=](sycl::id<1> i) { o[i] = p[i] * 2.0f; });
  });
  q.submit([&](sycl::handler &h) {
    sycl::accessor a(grid, h, sycl::read_only);
    sycl::accessor o(lower, h, sycl::range<2>{14, 30}, sycl::id<2>{1, 1}, sycl::write_only);
    h.parallel_for(sycl::range<2>{14, 30}, Stencil{a, o});
  });
  elsewhere(q, grid);
  q.wait();
}
