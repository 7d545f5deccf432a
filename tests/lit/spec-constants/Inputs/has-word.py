"""Prints 'present' when a file holds the 32-bit little-endian word, else 'absent'.

SASS encodes a 32-bit immediate operand as the word itself, so the constant
an arm of a branch stores shows up in the CUBIN exactly when the arm is there.
"""
import struct
import sys

data = open(sys.argv[1], "rb").read()
word = struct.pack("<I", int(sys.argv[2], 0))
print("present" if word in data else "absent")
