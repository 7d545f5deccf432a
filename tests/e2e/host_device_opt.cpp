// usycl++ -fsycl-host-device-opt (issue 21): kernels specialised on the
// constants their submissions capture give the same results as generic ones,
// and the runtime launches a clone exactly where the captured values are
// the ones the raising proved.
//
//   Folded      an int trip count, a float, a bool and an int array, all
//               plain locals initialised with constants: specialised;
//   Looped      a constant captured in a loop of submissions: specialised
//               every time;
//   FromArgs    a value computed from argc at run time: generic;
//   Reassigned  a local assigned twice before its submission: generic.
//
// When USYCL_TRACE_FILE names the trace (ctest sets it, with USYCL_TRACE=1),
// the program also reads which launches ran a clone ("[specialised: ...]").
#include "e2e_common.hpp"

#include <array>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

class Folded;
class Looped;
class FromArgs;
class Reassigned;

namespace {

// Counts the launch lines of the trace per kernel: total and specialised.
std::map<std::string, std::pair<int, int>> launches(const std::string &trace) {
  std::map<std::string, std::pair<int, int>> counts;
  std::ifstream in(trace);
  std::string line;
  while (std::getline(in, line)) {
    if (line.find("] launch: '") == std::string::npos)
      continue;
    for (const char *k : {"Folded", "Looped", "FromArgs", "Reassigned"})
      if (line.find(std::string("'") + k + "'") != std::string::npos) {
        ++counts[k].first;
        if (line.find("[specialised: ") != std::string::npos)
          ++counts[k].second;
      }
  }
  return counts;
}

} // namespace

int main(int argc, char **) {
  const char *trace = std::getenv("USYCL_TRACE_FILE");
  if (trace)
    std::ofstream(trace, std::ios::trunc); // this run's lines only
  sycl::queue q;
  e2e::print_device(q, "host_device_opt");
  constexpr size_t n = 4096;
  int *in = sycl::malloc_shared<int>(n, q);
  float *out = sycl::malloc_shared<float>(n, q);
  for (size_t i = 0; i < n; ++i)
    in[i] = int(i % 13);

  int taps = 3;
  float scale = 0.5f;
  bool negate = true;
  std::array<int, 4> offsets = {0, 1, 5, 7};
  q.submit([&](sycl::handler &h) {
     h.parallel_for<Folded>(sycl::range<1>(n), [=](sycl::id<1> i) {
       float s = 0.0f;
       for (int t = 0; t < taps; ++t)
         s += float(in[(i[0] + size_t(offsets[size_t(t)])) % n]);
       out[i] = (negate ? -s : s) * scale;
     });
   }).wait();
  for (size_t i = 0; i < n; ++i) {
    float s = 0.0f;
    for (int t = 0; t < 3; ++t)
      s += float(in[(i + size_t(offsets[size_t(t)])) % n]);
    e2e::check_eq("Folded[" + std::to_string(i) + "]", out[i], -s * 0.5f);
  }

  float step = 0.25f;
  for (int round = 0; round < 3; ++round) {
    q.submit([&](sycl::handler &h) {
       h.parallel_for<Looped>(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] += step; });
     }).wait();
  }
  for (size_t i = 0; i < n; ++i) {
    float s = 0.0f;
    for (int t = 0; t < 3; ++t)
      s += float(in[(i + size_t(offsets[size_t(t)])) % n]);
    e2e::check_eq("Looped[" + std::to_string(i) + "]", out[i], -s * 0.5f + 0.75f);
  }

  const int runtime_value = argc + 1; // 2 under ctest
  q.submit([&](sycl::handler &h) {
     h.parallel_for<FromArgs>(sycl::range<1>(n),
                              [=](sycl::id<1> i) { out[i] = float(in[i] * runtime_value); });
   }).wait();
  for (size_t i = 0; i < n; ++i)
    e2e::check_eq("FromArgs[" + std::to_string(i) + "]", out[i], float(int(i % 13) * (argc + 1)));

  int factor = 2;
  factor = 3;
  q.submit([&](sycl::handler &h) {
     h.parallel_for<Reassigned>(sycl::range<1>(n),
                                [=](sycl::id<1> i) { out[i] = float(in[i] * factor); });
   }).wait();
  for (size_t i = 0; i < n; ++i)
    e2e::check_eq("Reassigned[" + std::to_string(i) + "]", out[i], float(int(i % 13) * 3));

  if (trace) {
    auto counts = launches(trace);
    auto expect = [&](const char *kernel, int total, int specialised) {
      e2e::check_eq(std::string("launches of ") + kernel, counts[kernel].first, total);
      e2e::check_eq(std::string("specialised launches of ") + kernel, counts[kernel].second,
                    specialised);
    };
    expect("Folded", 1, 1);
    expect("Looped", 3, 3);
    expect("FromArgs", 1, 0);
    expect("Reassigned", 1, 0);
  }
  sycl::free(in, q);
  sycl::free(out, q);
  return e2e::finish("host_device_opt");
}
