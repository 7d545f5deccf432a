// A backend with no devices of its own: the owner the unit tests give the
// device_impl objects they build around their fake backend devices.
#pragma once

#include "backend.hpp"

#include <memory>
#include <string>
#include <vector>

namespace usycl::rt::test_support {

class empty_backend final : public backend {
public:
  const char *name() const override { return "fake"; }
  std::string platform_name() const override { return "fake"; }
  std::string platform_vendor() const override { return "fake"; }
  std::string platform_version() const override { return "0"; }
  const std::vector<std::shared_ptr<backend_device>> &devices() override { return devices_; }
  std::string unavailable_reason() const override { return ""; }

private:
  std::vector<std::shared_ptr<backend_device>> devices_;
};

} // namespace usycl::rt::test_support
