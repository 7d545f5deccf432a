#include <sycl/context.hpp>
#include <sycl/exception.hpp>

namespace sycl {
inline namespace _V1 {
namespace {
class sycl_error_category final : public std::error_category {
public:
  const char *name() const noexcept override { return "sycl"; }
  std::string message(int value) const override {
    switch (static_cast<errc>(value)) {
    case errc::success: return "success";
    case errc::runtime: return "runtime error";
    case errc::kernel: return "kernel error";
    case errc::accessor: return "accessor error";
    case errc::nd_range: return "nd_range error";
    case errc::event: return "event error";
    case errc::kernel_argument: return "kernel argument error";
    case errc::build: return "build error";
    case errc::invalid: return "invalid object or argument";
    case errc::memory_allocation: return "memory allocation error";
    case errc::platform: return "platform error";
    case errc::profiling: return "profiling error";
    case errc::feature_not_supported: return "feature not supported";
    case errc::kernel_not_supported: return "kernel not supported";
    case errc::backend_mismatch: return "backend mismatch";
    case errc::ext_oneapi_assert: return "device assertion failed";
    }
    return "unknown sycl error";
  }
};
} // namespace

const std::error_category &sycl_category() noexcept {
  static const sycl_error_category category;
  return category;
}

exception::exception(std::error_code ec, const std::string &what_arg)
    : code_(ec), message_(std::make_shared<std::string>(what_arg)) {}
exception::exception(std::error_code ec, const char *what_arg)
    : exception(ec, std::string(what_arg)) {}
exception::exception(std::error_code ec) : exception(ec, ec.message()) {}
exception::exception(int ev, const std::error_category &cat, const std::string &what_arg)
    : exception(std::error_code(ev, cat), what_arg) {}
exception::exception(int ev, const std::error_category &cat, const char *what_arg)
    : exception(std::error_code(ev, cat), what_arg) {}
exception::exception(int ev, const std::error_category &cat)
    : exception(std::error_code(ev, cat)) {}
exception::exception(context ctx, std::error_code ec, const std::string &what_arg)
    : exception(ec, what_arg) {
  context_ = std::make_shared<context>(std::move(ctx));
}
exception::exception(context ctx, std::error_code ec, const char *what_arg)
    : exception(std::move(ctx), ec, std::string(what_arg)) {}
exception::exception(context ctx, std::error_code ec) : exception(std::move(ctx), ec, ec.message()) {}
exception::exception(context ctx, int ev, const std::error_category &cat,
                     const std::string &what_arg)
    : exception(std::move(ctx), std::error_code(ev, cat), what_arg) {}
exception::exception(context ctx, int ev, const std::error_category &cat, const char *what_arg)
    : exception(std::move(ctx), std::error_code(ev, cat), std::string(what_arg)) {}
exception::exception(context ctx, int ev, const std::error_category &cat)
    : exception(std::move(ctx), std::error_code(ev, cat)) {}
exception::~exception() = default;

context exception::get_context() const {
  if (!context_)
    throw exception(make_error_code(errc::invalid), "this exception carries no context");
  return *context_;
}

} // namespace _V1
} // namespace sycl
