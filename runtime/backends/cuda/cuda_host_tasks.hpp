// Runs backend_queue::host_callback functions in stream order.
//
// cuLaunchHostFunc alone is not enough: the driver runs host functions on
// its own thread, where any CUDA call fails (CUDA_ERROR_NOT_PERMITTED), and
// host tasks and buffer bookkeeping do call CUDA (interop, cuMemFreeHost...).
// So the host function we enqueue is a trampoline that hands the callback to
// a worker thread of this pool and blocks until it has run; the stream
// cannot proceed past the trampoline before the callback finished, which is
// the "later work waits for fn" contract, expressed in a way the driver sees.
//
// Consequence: while a callback runs, the driver's callback thread is
// blocked, so a callback must not wait for another host callback of the
// same device to run (e.g. by synchronizing another queue that has one
// pending). The pool grows a thread when all are busy, so callbacks the
// driver delivers concurrently run concurrently.
#pragma once

#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace usycl::rt::cuda {

class host_task_pool {
public:
  host_task_pool() = default;
  ~host_task_pool();
  host_task_pool(const host_task_pool &) = delete;
  host_task_pool &operator=(const host_task_pool &) = delete;

  // Runs fn(arg) on a worker thread and returns when it finished; returns
  // the exception fn threw, if any.
  std::exception_ptr run(void (*fn)(void *), void *arg);

private:
  struct job {
    void (*fn)(void *);
    void *arg;
    std::exception_ptr error;
    bool done = false;
  };
  void worker();

  std::mutex mutex_;
  std::condition_variable work_cv_; // workers wait for jobs
  std::condition_variable done_cv_; // run() waits for its job
  std::deque<job *> jobs_;
  std::vector<std::thread> threads_;
  size_t idle_ = 0;
  bool stop_ = false;
};

} // namespace usycl::rt::cuda
