// 2-D heat diffusion (Jacobi iteration) on a grid split by rows across MPI
// ranks, each rank computing its slab with usycl kernels on its own device.
//
//   mpirun -np 2 ./heat_mpi [--nx N] [--ny N] [--iters K] [--check-every K]
//                           [--halo auto|staged|direct]
//
// * Device: a rank takes GPU (local rank % number of GPUs), the local rank
//   being its rank among the ranks of its node (MPI_Comm_split_type with
//   MPI_COMM_TYPE_SHARED). Without GPUs (or with ONEAPI_DEVICE_SELECTOR
//   hiding them) it takes the default device, the CPU.
// * Halos: after each sweep a rank swaps its first and last rows with its
//   neighbours (MPI_Sendrecv). Straight from device USM when the MPI
//   library is CUDA-aware (MPIX_Query_cuda_support() at run time) and the
//   device is a CUDA GPU ("device-direct"); otherwise through host buffers
//   the queue copies to and from ("host-staged"). --halo=staged forces the
//   staged path; --halo=direct asks for the direct one, which is also taken
//   on the CPU device (its device USM is host memory) and falls back to the
//   staged path where MPI could not read the device's memory.
// * Every --check-every sweeps the ranks sum their squared updates (a SYCL
//   reduction) and MPI_Allreduce gives the global residual.
// * At the end every rank compares its slab with a serial host computation
//   of the whole problem, and MPI_Allreduce gathers the largest difference
//   and a global checksum. Rank 0 prints PASSED or FAILED; the exit status
//   of every rank is 0 only when all of it matched.
//
// Built with the CMake project next to this file (find_package(MPI) beside
// find_package(usycl)), or by hand:
//   usycl++ -O2 heat_mpi.cpp $(mpicxx --showme:compile) $(mpicxx --showme:link) -o heat_mpi

// The MPI C API only: the deprecated C++ bindings add nothing here.
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>
#if defined(__has_include)
#if __has_include(<mpi-ext.h>)
#include <mpi-ext.h> // Open MPI's extensions: MPIX_Query_cuda_support
#endif
#endif

#include <sycl/sycl.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace {

struct Options {
  int nx = 256;          // columns, boundary included
  int ny = 256;          // rows, boundary included
  int iters = 400;       // Jacobi sweeps
  int check_every = 50;  // residual every this many sweeps (and after the last)
  std::string halo = "auto";
};

// Fixed temperatures on the edge of the plate: a hot top edge, the left and
// right edges falling off linearly, a cold bottom edge. The interior starts at 0.
double boundary_value(int i, int j, int nx, int ny) {
  const double down = double(i) / double(ny - 1);
  if (i == 0) return 1.0;
  if (i == ny - 1) return 0.0;
  if (j == 0) return 1.0 - down;
  if (j == nx - 1) return 0.5 * (1.0 - down);
  return 0.0;
}

bool is_boundary(int i, int j, int nx, int ny) {
  return i == 0 || i == ny - 1 || j == 0 || j == nx - 1;
}

bool is_check_sweep(int t, const Options &o) {
  return (t + 1) % o.check_every == 0 || t + 1 == o.iters;
}

// The serial computation the distributed one must reproduce: the same sweeps,
// the same expression, the residual (sum of squared updates) at the same sweeps.
struct Reference {
  std::vector<double> grid;      // ny x nx after the last sweep
  std::vector<double> residuals; // one per check sweep
};

Reference serial_heat(const Options &o) {
  const int nx = o.nx, ny = o.ny;
  std::vector<double> u(size_t(nx) * ny), v;
  for (int i = 0; i < ny; ++i)
    for (int j = 0; j < nx; ++j)
      u[size_t(i) * nx + j] = is_boundary(i, j, nx, ny) ? boundary_value(i, j, nx, ny) : 0.0;
  v = u;
  Reference ref;
  for (int t = 0; t < o.iters; ++t) {
    double r = 0.0;
    for (int i = 1; i < ny - 1; ++i)
      for (int j = 1; j < nx - 1; ++j) {
        const size_t k = size_t(i) * nx + j;
        const double x = 0.25 * (u[k - nx] + u[k + nx] + u[k - 1] + u[k + 1]);
        v[k] = x;
        r += (x - u[k]) * (x - u[k]);
      }
    if (is_check_sweep(t, o)) ref.residuals.push_back(r);
    std::swap(u, v);
  }
  ref.grid = std::move(u);
  return ref;
}

// Does the MPI library accept CUDA device pointers? Asked at run time: a
// CUDA-aware build can still run without its CUDA support (and the other way
// round the header's compile-time MPIX_CUDA_AWARE_SUPPORT says nothing
// about the library that is loaded).
bool mpi_is_cuda_aware() {
#if defined(MPIX_CUDA_AWARE_SUPPORT)
  return MPIX_Query_cuda_support() == 1;
#else
  return false; // this MPI has no query; assume it is not
#endif
}

bool parse_int(const char *s, int min, int &out) {
  char *end = nullptr;
  long v = std::strtol(s, &end, 10);
  if (!*s || *end || v < min || v > 1 << 24) return false;
  out = int(v);
  return true;
}

bool parse_options(int argc, char **argv, Options &o, std::string &error) {
  for (int a = 1; a < argc; ++a) {
    std::string arg = argv[a], value;
    const size_t eq = arg.find('=');
    if (eq != std::string::npos) arg.resize(eq);
    if (arg != "--nx" && arg != "--ny" && arg != "--iters" && arg != "--check-every" && arg != "--halo") {
      error = "unknown option " + arg + " (--nx, --ny, --iters, --check-every, --halo auto|staged|direct)";
      return false;
    }
    if (eq != std::string::npos) {
      value = argv[a] + eq + 1;
    } else if (a + 1 < argc) {
      value = argv[++a];
    } else {
      error = "option " + arg + " needs a value";
      return false;
    }
    bool ok = true;
    if (arg == "--nx") ok = parse_int(value.c_str(), 3, o.nx);
    else if (arg == "--ny") ok = parse_int(value.c_str(), 3, o.ny);
    else if (arg == "--iters") ok = parse_int(value.c_str(), 1, o.iters);
    else if (arg == "--check-every") ok = parse_int(value.c_str(), 1, o.check_every);
    else if (arg == "--halo") {
      o.halo = value;
      ok = value == "auto" || value == "staged" || value == "direct";
    }
    if (!ok) {
      error = "bad value '" + value + "' for " + arg;
      return false;
    }
  }
  return true;
}

// One line per rank, printed by rank 0 in rank order.
void print_in_rank_order(const std::string &line, int rank, int size, MPI_Comm comm) {
  constexpr int width = 256;
  char mine[width] = {};
  std::snprintf(mine, width, "%s", line.c_str());
  std::vector<char> all(rank == 0 ? size_t(width) * size : 0);
  MPI_Gather(mine, width, MPI_CHAR, all.data(), width, MPI_CHAR, 0, comm);
  if (rank == 0)
    for (int r = 0; r < size; ++r) std::printf("%s\n", &all[size_t(r) * width]);
  std::fflush(stdout);
}

const char *backend_name(sycl::backend b) {
  return b == sycl::backend::ext_oneapi_cuda ? "cuda" : b == sycl::backend::native_cpu ? "native_cpu" : "other";
}

int run(int argc, char **argv) {
  MPI_Comm comm = MPI_COMM_WORLD;
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);

  Options o;
  std::string error;
  if (!parse_options(argc, argv, o, error)) {
    if (rank == 0) std::fprintf(stderr, "heat_mpi: %s\n", error.c_str());
    return 2;
  }
  if (o.ny - 2 < size) {
    if (rank == 0)
      std::fprintf(stderr, "heat_mpi: %d interior rows cannot be split over %d ranks\n", o.ny - 2, size);
    return 2;
  }

  // The rank's place on its node picks its GPU.
  MPI_Comm node;
  MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
  int local_rank = 0, local_size = 1;
  MPI_Comm_rank(node, &local_rank);
  MPI_Comm_size(node, &local_size);
  MPI_Comm_free(&node);

  const std::vector<sycl::device> gpus = sycl::device::get_devices(sycl::info::device_type::gpu);
  const sycl::device dev = gpus.empty() ? sycl::device(sycl::default_selector_v)
                                        : gpus[size_t(local_rank) % gpus.size()];
  const bool cuda_gpu = dev.is_gpu() && dev.get_backend() == sycl::backend::ext_oneapi_cuda;
  const bool cuda_aware = mpi_is_cuda_aware();

  // Which way the halos go. MPI reads device USM itself only where it can:
  // a CUDA-aware MPI with a CUDA GPU, or the CPU device (its USM is host memory).
  bool direct = false;
  std::string why;
  if (o.halo == "staged") {
    why = "asked for";
  } else if (o.halo == "direct") {
    direct = dev.is_cpu() || (cuda_gpu && cuda_aware);
    why = direct ? (dev.is_cpu() ? "asked for; CPU device memory is host memory" : "asked for; MPI is CUDA-aware")
                 : cuda_gpu ? "direct asked for, but MPI is not CUDA-aware: fallback"
                            : "direct asked for, but MPI cannot read this device's memory: fallback";
  } else {
    direct = cuda_gpu && cuda_aware;
    why = direct ? "MPI is CUDA-aware" : !cuda_gpu ? "not a CUDA GPU" : "MPI is not CUDA-aware";
  }

  sycl::queue q(dev, [](sycl::exception_list errors) {
    for (const std::exception_ptr &e : errors) std::rethrow_exception(e);
  }, sycl::property::queue::in_order());

  // This rank's rows of the interior, [g0, g0 + rows), with a ghost row on
  // each side: local row k is global row g0 - 1 + k.
  const int nx = o.nx, ny = o.ny, interior = ny - 2;
  const int rows = interior / size + (rank < interior % size ? 1 : 0);
  const int g0 = 1 + rank * (interior / size) + std::min(rank, interior % size);
  const int up = rank > 0 ? rank - 1 : MPI_PROC_NULL;       // owns the rows above
  const int down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL; // owns the rows below
  const size_t local_cells = size_t(rows + 2) * nx;
  const size_t row_bytes = size_t(nx) * sizeof(double);

  {
    char line[256];
    std::snprintf(line, sizeof line,
                  "rank %d/%d (local rank %d/%d): rows %d..%d on [%s:%s] %s; halo exchange: %s (%s)",
                  rank, size, local_rank, local_size, g0, g0 + rows - 1, backend_name(dev.get_backend()),
                  dev.is_gpu() ? "gpu" : dev.is_cpu() ? "cpu" : "other",
                  dev.get_info<sycl::info::device::name>().c_str(), direct ? "device-direct" : "host-staged",
                  why.c_str());
    print_in_rank_order(line, rank, size, comm);
  }
  if (rank == 0)
    std::printf("heat_mpi: %dx%d grid, %d sweeps, %d ranks, MPI CUDA-aware: %s\n", nx, ny, o.iters, size,
                cuda_aware ? "yes" : "no");

  // The slab, boundary values in place, in two device arrays (ping-pong).
  std::vector<double> init(local_cells, 0.0);
  for (int k = 0; k < rows + 2; ++k) {
    const int i = g0 - 1 + k;
    for (int j = 0; j < nx; ++j)
      if (is_boundary(i, j, nx, ny)) init[size_t(k) * nx + j] = boundary_value(i, j, nx, ny);
  }
  double *cur = sycl::malloc_device<double>(local_cells, q);
  double *next = sycl::malloc_device<double>(local_cells, q);
  double *partial = sycl::malloc_device<double>(1, q);
  // Host staging buffers (pinned on a GPU): the two rows sent, the two received.
  double *stage = direct ? nullptr : sycl::malloc_host<double>(4 * size_t(nx), q);
  if (!cur || !next || !partial || (!direct && !stage)) {
    std::fprintf(stderr, "heat_mpi: rank %d: out of device memory\n", rank);
    std::fflush(stderr);
    MPI_Abort(comm, 1); // the other ranks would wait for this one's halos
  }
  q.memcpy(cur, init.data(), local_cells * sizeof(double));
  q.memcpy(next, init.data(), local_cells * sizeof(double));
  q.wait();

  // Ghost rows from the neighbours: row 1 goes up while row rows+1 comes from
  // below, row `rows` goes down while row 0 comes from above. MPI_PROC_NULL
  // (no neighbour) leaves the global boundary row in the ghost row.
  auto exchange_halos = [&](double *u) {
    if (direct) {
      q.wait(); // MPI reads the rows the last sweep wrote
      MPI_Sendrecv(u + nx, nx, MPI_DOUBLE, up, 0, u + size_t(rows + 1) * nx, nx, MPI_DOUBLE, down, 0, comm,
                   MPI_STATUS_IGNORE);
      MPI_Sendrecv(u + size_t(rows) * nx, nx, MPI_DOUBLE, down, 1, u, nx, MPI_DOUBLE, up, 1, comm,
                   MPI_STATUS_IGNORE);
      return;
    }
    double *send_up = stage, *send_down = stage + nx, *from_down = stage + 2 * nx, *from_up = stage + 3 * nx;
    if (up != MPI_PROC_NULL) q.memcpy(send_up, u + nx, row_bytes);
    if (down != MPI_PROC_NULL) q.memcpy(send_down, u + size_t(rows) * nx, row_bytes);
    q.wait();
    MPI_Sendrecv(send_up, nx, MPI_DOUBLE, up, 0, from_down, nx, MPI_DOUBLE, down, 0, comm, MPI_STATUS_IGNORE);
    MPI_Sendrecv(send_down, nx, MPI_DOUBLE, down, 1, from_up, nx, MPI_DOUBLE, up, 1, comm, MPI_STATUS_IGNORE);
    // The in-order queue runs the next sweep after these copies.
    if (down != MPI_PROC_NULL) q.memcpy(u + size_t(rows + 1) * nx, from_down, row_bytes);
    if (up != MPI_PROC_NULL) q.memcpy(u, from_up, row_bytes);
  };

  std::vector<double> residuals;
  MPI_Barrier(comm);
  const double t_start = MPI_Wtime();
  for (int t = 0; t < o.iters; ++t) {
    exchange_halos(cur);
    const sycl::range<2> cells(size_t(rows), size_t(nx - 2));
    const double *u = cur;
    double *v = next;
    if (!is_check_sweep(t, o)) {
      q.parallel_for(cells, [=](sycl::item<2> it) {
        const size_t k = (it.get_id(0) + 1) * nx + it.get_id(1) + 1;
        v[k] = 0.25 * (u[k - nx] + u[k + nx] + u[k - 1] + u[k + 1]);
      });
    } else {
      q.submit([&](sycl::handler &h) {
        auto sum = sycl::reduction(partial, sycl::plus<double>(),
                                   sycl::property::reduction::initialize_to_identity());
        h.parallel_for(cells, sum, [=](sycl::item<2> it, auto &r) {
          const size_t k = (it.get_id(0) + 1) * nx + it.get_id(1) + 1;
          const double x = 0.25 * (u[k - nx] + u[k + nx] + u[k - 1] + u[k + 1]);
          v[k] = x;
          r += (x - u[k]) * (x - u[k]);
        });
      });
      double local = 0.0, global = 0.0;
      q.memcpy(&local, partial, sizeof(double)).wait();
      MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm);
      residuals.push_back(global);
      if (rank == 0) std::printf("  sweep %4d: residual %.6e\n", t + 1, global);
    }
    std::swap(cur, next);
  }
  q.wait();
  const double seconds = MPI_Wtime() - t_start;

  // Check this rank's slab and the global numbers against the serial run.
  std::vector<double> slab(size_t(rows) * nx);
  q.memcpy(slab.data(), cur + nx, slab.size() * sizeof(double)).wait();
  const Reference ref = serial_heat(o);
  double max_diff = 0.0, sum = 0.0, ref_sum = 0.0;
  for (int k = 0; k < rows; ++k)
    for (int j = 1; j < nx - 1; ++j) {
      const double got = slab[size_t(k) * nx + j], want = ref.grid[size_t(g0 + k) * nx + j];
      max_diff = std::max(max_diff, std::fabs(got - want));
      if (!(got == got)) max_diff = INFINITY; // NaN
      sum += got;
    }
  for (int i = 1; i < ny - 1; ++i)
    for (int j = 1; j < nx - 1; ++j) ref_sum += ref.grid[size_t(i) * nx + j];
  double global_max_diff = 0.0, checksum = 0.0;
  MPI_Allreduce(&max_diff, &global_max_diff, 1, MPI_DOUBLE, MPI_MAX, comm);
  MPI_Allreduce(&sum, &checksum, 1, MPI_DOUBLE, MPI_SUM, comm);

  // Sums over different orders: equal to a relative 1e-10.
  auto close = [](double a, double b) { return std::fabs(a - b) <= 1e-10 * std::max(1.0, std::fabs(b)); };
  bool ok = global_max_diff <= 1e-12 && close(checksum, ref_sum) && residuals.size() == ref.residuals.size();
  for (size_t c = 0; ok && c < residuals.size(); ++c) ok = close(residuals[c], ref.residuals[c]);

  sycl::free(cur, q);
  sycl::free(next, q);
  sycl::free(partial, q);
  if (stage) sycl::free(stage, q);

  if (rank == 0) {
    std::printf("heat_mpi: checksum %.12f (serial %.12f), max |difference| %.3e, %.3f ms per sweep\n", checksum,
                ref_sum, global_max_diff, 1e3 * seconds / o.iters);
    if (!ok && residuals.size() == ref.residuals.size())
      for (size_t c = 0; c < residuals.size(); ++c)
        if (!close(residuals[c], ref.residuals[c]))
          std::printf("  residual %zu: %.12e, serial %.12e\n", c, residuals[c], ref.residuals[c]);
    std::printf("heat_mpi: %s (%d rank%s, halo exchange %s)\n", ok ? "PASSED" : "FAILED", size,
                size == 1 ? "" : "s", direct ? "device-direct" : "host-staged");
  }
  return ok ? 0 : 1;
}

} // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int status = 1;
  try {
    status = run(argc, argv);
  } catch (const sycl::exception &e) {
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    std::fprintf(stderr, "heat_mpi: rank %d: SYCL error: %s\n", rank, e.what());
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 3); // the other ranks may be waiting in MPI
  }
  MPI_Finalize();
  return status;
}
