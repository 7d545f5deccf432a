// Error case: malloc_device of more than the device's global memory returns
// nullptr (SYCL 2020 §4.8.3), it does not throw or crash; usm_allocator
// reports errc::memory_allocation instead.
#include "e2e_common.hpp"

#include <cstdint>

int main() {
  sycl::queue q;
  e2e::print_device(q, "err_malloc_too_big");
  uint64_t gmem = q.get_device().get_info<sycl::info::device::global_mem_size>();
  std::printf("  global_mem_size %llu bytes\n", (unsigned long long)gmem);

  void *p = nullptr;
  try {
    p = sycl::malloc_device(gmem + 1, q);
    e2e::check("malloc_device(global_mem_size + 1) == nullptr", p == nullptr);
    void *p2 = sycl::malloc_device(size_t(gmem) * 4, q);
    e2e::check("malloc_device(4 * global_mem_size) == nullptr", p2 == nullptr);
    void *p3 = sycl::aligned_alloc_device(4096, gmem * 2, q);
    e2e::check("aligned_alloc_device(2 * global_mem_size) == nullptr", p3 == nullptr);
    int *p4 = sycl::malloc_device<int>(SIZE_MAX / 8, q); // count * sizeof overflows nothing but is huge
    e2e::check("malloc_device<int>(SIZE_MAX/8) == nullptr", p4 == nullptr);
    if (p) sycl::free(p, q);
    if (p2) sycl::free(p2, q);
    if (p3) sycl::free(p3, q);
    if (p4) sycl::free(p4, q);
  } catch (const sycl::exception &e) {
    e2e::fail(std::string("oversized malloc_device threw instead of returning nullptr: ") + e.what());
  }

  // A normal allocation still works afterwards.
  int *ok = sycl::malloc_device<int>(1024, q);
  e2e::check("malloc_device(4 KiB) after failures", ok != nullptr);
  if (ok) {
    q.fill(ok, 5, 1024).wait();
    int v = 0;
    q.memcpy(&v, ok + 1000, sizeof(int)).wait();
    e2e::check_eq("small allocation usable", v, 5);
    sycl::free(ok, q);
  }

  // usm_allocator turns the nullptr into errc::memory_allocation. (SYCL 2020
  // forbids usm_allocator of alloc::device: its memory is not host-accessible.)
  // Far beyond any machine's memory, so no device or host tries to back it.
  sycl::usm_allocator<char, sycl::usm::alloc::host> al(q);
  const size_t huge = SIZE_MAX / 4;
  e2e::expect_exception("usm_allocator::allocate(too much)", sycl::errc::memory_allocation, {}, [&] {
    char *c = al.allocate(huge);
    al.deallocate(c, huge);
  });
  return e2e::finish("err_malloc_too_big");
}
