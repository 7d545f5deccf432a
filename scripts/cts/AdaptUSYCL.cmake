# AdaptUSYCL.cmake: how SYCL-CTS builds its test programs with usycl.
#
# SYCL::SYCL is what the suite's non-kernel code (util, Catch2's main, the
# OpenCL math reference) links: the SYCL headers and libusycl.so, compiled
# by the project's ordinary C++ compiler. Test executables and their object
# libraries go through add_sycl_to_target (usycl++ as compiler and linker
# launcher), which runs the device and host passes and links the images.
# Always forced, also to empty (the usycl++ default targets): a build dir
# reconfigured from --device cpu to cuda must not keep x86_64 alone.
set(usycl_TARGETS "${USYCL_TARGETS}" CACHE STRING "" FORCE)
set(CMAKE_CXX_STANDARD 17)

add_library(SYCL::SYCL INTERFACE IMPORTED GLOBAL)
target_include_directories(SYCL::SYCL SYSTEM INTERFACE "${usycl_INCLUDE_DIR}")
target_link_libraries(SYCL::SYCL INTERFACE "${usycl_LIBRARY}")
# -ffp-model=precise: the suite checks results bit for bit against its
# reference, as DPC++'s adapter also asks for.
target_compile_options(SYCL::SYCL INTERFACE -ffp-model=precise)

function(add_sycl_executable_implementation)
  cmake_parse_arguments(args "" "NAME;OBJECT_LIBRARY" "TESTS" ${ARGN})
  add_library(${args_OBJECT_LIBRARY} OBJECT ${args_TESTS})
  add_executable(${args_NAME} $<TARGET_OBJECTS:${args_OBJECT_LIBRARY}>)
  # usycl++ compiles the tests and links the executable (device link).
  add_sycl_to_target(TARGET ${args_OBJECT_LIBRARY} SOURCES ${args_TESTS})
  add_sycl_to_target(TARGET ${args_NAME})
  set_target_properties(${args_OBJECT_LIBRARY} PROPERTIES
    INCLUDE_DIRECTORIES $<TARGET_PROPERTY:${args_NAME},INCLUDE_DIRECTORIES>
    COMPILE_DEFINITIONS $<TARGET_PROPERTY:${args_NAME},COMPILE_DEFINITIONS>
    COMPILE_OPTIONS     $<TARGET_PROPERTY:${args_NAME},COMPILE_OPTIONS>
    COMPILE_FEATURES    $<TARGET_PROPERTY:${args_NAME},COMPILE_FEATURES>)
endfunction()
