// Turns a recorded command group into backend work: resolves dependencies
// (explicit, buffer accesses, in-order predecessor), and either enqueues at
// once (every dependency is already on a queue the backend can wait on) or
// hands the command to a host worker that waits first.
#pragma once

#include "event_impl.hpp"
#include "queue_impl.hpp"

#include <sycl/detail/command_group.hpp>

namespace sycl {
inline namespace _V1 {
namespace detail {

std::shared_ptr<event_impl> submit(queue_impl &queue, command_group &&group);

} // namespace detail
} // namespace _V1
} // namespace sycl
