#!/usr/bin/env python3
"""Compiles every tests/e2e program with `usycl++ -fsycl-raise-host -S
-emit-mlir` (a compile failure fails the script) and reports, per program,
the kernel submissions that reached the handler (sycl.host.handler.set_kernel):
how many became exactly one sycl.host.schedule_kernel, and for each one that
did not, the reason sycl-raise-host gave (its remarks). `ok` means every
submission was raised (launches whose kernel object the headers build and do
not annotate are counted separately; single_task, parallel_for with or
without reductions or a kernel_handler, and parallel_for_work_group are all
annotated). Exits 1 if a program fails to compile or has an annotated
submission that was not raised."""
import argparse
import concurrent.futures
import glob
import os
import re
import subprocess
import sys
import tempfile

# A launch whose kernel object the headers build without annotating it.
SKIP = re.compile(r"schedule_kernel: not raised: no parameter annotated 'kernel'")

# Programs whose kernels use forms sycl-raise-host does not model yet:
# 0-dimensional local_accessors, sycl::stream and image accessor captures. Their other
# submissions are still raised and counted; these are reported, not failed,
# until the raising learns them (issue 21, "raise the rest").
NOT_YET_MODELED = {
    "buffer_accessor_api.cpp": "local_accessor<T, 0>",
    "image.cpp": "image accessors (unsampled_image_accessor, sampled_image_accessor)",
    "kernel_forms.cpp": "local_accessor<T, 0>",
    "stream.cpp": "sycl::stream captured by the kernel",
    "sub_groups.cpp": "a capture that is a whole aggregate copied at once (a kernel lambda "
                      "capturing another lambda by value)",
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--usycl", required=True)
    ap.add_argument("--e2e", required=True)
    args = ap.parse_args()
    failures = 0
    incomplete = 0
    not_yet = 0
    total_sched = total_skipped = 0
    sources = sorted(glob.glob(os.path.join(args.e2e, "*.cpp")))
    with tempfile.TemporaryDirectory() as tmp:
        def compile_one(src):
            out = os.path.join(tmp, os.path.basename(src) + ".mlir")
            cmd = [args.usycl, "-fsycl-targets=x86_64", "-fsycl-raise-host", "-S",
                   "-emit-mlir", "-I", args.e2e, src, "-o", out]
            return out, subprocess.run(cmd, capture_output=True, text=True)

        # The compiles are independent and dominate the test's time: one per
        # core; the report below stays in source order.
        with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1) as pool:
            results = list(pool.map(compile_one, sources))
        for src, (out, r) in zip(sources, results):
            name = os.path.basename(src)
            if r.returncode != 0:
                print(f"FAIL {name}: usycl++ -fsycl-raise-host failed:\n{r.stderr}")
                failures += 1
                continue
            text = open(out).read()
            set_kernel = len(re.findall(r"sycl\.host\.handler\.set_kernel ", text))
            sched = len(re.findall(r"sycl\.host\.schedule_kernel ", text))
            remarks = [l for l in r.stderr.splitlines() if "remark: sycl-raise-host" in l]
            skipped = [l for l in remarks if SKIP.search(l)]
            problems = [l for l in remarks if not SKIP.search(l)]
            total_sched += sched
            total_skipped += len(skipped)
            ok = not problems and sched + len(skipped) == set_kernel
            print(f"{'ok  ' if ok else 'part'} {name}: {sched} schedule_kernel, "
                  f"{len(skipped)} not raised (unannotated), "
                  f"{set_kernel} submissions")
            for l in sorted(set(problems)):
                print("     " + l.split("remark: ", 1)[-1])
            if not ok and name in NOT_YET_MODELED:
                not_yet += 1
                print(f"     not modeled yet: {NOT_YET_MODELED[name]}")
            elif not ok:
                incomplete += 1
    print(f"summary: {total_sched} single_task/parallel_for submissions raised, "
          f"{total_skipped} unannotated launches not raised, {incomplete} program(s) with "
          f"submissions not raised, {failures} program(s) failing to compile, {not_yet} "
          f"program(s) with forms not modeled yet")
    return 1 if failures or incomplete else 0


if __name__ == "__main__":
    sys.exit(main())
