// usycl: SYCL 2020 on upstream clang. The one header programs include.
#pragma once

#include <sycl/detail/defines.hpp>

#include <sycl/access_mode.hpp>
#include <sycl/accessor.hpp>
#include <sycl/aspect.hpp>
#include <sycl/atomic_fence.hpp>
#include <sycl/atomic_ref.hpp>
#include <sycl/bit_cast.hpp>
#include <sycl/buffer.hpp>
#include <sycl/context.hpp>
#include <sycl/device.hpp>
#include <sycl/device_selector.hpp>
#include <sycl/event.hpp>
#include <sycl/exception.hpp>
#include <sycl/group.hpp>
#include <sycl/group_algorithm.hpp>
#include <sycl/half.hpp>
#include <sycl/handler.hpp>
#include <sycl/id.hpp>
#include <sycl/info.hpp>
#include <sycl/item.hpp>
#include <sycl/kernel_bundle.hpp>
#include <sycl/marray.hpp>
#include <sycl/math.hpp>
#include <sycl/nd_item.hpp>
#include <sycl/nd_range.hpp>
#include <sycl/platform.hpp>
#include <sycl/property_list.hpp>
#include <sycl/queue.hpp>
#include <sycl/range.hpp>
#include <sycl/reduction.hpp>
#include <sycl/sub_group.hpp>
#include <sycl/usm.hpp>
#include <sycl/vec.hpp>
