#define UNIT_VALUE 2
#define UNIT_ENTRY run_unit_b
#include "tu_local_kernels_unit.hpp"
