// usycl: SYCL 2020 on upstream clang. The one header programs include.
#pragma once

#include <sycl/detail/defines.hpp>

// As DPC++'s: programs written against it use std::cout without including
// <iostream> themselves.
#include <iostream>

#include <sycl/access_mode.hpp>
#include <sycl/accessor.hpp>
#include <sycl/aliases.hpp>
#include <sycl/aspect.hpp>
#include <sycl/atomic.hpp>
#include <sycl/atomic_fence.hpp>
#include <sycl/atomic_ref.hpp>
#include <sycl/bit_cast.hpp>
#include <sycl/buffer.hpp>
#include <sycl/context.hpp>
#include <sycl/device.hpp>
#include <sycl/device_event.hpp>
#include <sycl/device_selector.hpp>
#include <sycl/event.hpp>
#include <sycl/exception.hpp>
#include <sycl/group.hpp>
#include <sycl/group_algorithm.hpp>
#include <sycl/h_item.hpp>
#include <sycl/half.hpp>
#include <sycl/handler.hpp>
#include <sycl/image.hpp>
#include <sycl/image_accessor.hpp>
#include <sycl/id.hpp>
#include <sycl/info.hpp>
#include <sycl/item.hpp>
#include <sycl/kernel.hpp>
#include <sycl/kernel_bundle.hpp>
#include <sycl/kernel_handler.hpp>
#include <sycl/marray.hpp>
#include <sycl/math.hpp>
#include <sycl/multi_ptr.hpp>
#include <sycl/nd_item.hpp>
#include <sycl/nd_range.hpp>
#include <sycl/platform.hpp>
#include <sycl/private_memory.hpp>
#include <sycl/property_list.hpp>
#include <sycl/queue.hpp>
#include <sycl/range.hpp>
#include <sycl/reduction.hpp>
#include <sycl/sampler.hpp>
#include <sycl/specialization_id.hpp>
#include <sycl/stream.hpp>
#include <sycl/span.hpp>
#include <sycl/sub_group.hpp>
#include <sycl/type_traits.hpp>
#include <sycl/usm.hpp>
#include <sycl/vec.hpp>
#include <sycl/ext/oneapi/bfloat16.hpp>
#include <sycl/ext/oneapi/dot_product.hpp>
#include <sycl/ext/oneapi/experimental/architecture.hpp>
#include <sycl/ext/oneapi/experimental/builtins.hpp>
#include <sycl/ext/oneapi/experimental/clock.hpp>
#include <sycl/ext/oneapi/experimental/device_if.hpp>
#include <sycl/ext/oneapi/group_local_memory.hpp>
#include <sycl/ext/oneapi/sub_group_mask.hpp>
#include <sycl/khr/group_interface.hpp>
#include <sycl/khr/work_item_queries.hpp>
