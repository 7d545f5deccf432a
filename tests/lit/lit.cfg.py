# lit configuration of the usycl compiler-tool tests.
import os
import shutil
import sys
import subprocess

import lit.formats

config.name = "usycl"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp", ".ll", ".test"]
config.excludes = ["Inputs", "tools", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.usycl_obj_root, "output")

# FileCheck, not, split-file, llvm-as, llvm-dis, llvm-readelf, llvm-objcopy.
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "")])
# The tests must see the tools the build configured, not the caller's
# overrides (docs/driver.md lists these variables).
for variable in ["USYCL_CLANG", "USYCL_LLVM_BINDIR", "USYCL_PTXAS",
                 "USYCL_CUDA_ROOT", "USYCL_LIBDEVICE"]:
    config.environment.pop(variable, None)
if "TMPDIR" in os.environ:
    config.environment["TMPDIR"] = os.environ["TMPDIR"]
# The device code generation cache would skip opt, llc and ptxas for a
# module an earlier run compiled, and the tests check those commands and
# their output: off, except where a test turns it on with a cache of its own
# (driver/link-verbose.cpp).
config.environment["USYCL_CODEGEN_CACHE"] = "0"


def tool(name):
    return os.path.join(config.usycl_bin_dir, name)


# A sanitizer build links programs against the sanitizer runtime, whose ld
# warnings are not usycl++'s: tests see its output without them.
if getattr(config, "usycl_sanitize", ""):
    config.substitutions.append(
        ("%usycl", "%s %s %s" % (
            sys.executable,
            os.path.join(os.path.dirname(__file__), "tools",
                         "without-sanitizer-ld-warnings.py"),
            tool("usycl++"))))
else:
    config.substitutions.append(("%usycl", tool("usycl++")))
config.substitutions.append(("%sycl-post-link", tool("sycl-post-link")))
config.substitutions.append(("%propset", tool("usycl-propset")))
config.substitutions.append(("%sycl-aspect-filter", tool("sycl-aspect-filter")))
config.substitutions.append(("%sycl-mlir-opt", tool("sycl-mlir-opt")))
config.substitutions.append(("%specialize-ptx", tool("usycl-specialize-ptx")))
config.substitutions.append(("%python", sys.executable))
# The shipped device configuration file as the build tree holds it (where
# usycl++ and sycl-aspect-filter look by default).
config.substitutions.append(
    ("%device-config",
     os.path.join(os.path.dirname(config.usycl_bin_dir), "share", "usycl",
                  "device-config.yaml")))
config.substitutions.append(
    ("%plugin", os.path.join(config.usycl_lib_dir, "libusycl-plugin.so")))
config.substitutions.append(("%libdir", config.usycl_lib_dir))
# The compiler passes as an opt plugin (tests/lit/passes), and the SYCL
# headers for tests that run clang with the plugin directly.
config.substitutions.append(
    ("%passes-plugin", os.path.join(config.usycl_lib_dir, "libusycl-passes-opt.so")))
config.substitutions.append(
    ("%sycl-include", os.path.join(config.usycl_source_dir, "include")))
config.substitutions.append(
    ("%clang", os.path.join(config.llvm_tools_dir, "clang++")))

# ptxas: cubins are built only where it exists (usycl++ finds it the same way).
ptxas = os.path.join(config.cuda_root, "bin", "ptxas")
if os.access(ptxas, os.X_OK) or shutil.which("ptxas"):
    config.available_features.add("ptxas")
    config.substitutions.append(
        ("%ptxas", ptxas if os.access(ptxas, os.X_OK) else shutil.which("ptxas")))
if os.path.isfile(os.path.join(config.cuda_root, "nvvm", "libdevice",
                               "libdevice.10.bc")):
    config.available_features.add("libdevice")


# Programs can only be linked and run against a runtime that exports the
# image-registration entry points the wrapper object calls.
def runtime_exports_registration():
    library = os.path.join(config.usycl_lib_dir, "libusycl.so")
    if not os.path.isfile(library):
        return False
    try:
        symbols = subprocess.run(
            [os.path.join(config.llvm_tools_dir, "llvm-nm"), "-D",
             "--defined-only", library],
            capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return False
    return ("__usycl_register_images" in symbols and
            "__usycl_unregister_images" in symbols)


if runtime_exports_registration():
    config.available_features.add("usycl-runtime")
if os.path.isfile(os.path.join(config.usycl_lib_dir, "libusycl.so")):
    config.available_features.add("usycl-runtime-library")

# A sanitizer build (CMakePresets.json asan-ubsan, tsan): its tools are
# instrumented, and the heaviest tests opt out (UNSUPPORTED: sanitized).
if getattr(config, "usycl_sanitize", ""):
    config.available_features.add("sanitized")
