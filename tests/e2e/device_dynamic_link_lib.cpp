// The shared library of device_dynamic_link (built with usycl++ -shared
// -fPIC): SYCL_EXTERNAL functions whose device code the program's kernels
// import at load time (seed 002, "Device Code Dynamic Linking").
#include <sycl/sycl.hpp>

// Called by dl_square_plus: an export that another export of the same
// library calls.
SYCL_EXTERNAL int dl_offset() { return 7; }

SYCL_EXTERNAL int dl_square_plus(int x) { return x * x + dl_offset(); }

// Computes in fp64 behind a float interface: its image requires aspect::fp64,
// and so does every kernel that calls it, though the kernel has no double.
SYCL_EXTERNAL float dl_half(float x) { return static_cast<float>(static_cast<double>(x) * 0.5); }
