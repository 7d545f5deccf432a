// 7-point 3-D Jacobi stencil over buffers, ping-ponging between two buffers
// for several iterations (each kernel reads the buffer the previous one
// wrote), checked against the same computation on the host.
#include "e2e_common.hpp"

#include <utility>
#include <vector>

constexpr size_t X = 18, Y = 14, Z = 10; // dims 0, 1, 2
constexpr int iterations = 7;

static size_t at(size_t i, size_t j, size_t k) { return (i * Y + j) * Z + k; }

static void host_step(const std::vector<float> &in, std::vector<float> &out) {
  for (size_t i = 0; i < X; ++i)
    for (size_t j = 0; j < Y; ++j)
      for (size_t k = 0; k < Z; ++k) {
        if (i == 0 || j == 0 || k == 0 || i == X - 1 || j == Y - 1 || k == Z - 1) {
          out[at(i, j, k)] = in[at(i, j, k)]; // fixed boundary
          continue;
        }
        out[at(i, j, k)] = (in[at(i, j, k)] * 2.0f + in[at(i - 1, j, k)] + in[at(i + 1, j, k)] +
                            in[at(i, j - 1, k)] + in[at(i, j + 1, k)] + in[at(i, j, k - 1)] +
                            in[at(i, j, k + 1)]) *
                           0.125f;
      }
}

int main() {
  sycl::queue q;
  e2e::print_device(q, "stencil3d");
  std::vector<float> init(X * Y * Z);
  for (size_t i = 0; i < init.size(); ++i) init[i] = float((i * 37) % 101) * 0.25f;

  std::vector<float> a = init, b(init.size(), 0.0f);
  for (int it = 0; it < iterations; ++it) {
    host_step(a, b);
    std::swap(a, b);
  }
  const std::vector<float> &ref = a; // result of the last step

  std::vector<float> result(init.size(), -1.0f);
  {
    const float *init_data = init.data(); // const data: never written back
    sycl::buffer<float, 3> A(init_data, sycl::range<3>(X, Y, Z));
    sycl::buffer<float, 3> B{sycl::range<3>(X, Y, Z)};
    sycl::buffer<float, 3> *src = &A, *dst = &B;
    for (int it = 0; it < iterations; ++it) {
      q.submit([&](sycl::handler &h) {
        sycl::accessor in(*src, h, sycl::read_only);
        sycl::accessor out(*dst, h, sycl::write_only, sycl::no_init);
        h.parallel_for(sycl::range<3>(X, Y, Z), [=](sycl::item<3> p) {
          size_t i = p[0], j = p[1], k = p[2];
          if (i == 0 || j == 0 || k == 0 || i == X - 1 || j == Y - 1 || k == Z - 1) {
            out[p] = in[p];
            return;
          }
          out[p] = (in[i][j][k] * 2.0f + in[i - 1][j][k] + in[i + 1][j][k] + in[i][j - 1][k] +
                    in[i][j + 1][k] + in[i][j][k - 1] + in[i][j][k + 1]) *
                   0.125f;
        });
      });
      std::swap(src, dst);
    }
    // *src holds the last result; copy it out with an explicit copy command.
    q.submit([&](sycl::handler &h) {
      sycl::accessor r(*src, h, sycl::read_only);
      h.copy(r, result.data());
    });
    q.wait();
  }
  for (size_t i = 0; i < X; ++i)
    for (size_t j = 0; j < Y; ++j)
      for (size_t k = 0; k < Z; ++k)
        e2e::check_near("stencil[" + std::to_string(i) + "][" + std::to_string(j) + "][" +
                            std::to_string(k) + "]",
                        result[at(i, j, k)], ref[at(i, j, k)], 1e-5);
  for (size_t i = 0; i < init.size(); ++i)
    if (init[i] != float((i * 37) % 101) * 0.25f) {
      e2e::fail("buffer made from const data wrote back into it at " + std::to_string(i));
      break;
    }
  return e2e::finish("stencil3d");
}
