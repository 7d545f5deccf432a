# Sanitizer configurations of the whole build: USYCL_SANITIZE=address,undefined
# (preset asan-ubsan) or thread (preset tsan); see CMakePresets.json and
# docs/testing.md, "Sanitizers". Included by the top-level CMakeLists.txt
# before the subdirectories (for the test environment) and applied to the
# targets after them (usycl_apply_sanitizers), when every target exists.
#
# What gets instrumented: every executable, shared and static library of the
# project -- libusycl.so, sycl-ls, usycl++, sycl-post-link,
# sycl-aspect-filter, the unit tests -- with the *shared* sanitizer runtime
# (-shared-libsan, rpath to clang's runtime directory), so that one runtime
# serves a process whatever mix of instrumented parts it loads. Not
# instrumented:
#   * what clang-22 or opt load as plugins (MODULE libraries, and the static
#     libraries they link): an instrumented plugin cannot be loaded into an
#     uninstrumented clang;
#   * fuzz_* (their own -fsanitize=fuzzer,address,undefined);
#   * programs usycl++ compiles (e2e, benchmarks): their tests run with
#     USYCL_SANITIZER_TEST_ENV, which preloads the sanitizer runtime so it
#     comes first in the process, as the sanitizers require.

# Gives every test of the calling directory the sanitizer environment;
# call it after the tests. Plain: USYCL_SANITIZER_TEST_ENV, which preloads
# the runtime for the uninstrumented programs those tests build. TOOLS:
# USYCL_SANITIZER_TOOL_ENV, the options without the preload, for tests that
# mostly run ordinary tools (lit, the progress test): a preloaded runtime
# breaks some of them, and the programs they build only need ASan's
# link-order check off.
function(usycl_sanitizer_env_for_tests)
  set(env ${USYCL_SANITIZER_TEST_ENV})
  if("${ARGV0}" STREQUAL "TOOLS")
    set(env ${USYCL_SANITIZER_TOOL_ENV})
  endif()
  if(NOT env)
    return()
  endif()
  get_property(tests DIRECTORY PROPERTY TESTS)
  foreach(t ${tests})
    set_property(TEST ${t} APPEND PROPERTY ENVIRONMENT ${env})
  endforeach()
endfunction()

function(_usycl_collect_targets dir out)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(sub ${subdirs})
    _usycl_collect_targets(${sub} more)
    list(APPEND targets ${more})
  endforeach()
  set(${out} ${targets} PARENT_SCOPE)
endfunction()

function(usycl_apply_sanitizers)
  if(NOT USYCL_SANITIZE)
    return()
  endif()
  _usycl_collect_targets(${PROJECT_SOURCE_DIR} all)
  # Plugins, and the static libraries they link, stay uninstrumented.
  set(skip)
  foreach(t ${all})
    get_target_property(type ${t} TYPE)
    if(type STREQUAL "MODULE_LIBRARY")
      list(APPEND skip ${t})
      get_target_property(libs ${t} LINK_LIBRARIES)
      foreach(l ${libs})
        if(TARGET ${l})
          list(APPEND skip ${l})
        endif()
      endforeach()
    endif()
  endforeach()
  set(done)
  foreach(t ${all})
    get_target_property(type ${t} TYPE)
    # The MLIR dialect and tools inline LLVM's allocator, which poisons
    # memory under ASan, and share it with the uninstrumented libMLIR:
    # instrumented, they report its live objects as poisoned.
    get_target_property(dir ${t} SOURCE_DIR)
    if(dir MATCHES "^${PROJECT_SOURCE_DIR}/mlir(/|$)")
      list(APPEND skip ${t})
    endif()
    if(t IN_LIST skip OR t MATCHES "^fuzz_" OR
       NOT type MATCHES "^(EXECUTABLE|SHARED_LIBRARY|STATIC_LIBRARY|OBJECT_LIBRARY)$")
      continue()
    endif()
    get_target_property(imported ${t} IMPORTED)
    if(imported)
      continue()
    endif()
    target_compile_options(${t} PRIVATE ${USYCL_SANITIZER_FLAGS})
    if(type MATCHES "^(EXECUTABLE|SHARED_LIBRARY)$")
      target_link_options(${t} PRIVATE ${USYCL_SANITIZER_LINK_FLAGS})
    endif()
    list(APPEND done ${t})
  endforeach()
  list(LENGTH done n)
  message(STATUS "usycl: ${n} targets instrumented; not: ${skip}")
endfunction()

set(USYCL_SANITIZE "" CACHE STRING
    "Instrument the runtime, tools and tests: address,undefined | thread | empty (off)")
set(USYCL_SANITIZER_TEST_ENV "")
set(USYCL_SANITIZER_TOOL_ENV "")
if(NOT USYCL_SANITIZE)
  return()
endif()
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "USYCL_SANITIZE=${USYCL_SANITIZE} needs clang (the shared sanitizer runtimes)")
endif()

execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-runtime-dir
                OUTPUT_VARIABLE USYCL_SANITIZER_RT_DIR OUTPUT_STRIP_TRAILING_WHITESPACE)
if(USYCL_SANITIZE MATCHES "thread")
  set(_rt_name tsan)
  # halt_on_error: a race fails the test; second_deadlock_stack for lock reports.
  set(_options "TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1")
elseif(USYCL_SANITIZE MATCHES "address")
  set(_rt_name asan)
  # Preloaded into bash and uninstrumented programs, where leak checking
  # reports their own allocations: leaks are checked by the unit tests and
  # fuzzers, which are instrumented. allocator_may_return_null: the fault
  # tests ask for more memory than exists and expect nullptr, not a report.
  set(_options "ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1:abort_on_error=0"
               "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1")
else()
  message(FATAL_ERROR "USYCL_SANITIZE=${USYCL_SANITIZE}: use address,undefined or thread")
endif()
set(USYCL_SANITIZER_RT ${USYCL_SANITIZER_RT_DIR}/libclang_rt.${_rt_name}-x86_64.so)
if(NOT EXISTS ${USYCL_SANITIZER_RT})
  message(FATAL_ERROR "USYCL_SANITIZE: ${USYCL_SANITIZER_RT} not found; install clang-22's compiler-rt")
endif()
set(USYCL_SANITIZER_TEST_ENV "LD_PRELOAD=${USYCL_SANITIZER_RT}" ${_options})
string(REPLACE "ASAN_OPTIONS=" "ASAN_OPTIONS=verify_asan_link_order=0:" USYCL_SANITIZER_TOOL_ENV
       "${_options}")
set(USYCL_SANITIZER_FLAGS -fsanitize=${USYCL_SANITIZE} -shared-libsan -fno-omit-frame-pointer)
if(USYCL_SANITIZE MATCHES "undefined")
  # vptr needs RTTI, which LLVM-based tools are built without.
  list(APPEND USYCL_SANITIZER_FLAGS -fno-sanitize-recover=undefined -fno-sanitize=vptr)
endif()
set(USYCL_SANITIZER_LINK_FLAGS ${USYCL_SANITIZER_FLAGS} "-Wl,-rpath,${USYCL_SANITIZER_RT_DIR}")
message(STATUS "usycl: sanitizers ${USYCL_SANITIZE} (${USYCL_SANITIZER_RT})")

# e2e.stress_threads_tsan: submissions per thread (10 000 is the full stress,
# docs/testing.md; fewer keep the tsan ctest run short).
set(USYCL_TSAN_STRESS_SUBMISSIONS 10000 CACHE STRING "STRESS_SUBMISSIONS of e2e.stress_threads_tsan")
