#include "cuda_builtin_kernels.hpp"

namespace usycl::rt::cuda {

namespace {
// Hand-written; `ptxas -arch=sm_90` accepts it. Stores are 8 / 16 bytes per
// thread, consecutive threads write consecutive words (coalesced).
constexpr const char builtin_ptx[] = R"ptx(.version 7.0
.target sm_50
.address_size 64

.visible .entry usycl_fill_u64(
	.param .u64 dst,
	.param .u64 value,
	.param .u64 count)
{
	.reg .pred 	%p;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<10>;
	ld.param.u64 	%rd1, [dst];
	ld.param.u64 	%rd2, [value];
	ld.param.u64 	%rd3, [count];
	cvta.to.global.u64 	%rd1, %rd1;
	mov.u32 	%r1, %ctaid.x;
	mov.u32 	%r2, %ntid.x;
	mov.u32 	%r3, %tid.x;
	mov.u32 	%r4, %nctaid.x;
	mul.wide.u32 	%rd4, %r1, %r2;
	cvt.u64.u32 	%rd5, %r3;
	add.s64 	%rd4, %rd4, %rd5;
	mul.wide.u32 	%rd6, %r4, %r2;
$L_loop:
	setp.ge.u64 	%p, %rd4, %rd3;
	@%p bra 	$L_done;
	shl.b64 	%rd7, %rd4, 3;
	add.s64 	%rd8, %rd1, %rd7;
	st.global.u64 	[%rd8], %rd2;
	add.s64 	%rd4, %rd4, %rd6;
	bra.uni 	$L_loop;
$L_done:
	ret;
}

.visible .entry usycl_fill_u128(
	.param .u64 dst,
	.param .u64 lo,
	.param .u64 hi,
	.param .u64 count)
{
	.reg .pred 	%p;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<10>;
	ld.param.u64 	%rd1, [dst];
	ld.param.u64 	%rd2, [lo];
	ld.param.u64 	%rd9, [hi];
	ld.param.u64 	%rd3, [count];
	cvta.to.global.u64 	%rd1, %rd1;
	mov.u32 	%r1, %ctaid.x;
	mov.u32 	%r2, %ntid.x;
	mov.u32 	%r3, %tid.x;
	mov.u32 	%r4, %nctaid.x;
	mul.wide.u32 	%rd4, %r1, %r2;
	cvt.u64.u32 	%rd5, %r3;
	add.s64 	%rd4, %rd4, %rd5;
	mul.wide.u32 	%rd6, %r4, %r2;
$L_loop:
	setp.ge.u64 	%p, %rd4, %rd3;
	@%p bra 	$L_done;
	shl.b64 	%rd7, %rd4, 4;
	add.s64 	%rd8, %rd1, %rd7;
	st.global.v2.u64 	[%rd8], {%rd2, %rd9};
	add.s64 	%rd4, %rd4, %rd6;
	bra.uni 	$L_loop;
$L_done:
	ret;
}
)ptx";
} // namespace

builtin_kernels::~builtin_kernels() {
  if (!module_ || driver::exiting())
    return;
  try {
    ctx_->make_current();
  } catch (...) {
    return;
  }
  ctx_->api().module_unload(module_);
}

bool builtin_kernels::load() {
  std::call_once(once_, [this] {
    const driver_api &a = ctx_->api();
    ctx_->make_current();
    CUmodule m = nullptr;
    if (a.module_load_data_ex(&m, builtin_ptx, 0, nullptr, nullptr) !=
        CUDA_SUCCESS)
      return;
    CUfunction f64 = nullptr, f128 = nullptr;
    if (a.module_get_function(&f64, m, "usycl_fill_u64") != CUDA_SUCCESS ||
        a.module_get_function(&f128, m, "usycl_fill_u128") != CUDA_SUCCESS) {
      a.module_unload(m);
      return;
    }
    module_ = m;
    fill_u64_ = f64;
    fill_u128_ = f128;
  });
  return module_ != nullptr;
}

} // namespace usycl::rt::cuda
