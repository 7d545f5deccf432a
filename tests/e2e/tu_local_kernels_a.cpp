#define UNIT_VALUE 1
#define UNIT_ENTRY run_unit_a
#include "tu_local_kernels_unit.hpp"
