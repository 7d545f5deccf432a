// sycl::exception, errc (DPC++'s numbering) and asynchronous error lists.
#pragma once

#include <sycl/detail/defines.hpp>

#include <exception>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <system_error>
#include <type_traits>
#include <vector>

namespace sycl {
inline namespace _V1 {

class context;

enum class errc : int {
  success = 0,
  runtime = 1,
  kernel = 2,
  accessor = 3,
  nd_range = 4,
  event = 5,
  kernel_argument = 6,
  build = 7,
  invalid = 8,
  memory_allocation = 9,
  platform = 10,
  profiling = 11,
  feature_not_supported = 12,
  kernel_not_supported = 13,
  backend_mismatch = 14,
  // Extension: a device-side assert failed (seed 000).
  ext_oneapi_assert = 15,
};

USYCL_EXPORT const std::error_category &sycl_category() noexcept;

inline std::error_code make_error_code(errc e) noexcept {
  return {static_cast<int>(e), sycl_category()};
}

class USYCL_EXPORT exception : public virtual std::exception {
public:
  exception(std::error_code ec, const std::string &what_arg);
  exception(std::error_code ec, const char *what_arg);
  exception(std::error_code ec);
  exception(int ev, const std::error_category &cat, const std::string &what_arg);
  exception(int ev, const std::error_category &cat, const char *what_arg);
  exception(int ev, const std::error_category &cat);
  exception(context ctx, std::error_code ec, const std::string &what_arg);
  exception(context ctx, std::error_code ec, const char *what_arg);
  exception(context ctx, std::error_code ec);
  exception(context ctx, int ev, const std::error_category &cat, const std::string &what_arg);
  exception(context ctx, int ev, const std::error_category &cat, const char *what_arg);
  exception(context ctx, int ev, const std::error_category &cat);
  exception(const exception &) = default;
  exception &operator=(const exception &) = default;
  ~exception() override;

  const std::error_code &code() const noexcept { return code_; }
  const std::error_category &category() const noexcept { return code_.category(); }
  const char *what() const noexcept override { return message_->c_str(); }
  bool has_context() const noexcept { return context_ != nullptr; }
  context get_context() const;

private:
  std::error_code code_;
  std::shared_ptr<std::string> message_;
  std::shared_ptr<context> context_;
};

class exception_list {
public:
  using value_type = std::exception_ptr;
  using reference = value_type &;
  using const_reference = const value_type &;
  using size_type = std::size_t;
  using iterator = std::vector<std::exception_ptr>::const_iterator;
  using const_iterator = iterator;

  exception_list() = default;
  explicit exception_list(std::vector<std::exception_ptr> list)
      : list_(std::move(list)) {}
  size_type size() const { return list_.size(); }
  iterator begin() const { return list_.begin(); }
  iterator end() const { return list_.end(); }
  void push_back(std::exception_ptr e) { list_.push_back(std::move(e)); }

private:
  std::vector<std::exception_ptr> list_;
};

using async_handler = std::function<void(sycl::exception_list)>;

} // namespace _V1
} // namespace sycl

namespace std {
template <> struct is_error_code_enum<sycl::errc> : true_type {};
} // namespace std
