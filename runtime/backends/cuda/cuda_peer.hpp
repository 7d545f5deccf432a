// Peer access between CUDA devices: whether one device's context may read
// and write another device's memory directly (NVLink, PCIe peer-to-peer), so
// that a copy between their memory runs as one cuMemcpyPeerAsync instead of
// being staged through host memory by the driver.
//
// Decided lazily, once per ordered pair of devices: the first copy between
// two devices asks cuDeviceCanAccessPeer and, where it says yes, calls
// cuCtxEnablePeerAccess in the accessing device's primary context
// (CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED -- user code or the CUDA runtime
// got there first -- counts as enabled). The verdict is kept in the
// accessing device's device_state; later copies read it with one atomic
// load. USYCL_CUDA_PEER_ACCESS=0 turns peer access off (every copy between
// GPUs goes through the host), for measurements and to test that path.
// docs/backends/cuda.md, "Several GPUs".
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace usycl::rt::cuda {

struct device_state;

inline constexpr const char *peer_access_env = "USYCL_CUDA_PEER_ACCESS";

// A USYCL_CUDA_PEER_ACCESS value: unset, "" or "1": peer access where the
// devices allow it (the default); "0": never. Anything else: nullopt.
std::optional<bool> parse_peer_access(const char *value);

// "" when USYCL_CUDA_PEER_ACCESS is usable, else the message the runtime
// reports like a malformed ONEAPI_DEVICE_SELECTOR (backend::configuration_error).
std::string peer_access_configuration_error();

// One device's access to the memory of its peers (member of device_state).
class peer_links {
public:
  // Whether `self` (the device owning these links) can access memory of
  // `peer` directly; enables it on the first call for that peer.
  // Thread-safe: concurrent first calls decide once, under a mutex.
  bool access(device_state &self, device_state &peer);

private:
  enum : uint8_t { unknown = 0, enabled = 1, unavailable = 2 };
  bool decide(device_state &self, device_state &peer);

  static constexpr int fast_peers = 64; // ordinals below this: lock-free lookups
  std::array<std::atomic<uint8_t>, fast_peers> state_{};
  std::mutex mutex_;
  std::map<int, uint8_t> other_peers_; // ordinals >= fast_peers, under mutex_
};

// Whether copies between memory of `a` and `b` (two different devices) can
// run peer-to-peer: access enabled in both directions, each decided once.
bool peer_copies_possible(device_state &a, device_state &b);

} // namespace usycl::rt::cuda
