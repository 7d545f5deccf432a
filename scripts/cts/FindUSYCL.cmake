# FindUSYCL.cmake: SYCL-CTS's hook for usycl (SYCL_IMPLEMENTATION=USYCL).
# The suite calls find_package(USYCL); we defer to the installed usycl
# package (find_package(usycl CONFIG), cmake/usyclConfig.cmake of usycl),
# located through USYCL_INSTALL_DIR or CMAKE_PREFIX_PATH.
#
#   USYCL_INSTALL_DIR   prefix usycl was installed to (cmake --install)
#   USYCL_TARGETS       -fsycl-targets for the tests (empty: usycl++'s default)
set(USYCL_INSTALL_DIR "" CACHE PATH "Prefix of the usycl installation to test")
find_package(usycl CONFIG REQUIRED
  HINTS "${USYCL_INSTALL_DIR}" "${USYCL_INSTALL_DIR}/lib/cmake/usycl")
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(USYCL
  REQUIRED_VARS usycl_CXX_COMPILER usycl_INCLUDE_DIR usycl_LIBRARY
  VERSION_VAR usycl_VERSION)
