// sycl::stream (SYCL 2020 §4.16): what kernels print reaches stdout when the
// kernel completes, a statement of one work-item is never interleaved with
// another's, manipulators format as iostreams do, statements longer than
// the work-item buffer size are cut, a full buffer drops the rest, format
// flags belong to the work-item that set them. The
// program captures its own stdout (a temporary file) and checks the text.
#include "e2e_common.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

// Runs `work` with stdout going to a temporary file; returns what was printed.
template <typename F> std::string capture_stdout(F work) {
  std::fflush(stdout);
  FILE *tmp = std::tmpfile();
  int saved = dup(1);
  dup2(fileno(tmp), 1);
  work();
  std::fflush(stdout);
  dup2(saved, 1);
  close(saved);
  std::string text;
  std::rewind(tmp);
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, tmp)) > 0) text.append(buf, n);
  std::fclose(tmp);
  return text;
}

std::vector<std::string> lines(const std::string &text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

} // namespace

int main() {
  sycl::queue q;
  e2e::print_device(q, "stream");

  // Many work-items, one statement each: every line whole, each once.
  constexpr int items = 256;
  std::string text = capture_stdout([&] {
    q.submit([&](sycl::handler &h) {
      sycl::stream os(items * 64, 64, h);
      h.parallel_for<class many>(sycl::nd_range<1>(items, 32), [=](sycl::nd_item<1> it) {
        int i = static_cast<int>(it.get_global_id(0));
        os << "item " << i << " squared " << i * i << " group " << it.get_group(0) << sycl::endl;
      });
    });
    q.wait();
  });
  std::map<std::string, int> seen;
  for (const std::string &l : lines(text)) ++seen[l];
  for (int i = 0; i < items; ++i) {
    std::string want = "item " + std::to_string(i) + " squared " + std::to_string(i * i) +
                       " group " + std::to_string(i / 32);
    e2e::check_eq("line '" + want + "' count", seen[want], 1);
  }
  e2e::check_eq("line count", lines(text).size(), size_t(items));

  // Formatting: the same text as std::ostream gives for these manipulators.
  text = capture_stdout([&] {
    q.submit([&](sycl::handler &h) {
      sycl::stream os(4096, 1024, h);
      h.single_task<class formats>([=] {
        os << 255 << " " << sycl::hex << 255 << " " << sycl::showbase << 255 << " " << sycl::oct
           << 8 << sycl::noshowbase << " " << sycl::dec << sycl::showpos << 7 << " " << -7
           << sycl::noshowpos << sycl::endl;
        os << 3.14159265 << " " << 1e-5 << " " << 123456789.0 << " " << 0.5f << " " << 100.0
           << sycl::endl;
        os << sycl::fixed << sycl::setprecision(3) << 2.0 / 3 << " " << sycl::scientific
           << 12345.678 << " " << sycl::hexfloat << 5.0f << sycl::defaultfloat
           << sycl::setprecision(6) << sycl::endl;
        os << sycl::setw(5) << 42 << "|" << true << " " << 'c' << " " << sycl::int2(1, -2) << " "
           << sycl::id<2>(3, 4) << " " << sycl::range<1>(9) << sycl::endl;
        os << "no endl at the end"; // flushed when the kernel ends
      });
    });
    q.wait();
  });
  std::vector<std::string> got = lines(text);
  std::vector<std::string> want = {"255 ff 0xff 010 +7 -7",
                                   "3.14159 1e-05 1.23457e+08 0.5 100",
                                   "0.667 1.235e+04 0x1.4p+2",
                                   "   42|true c {1,-2} {3, 4} {9}",
                                   "no endl at the end"};
  e2e::check_eq("format line count", got.size(), want.size());
  for (size_t i = 0; i < std::min(got.size(), want.size()); ++i)
    e2e::check_eq("format line " + std::to_string(i), got[i], want[i]);

  // A statement is cut at the work-item buffer size; a full buffer drops
  // what does not fit.
  text = capture_stdout([&] {
    q.submit([&](sycl::handler &h) {
      sycl::stream os(16, 8, h);
      e2e::check_eq("size()", os.size(), size_t(16));
      e2e::check_eq("get_work_item_buffer_size()", os.get_work_item_buffer_size(), size_t(8));
      h.single_task<class limits>([=] {
        os << "0123456789abcdef" << sycl::endl; // 8 characters kept
        os << "ABCDEFGH";                        // 8 more fill the buffer
        os << "dropped";
      });
    });
    q.wait();
  });
  e2e::check_eq("limited output", text, std::string("01234567ABCDEFGH"));

  // Format state is per work-item, as each work-item's copy of the stream on
  // a GPU: even work-items switch to hex, then every work-item prints after
  // a barrier (on the CPU the work-items of a group interleave there); a
  // work-item that set nothing prints decimal, also the same local id of the
  // next group.
  constexpr int state_items = 16, state_group = 8;
  text = capture_stdout([&] {
    q.submit([&](sycl::handler &h) {
      sycl::stream os(state_items * 64, 64, h);
      h.parallel_for<class per_item_state>(
          sycl::nd_range<1>(state_items, state_group), [=](sycl::nd_item<1> it) {
            const size_t i = it.get_global_id(0);
            if (i % 2 == 0 && it.get_group(0) == 0)
              os << sycl::hex << sycl::showbase;
            sycl::group_barrier(it.get_group());
            os << "state " << i << " " << 255 << sycl::endl;
            sycl::group_barrier(it.get_group());
            os << "again " << i << " " << 255 << sycl::endl;
          });
    });
    q.wait();
  });
  seen.clear();
  for (const std::string &l : lines(text)) ++seen[l];
  for (int i = 0; i < state_items; ++i) {
    const bool hex = i % 2 == 0 && i < state_group;
    // The hex flag also formats the work-item's own id.
    char id_hex[16];
    std::snprintf(id_hex, sizeof id_hex, "%#x", i);
    const std::string id = hex ? std::string(i == 0 ? "0" : id_hex) : std::to_string(i);
    for (const char *tag : {"state ", "again "}) {
      const std::string want = tag + id + " " + (hex ? "0xff" : "255");
      e2e::check_eq("per-work-item format '" + want + "'", seen[want], 1);
    }
  }

  // Hierarchical kernels print from both scopes.
  text = capture_stdout([&] {
    q.submit([&](sycl::handler &h) {
      sycl::stream os(4096, 128, h);
      h.parallel_for_work_group<class hier>(sycl::range<1>(2), sycl::range<1>(3),
                                            [=](sycl::group<1> g) {
        os << "group " << g.get_group_id(0) << sycl::endl;
        g.parallel_for_work_item([&](sycl::h_item<1> it) {
          os << "wi " << it.get_global_id(0) << sycl::endl;
        });
      });
    });
    q.wait();
  });
  seen.clear();
  for (const std::string &l : lines(text)) ++seen[l];
  for (int g = 0; g < 2; ++g) e2e::check_eq("group line", seen["group " + std::to_string(g)], 1);
  for (int i = 0; i < 6; ++i) e2e::check_eq("wi line", seen["wi " + std::to_string(i)], 1);
  // sycl::ext::oneapi::experimental::printf: C printf from kernels.
  text = capture_stdout([&] {
    q.parallel_for<class printf_kernel>(sycl::range<1>(4), [=](sycl::id<1> i) {
       sycl::ext::oneapi::experimental::printf("printf %d %.1f\n", static_cast<int>(i[0]),
                                               0.5f * static_cast<float>(i[0]));
     }).wait();
  });
  seen.clear();
  for (const std::string &l : lines(text)) ++seen[l];
  for (int i = 0; i < 4; ++i) {
    std::string want = "printf " + std::to_string(i) + " " + (i % 2 ? std::to_string(i / 2) + ".5"
                                                                     : std::to_string(i / 2) + ".0");
    e2e::check_eq("printf line '" + want + "'", seen[want], 1);
  }
  return e2e::finish("stream");
}
