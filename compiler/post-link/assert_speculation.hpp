//===- assert_speculation.hpp - Loads issued ahead of assert checks -*- C++ -*-===//
//
// Seed 000 asks that a kernel whose asserts never fail runs within 3% of its
// NDEBUG build. On a GPU the check itself is what costs: in
//
//     x = b[i];  assert(x >= 0);  a[i] = x + s * c[i];
//
// the load of c[i] sits behind the branch to the failure path, so each
// work-item has one load in flight instead of two; a bandwidth-bound kernel
// loses 5-7% on an H100 (CUDA's own assert as much: benchmarks/assert).
// Issuing the loads after the check before it gives the NDEBUG speed back.
//
// speculateLoadsAboveAsserts() does that on the device IR of images that use
// assert: for a conditional branch whose one successor fails an assert
// (calls __assert_fail and ends in `unreachable`) and whose other successor
// has no other predecessor, the simple loads at the top of that successor
// (before anything that writes memory or has side effects) move up, with
// the speculatable address arithmetic they need, above the branch.
//
// A speculated load runs even when the assert fails, so it must not be one
// the assert guards: a load whose address depends on any value the assert's
// condition is computed from (`assert(i < n); c[i]`, `assert(p); *p`,
// `assert(idx[i] < n); data[idx[i]]`) stays where it is; only loads whose
// address is independent of the condition's inputs move (the triad's c[i]:
// the condition reads b[i]'s *value*, the address uses only c and i, and i
// is not an input of the condition -- it is the address of one).
//
// The hoisted values are also used on the failure path (an empty inline asm
// that takes them), so that later passes (InstCombine, MachineSink) do not
// sink them back to their single use after the branch.
//
//===----------------------------------------------------------------------===//
#pragma once

namespace llvm {
class Module;
} // namespace llvm

namespace usycl::postlink {

// Returns the number of loads moved.
unsigned speculateLoadsAboveAsserts(llvm::Module &M);

} // namespace usycl::postlink
