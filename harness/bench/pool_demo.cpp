// A program whose work runs on a thread pool, for showing what real-time
// priority does to such programs (harness/bench/priority_ab.sh): the main
// thread hands out --tasks tasks in batches of --batch to --threads workers
// and waits for each batch. A worker that finds the queue empty spins for
// --spin-us before it sleeps, as many pools do. Each task computes for
// --work units; `--impl new` does a quarter less work per task than `old`,
// so new should be faster by the same share of the pool's time however the
// threads are scheduled.
//
//   fpbench-pool-demo --impl old|new [--threads 4] [--tasks 4000]
//                     [--batch 1] [--work 2000] [--spin-us 0]
//
// By default every task is a round trip from the main thread to a worker
// and back, so that the handing over weighs as much as the work.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace {

struct Options {
  bool new_impl = false;
  int threads = 4;
  int tasks = 4000;
  int batch = 1;
  int work = 2000;
  int spin_us = 0;
};

std::uint64_t compute(int units, std::uint64_t seed) {
  std::uint64_t x = seed | 1;
  for (int i = 0; i < units; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
  }
  return x;
}

class Pool {
 public:
  Pool(int threads, int spin_us) : spin_(std::chrono::microseconds(spin_us)) {
    for (int i = 0; i < threads; ++i) workers_.emplace_back([this] { work(); });
  }
  ~Pool() {
    {
      const std::lock_guard lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : workers_) t.join();
  }

  // Runs the tasks and returns once all of them are done.
  void run(const std::vector<int>& units) {
    {
      const std::lock_guard lock(mutex_);
      for (int u : units) queue_.push_back(u);
      pending_ += units.size();
      queued_.store(queue_.size(), std::memory_order_release);
    }
    wake_.notify_all();
    std::unique_lock lock(mutex_);
    done_.wait(lock, [this] { return pending_ == 0; });
  }

  [[nodiscard]] std::uint64_t checksum() const { return sum_.load(); }

 private:
  void work() {
    for (;;) {
      const auto spin_until = std::chrono::steady_clock::now() + spin_;
      while (queued_.load(std::memory_order_acquire) == 0 &&
             std::chrono::steady_clock::now() < spin_until) {
      }
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stop_ || !queue_.empty(); });
      if (stop_) return;
      const int units = queue_.front();
      queue_.pop_front();
      queued_.store(queue_.size(), std::memory_order_release);
      lock.unlock();
      sum_ += compute(units, static_cast<std::uint64_t>(units));
      lock.lock();
      if (--pending_ == 0) done_.notify_one();
    }
  }

  std::chrono::microseconds spin_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  std::deque<int> queue_;
  std::atomic<std::size_t> queued_{0};
  std::size_t pending_ = 0;
  bool stop_ = false;
  std::atomic<std::uint64_t> sum_{0};
  std::vector<std::thread> workers_;
};

bool parse(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) return false;
    const std::string value = argv[++i];
    if (arg == "--impl" && (value == "old" || value == "new")) {
      o.new_impl = value == "new";
      continue;
    }
    const int n = std::atoi(value.c_str());
    if (n < 0 || (n == 0 && arg != "--spin-us")) return false;
    if (arg == "--threads") {
      o.threads = n;
    } else if (arg == "--tasks") {
      o.tasks = n;
    } else if (arg == "--batch") {
      o.batch = n;
    } else if (arg == "--work") {
      o.work = n;
    } else if (arg == "--spin-us") {
      o.spin_us = n;
    } else {
      return false;
    }
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (!parse(argc, argv, o)) {
    std::fprintf(stderr,
                 "usage: fpbench-pool-demo --impl old|new [--threads N] "
                 "[--tasks N] [--batch N] [--work N] [--spin-us N]\n");
    return 2;
  }
  const int units = o.new_impl ? o.work * 3 / 4 : o.work;
  Pool pool(o.threads, o.spin_us);
  for (int done = 0; done < o.tasks; done += o.batch)
    pool.run(std::vector<int>(static_cast<std::size_t>(o.batch), units));
  // Printed so that the work cannot be optimized away.
  std::printf("%llu\n", static_cast<unsigned long long>(pool.checksum() & 1));
  return 0;
}
