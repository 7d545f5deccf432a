#!/usr/bin/env python3
"""Runs a command and drops ld's warnings about the sanitizer runtime.

In a sanitizer build (CMakePresets.json: asan-ubsan, tsan) usycl++ links
programs against the sanitizer runtime, and GNU ld prints its link-time
warnings ("the use of `tmpnam' is dangerous") for that library. They are not
usycl's output, so the lit tests that check usycl++'s stderr for warnings see
the command's output without them. Everything else passes through unchanged,
in order, with the command's exit status.
"""
import re
import subprocess
import sys
import threading

SANITIZER_LD_WARNING = re.compile(
    rb"^/\S*ld\S*: \S*libclang_rt\.\w+[-\w.]*\.(so|a): warning: ")


def forward(source, sink, keep):
    # Line by line as the command writes, so both streams keep their order
    # when a test merges them.
    for line in iter(source.readline, b""):
        if keep(line):
            sink.write(line)
            sink.flush()


process = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
readers = [
    threading.Thread(target=forward,
                     args=(process.stdout, sys.stdout.buffer, lambda _: True)),
    threading.Thread(target=forward,
                     args=(process.stderr, sys.stderr.buffer,
                           lambda line: not SANITIZER_LD_WARNING.match(line))),
]
for reader in readers:
    reader.start()
for reader in readers:
    reader.join()
sys.exit(process.wait())
