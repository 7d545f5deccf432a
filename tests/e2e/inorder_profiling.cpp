// In-order queue with property::queue::enable_profiling: commands run in
// submission order without explicit dependencies, and every event's
// profiling info is monotone (submit <= start <= end), also across commands.
#include "e2e_common.hpp"

#include <vector>

using namespace sycl::info;

struct times {
  uint64_t submit, start, end;
};

static times profile(sycl::event &e) {
  return {e.get_profiling_info<event_profiling::command_submit>(),
          e.get_profiling_info<event_profiling::command_start>(),
          e.get_profiling_info<event_profiling::command_end>()};
}

int main() {
  sycl::queue q{sycl::property_list{sycl::property::queue::in_order(),
                                    sycl::property::queue::enable_profiling()}};
  e2e::print_device(q, "inorder_profiling");
  e2e::check("queue reports in_order", q.is_in_order());
  e2e::check("queue has in_order property", q.has_property<sycl::property::queue::in_order>());
  e2e::check("queue has enable_profiling property",
             q.has_property<sycl::property::queue::enable_profiling>());
  e2e::check("device has aspect::queue_profiling", q.get_device().has(sycl::aspect::queue_profiling));

  constexpr size_t n = 1 << 16;
  int *a = sycl::malloc_device<int>(n, q);
  int *b = sycl::malloc_shared<int>(n, q);
  std::vector<int> host(n);
  std::vector<sycl::event> evs;
  std::vector<const char *> names;

  // A chain whose result is only right if the order is kept.
  evs.push_back(q.fill(a, 1, n));
  names.push_back("fill");
  evs.push_back(q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = a[i] * 3 + int(i); }));
  names.push_back("kernel 1");
  evs.push_back(q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { b[i] = a[i] + 1; }));
  names.push_back("kernel 2");
  evs.push_back(q.single_task([=] { b[0] = -b[0]; }));
  names.push_back("single_task");
  evs.push_back(q.memcpy(host.data(), b, n * sizeof(int)));
  names.push_back("memcpy");
  evs.push_back(q.submit([&](sycl::handler &h) { h.host_task([&] { host[1] += 1000; }); }));
  names.push_back("host_task");
  evs.push_back(q.memset(a, 0, n * sizeof(int)));
  names.push_back("memset");
  q.wait();

  for (size_t i = 0; i < n; ++i) {
    int want = 3 + int(i) + 1;
    if (i == 0) want = -want;
    if (i == 1) want += 1000;
    e2e::check_eq("result[" + std::to_string(i) + "]", host[i], want);
  }

  std::vector<times> t;
  for (size_t k = 0; k < evs.size(); ++k) {
    e2e::check_eq(std::string(names[k]) + ": status",
                  evs[k].get_info<event::command_execution_status>(), event_command_status::complete);
    try {
      t.push_back(profile(evs[k]));
    } catch (const sycl::exception &e) {
      e2e::fail(std::string(names[k]) + ": get_profiling_info threw: " + e.what());
      t.push_back({0, 0, 0});
      continue;
    }
    const times &x = t.back();
    std::printf("  %-12s submit %llu start +%llu ns end +%llu ns\n", names[k],
                (unsigned long long)x.submit, (unsigned long long)(x.start - x.submit),
                (unsigned long long)(x.end - x.start));
    e2e::check(std::string(names[k]) + ": submit <= start", x.submit <= x.start);
    e2e::check(std::string(names[k]) + ": start <= end", x.start <= x.end);
    e2e::check(std::string(names[k]) + ": timestamps are non-zero", x.submit != 0 && x.end != 0);
  }
  for (size_t k = 1; k < t.size(); ++k) {
    e2e::check(std::string(names[k]) + " submitted after " + names[k - 1],
               t[k - 1].submit <= t[k].submit);
    // In-order: a command starts after the previous one ended.
    e2e::check(std::string(names[k]) + " started after " + names[k - 1] + " ended",
               t[k - 1].end <= t[k].start);
  }

  // A queue without the property refuses profiling queries with errc::invalid.
  sycl::queue plain;
  auto e = plain.single_task([] {});
  e.wait();
  e2e::expect_exception("profiling without enable_profiling", sycl::errc::invalid,
                        {"enable_profiling"},
                        [&] { (void)e.get_profiling_info<event_profiling::command_start>(); });

  sycl::free(a, q);
  sycl::free(b, q);
  return e2e::finish("inorder_profiling");
}
