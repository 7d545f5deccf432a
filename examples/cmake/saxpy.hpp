// y = a * x + y on the queue's device.
#pragma once
#include <sycl/sycl.hpp>
#include <vector>

void saxpy(sycl::queue &q, float a, const std::vector<float> &x, std::vector<float> &y);
