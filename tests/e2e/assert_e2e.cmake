# Device-side assert (seed 000, docs/assert.md). Included by CMakeLists.txt
# of this folder after usycl_e2e() is defined; every program runs on the CPU
# (.cpu) and, labelled cuda, on NVIDIA GPUs (.cuda, skipped without one).
set(ASSERT_HEADERS ${E2E_DIR}/assert_common.hpp)

# The seed's use-case, message format (nd_range ids), every delivery path,
# two failing kernels, the queue used again; and the same program with
# NDEBUG: nothing printed, nothing thrown.
usycl_e2e(assert_basic SOURCES assert_basic.cpp HEADERS ${ASSERT_HEADERS})
usycl_e2e(assert_basic_ndebug SOURCES assert_basic.cpp HEADERS ${ASSERT_HEADERS} FLAGS -DNDEBUG)
# An assert in a SYCL_EXTERNAL function of another (separately compiled) TU.
usycl_e2e(assert_external SEPARATE SOURCES assert_external_main.cpp assert_external_lib.cpp
          HEADERS ${ASSERT_HEADERS})
# Four threads, each with its own queue, failing at once.
usycl_e2e(assert_threads SOURCES assert_threads.cpp HEADERS ${ASSERT_HEADERS})
# Reliability under deadlock: the message appears while the kernel hangs.
usycl_e2e(assert_hang SOURCES assert_hang.cpp HEADERS ${ASSERT_HEADERS})

# The four rows of the seed's NDEBUG table (impl.cpp / main.cpp), one image
# per kernel: isAssertEnabled per image (runtime query) and which asserts fire.
# (ONCE: they check the sm_90 image too, which the CPU-only second build lacks.)
set(_rows_args SEPARATE ONCE SOURCES assert_rows_main.cpp assert_rows_impl.cpp
    HEADERS ${ASSERT_HEADERS} FLAGS -fsycl-device-code-split=per_kernel)
usycl_e2e(assert_rows_1 ${_rows_args} -DROW_IMPL_NDEBUG -DROW_MAIN_NDEBUG) # both NDEBUG
usycl_e2e(assert_rows_2 ${_rows_args} -DROW_IMPL_NDEBUG)                   # impl NDEBUG
usycl_e2e(assert_rows_3 ${_rows_args} -DROW_MAIN_NDEBUG)                   # main NDEBUG
usycl_e2e(assert_rows_4 ${_rows_args})                                     # neither

# USYCL_ASSERT_ABORT=1: print, then SIGABRT. USYCL_ASSERT_BREAK=1 on the CPU:
# SIGTRAP at the assertion; under gdb: a stop in the failing work-item.
# (CPU_ONLY and CUDA_ONLY together: built, no default runs; the runs below.)
usycl_e2e(assert_abort CPU_ONLY CUDA_ONLY SOURCES assert_abort.cpp)
set(_sig ${E2E_DIR}/assert_expect_signal.sh)
add_test(NAME e2e.assert_abort.cpu COMMAND ${_sig} 6 native_cpu ${E2E_OUT}/assert_abort)
set_tests_properties(e2e.assert_abort.cpu PROPERTIES LABELS cpu TIMEOUT ${E2E_TIMEOUT}
  ENVIRONMENT "SYCL_LS=${E2E_SYCL_LS};USYCL_ASSERT_ABORT=1")
add_test(NAME e2e.assert_abort.cuda COMMAND ${_sig} 6 cuda ${E2E_OUT}/assert_abort)
set_tests_properties(e2e.assert_abort.cuda PROPERTIES LABELS cuda TIMEOUT ${E2E_TIMEOUT}
  SKIP_RETURN_CODE 77 ENVIRONMENT "SYCL_LS=${E2E_SYCL_LS};USYCL_ASSERT_ABORT=1")
add_test(NAME e2e.assert_break.cpu COMMAND ${_sig} 5 native_cpu ${E2E_OUT}/assert_abort)
set_tests_properties(e2e.assert_break.cpu PROPERTIES LABELS cpu TIMEOUT ${E2E_TIMEOUT}
  ENVIRONMENT "SYCL_LS=${E2E_SYCL_LS};USYCL_ASSERT_BREAK=1")
add_test(NAME e2e.assert_gdb.cpu COMMAND ${E2E_DIR}/assert_gdb.sh ${E2E_OUT}/assert_abort)
set_tests_properties(e2e.assert_gdb.cpu PROPERTIES LABELS cpu TIMEOUT ${E2E_TIMEOUT}
  SKIP_RETURN_CODE 77)
