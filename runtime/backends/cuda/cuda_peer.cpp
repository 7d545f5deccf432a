#include "cuda_peer.hpp"

#include "cuda_device.hpp"
#include "trace.hpp"

#include <cstdlib>
#include <cstring>

namespace usycl::rt::cuda {

std::optional<bool> parse_peer_access(const char *value) {
  if (!value || !*value || std::strcmp(value, "1") == 0) return true;
  if (std::strcmp(value, "0") == 0) return false;
  return std::nullopt;
}

namespace {
// Read once (thread-safe static initialisation); a malformed value is
// reported by the backend's configuration_error() and means "off" here.
bool peer_access_wanted() {
  static const bool wanted = parse_peer_access(std::getenv(peer_access_env)).value_or(false);
  return wanted;
}
} // namespace

std::string peer_access_configuration_error() {
  const char *value = std::getenv(peer_access_env);
  if (parse_peer_access(value)) return {};
  return std::string(peer_access_env) + "='" + value +
         "' is not a valid setting; use 0 (copies between GPUs go through the host) or 1 "
         "(peer-to-peer where the GPUs allow it, the default)";
}

bool peer_links::access(device_state &self, device_state &peer) {
  const int p = peer.ordinal;
  std::atomic<uint8_t> *slot = p >= 0 && p < fast_peers ? &state_[p] : nullptr;
  if (slot) {
    const uint8_t s = slot->load(std::memory_order_acquire);
    if (s != unknown) [[likely]]
      return s == enabled;
  }
  std::lock_guard lock(mutex_);
  if (slot) {
    if (const uint8_t s = slot->load(std::memory_order_relaxed); s != unknown) return s == enabled;
  } else if (auto it = other_peers_.find(p); it != other_peers_.end()) {
    return it->second == enabled;
  }
  const bool ok = decide(self, peer); // may throw (a context that cannot be made current)
  if (slot)
    slot->store(ok ? enabled : unavailable, std::memory_order_release);
  else
    other_peers_[p] = ok ? enabled : unavailable;
  return ok;
}

bool peer_links::decide(device_state &self, device_state &peer) {
  const driver_api &a = self.ctx->api();
  std::string why; // why not, "" when enabled
  if (!peer_access_wanted()) {
    why = std::string("peer access off (") + peer_access_env + "=0)";
  } else if (!a.device_can_access_peer || !a.ctx_enable_peer_access || !a.memcpy_peer_async) {
    why = "the driver lacks cuDeviceCanAccessPeer, cuCtxEnablePeerAccess or cuMemcpyPeerAsync";
  } else {
    int can = 0;
    CUresult r = a.device_can_access_peer(&can, self.ctx->device(), peer.ctx->device());
    if (r != CUDA_SUCCESS) {
      why = "cuDeviceCanAccessPeer failed: " + driver::get().describe(r);
    } else if (!can) {
      why = "cuDeviceCanAccessPeer says the devices cannot access each other's memory";
    } else {
      self.ctx->make_current();
      r = a.ctx_enable_peer_access(peer.ctx->get(), 0);
      if (r != CUDA_SUCCESS && r != CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED)
        why = "cuCtxEnablePeerAccess failed: " + driver::get().describe(r);
    }
  }
  if (trace::enabled(trace::level::basic))
    trace::writef("peer", "%s (CUDA device %d) -> %s (CUDA device %d): %s",
                  self.info.name.c_str(), self.ordinal, peer.info.name.c_str(), peer.ordinal,
                  why.empty() ? "peer access enabled"
                              : ("no peer access: " + why).c_str());
  return why.empty();
}

bool peer_copies_possible(device_state &a, device_state &b) {
  if (&a == &b) return false;
  // Both ways: the copy engine of either device may run the copy (the
  // queue's device is the source or the destination), and peer hardware
  // links are symmetric anyway.
  return a.peers.access(a, b) && b.peers.access(b, a);
}

} // namespace usycl::rt::cuda
