// The NDEBUG twins of triad_assert.cpp's kernel (see triad_assert.cpp): the
// same kernel without the assert, and with the same condition checked by
// hand (no assert machinery).
#define NDEBUG
#define TRIAD_FUNCTION triad_ndebug
#include "triad_kernel.hpp"
#undef TRIAD_FUNCTION
#define TRIAD_FUNCTION triad_check
#define TRIAD_PLAIN_CHECK
#include "triad_kernel.hpp"
