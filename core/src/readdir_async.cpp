// The libuv forms of recursive readdir, delivering to a callback or through
// a future, both on the loop's thread.
//
//   baseline  as Node's JavaScript did it: from the loop, one thread-pool
//             uv_fs_scandir per directory, one at a time; each listing is
//             processed on the loop (path joins, stat()s) before the next
//             directory is queued.
//   fast      the whole fast walk as one uv_queue_work job.

#include <uv.h>

#include <optional>
#include <utility>

#include "fpbench/core/readdir.hpp"
#include "fs_common.hpp"
#include "readdir_detail.hpp"

namespace fpbench::core {
namespace {

// Where a finished walk goes: a callback or a promise.
class Delivery {
 public:
  Delivery(AsyncMode mode, ReaddirCallback callback)
      : mode_(mode), callback_(std::move(callback)) {}

  std::future<Result<ReaddirResult>> future() {
    if (mode_ == AsyncMode::kCallback) return {};
    return promise_.get_future();
  }

  void deliver(Result<ReaddirResult> result) {
    if (mode_ == AsyncMode::kCallback) {
      if (callback_) callback_(std::move(result));
    } else {
      promise_.set_value(std::move(result));
    }
  }

 private:
  AsyncMode mode_;
  ReaddirCallback callback_;
  std::promise<Result<ReaddirResult>> promise_;
};

DirentType type_from_uv(uv_dirent_type_t type) {
  switch (type) {
    case UV_DIRENT_FILE:
      return DirentType::kFile;
    case UV_DIRENT_DIR:
      return DirentType::kDirectory;
    case UV_DIRENT_LINK:
      return DirentType::kSymlink;
    case UV_DIRENT_FIFO:
      return DirentType::kFifo;
    case UV_DIRENT_SOCKET:
      return DirentType::kSocket;
    case UV_DIRENT_BLOCK:
      return DirentType::kBlockDevice;
    case UV_DIRENT_CHAR:
      return DirentType::kCharacterDevice;
    case UV_DIRENT_UNKNOWN:
      return DirentType::kUnknown;
  }
  return DirentType::kUnknown;
}

struct BaselineJob {
  BaselineJob(uv_loop_t* l, const std::string& path,
              const ReaddirOptions& options, AsyncMode mode,
              ReaddirCallback callback)
      : loop(l), walk(path, options), delivery(mode, std::move(callback)) {}

  uv_loop_t* loop;
  uv_fs_t request{};
  detail::BaselineWalk walk;
  Delivery delivery;
  std::string listing;  // the directory being scanned
};

void finish(BaselineJob* job, Result<ReaddirResult> result) {
  job->delivery.deliver(std::move(result));
  delete job;
}

void scan_next(BaselineJob* job);

void on_scandir(uv_fs_t* request) {
  auto* job = static_cast<BaselineJob*>(request->data);
  if (request->result < 0) {
    const auto error = static_cast<int>(-request->result);
    uv_fs_req_cleanup(request);
    finish(job, detail::fs_error(error, "scandir", job->listing));
    return;
  }
  std::vector<detail::BaselineWalk::Entry> entries;
  uv_dirent_t ent;
  while (uv_fs_scandir_next(request, &ent) != UV_EOF) {
    entries.push_back({ent.name, type_from_uv(ent.type)});
  }
  uv_fs_req_cleanup(request);
  if (auto added = job->walk.add_listing(std::move(entries)); !added) {
    finish(job, added.error());
    return;
  }
  scan_next(job);
}

void scan_next(BaselineJob* job) {
  const std::string* next = job->walk.next_directory();
  if (next == nullptr) {
    finish(job, std::move(job->walk).take_result());
    return;
  }
  job->listing = *next;
  job->request.data = job;
  const int rc = uv_fs_scandir(job->loop, &job->request, job->listing.c_str(),
                               0, on_scandir);
  if (rc < 0) finish(job, detail::fs_error(-rc, "scandir", job->listing));
}

struct FastJob {
  FastJob(const std::string& p, const ReaddirOptions& o, AsyncMode mode,
          ReaddirCallback callback)
      : path(p), options(o), delivery(mode, std::move(callback)) {}

  uv_work_t work{};
  std::string path;
  ReaddirOptions options;
  Delivery delivery;
  std::optional<Result<ReaddirResult>> result;
};

void fast_work(uv_work_t* work) {
  auto* job = static_cast<FastJob*>(work->data);
  job->result.emplace(fast::readdir_recursive(job->path, job->options));
}

void fast_done(uv_work_t* work, int status) {
  auto* job = static_cast<FastJob*>(work->data);
  if (status < 0 || !job->result) {
    job->delivery.deliver(detail::fs_error(-status, "scandir", job->path));
  } else {
    job->delivery.deliver(std::move(*job->result));
  }
  delete job;
}

}  // namespace

namespace baseline {

std::future<Result<ReaddirResult>> readdir_recursive_async(
    uv_loop_t* loop, const std::string& path, const ReaddirOptions& options,
    AsyncMode mode, ReaddirCallback callback) {
  auto* job = new BaselineJob(loop, path, options, mode, std::move(callback));
  std::future<Result<ReaddirResult>> future = job->delivery.future();
  scan_next(job);
  return future;
}

}  // namespace baseline

namespace fast {

std::future<Result<ReaddirResult>> readdir_recursive_async(
    uv_loop_t* loop, const std::string& path, const ReaddirOptions& options,
    AsyncMode mode, ReaddirCallback callback) {
  auto* job = new FastJob(path, options, mode, std::move(callback));
  job->work.data = job;
  std::future<Result<ReaddirResult>> future = job->delivery.future();
  if (const int rc = uv_queue_work(loop, &job->work, fast_work, fast_done);
      rc < 0) {
    job->delivery.deliver(detail::fs_error(-rc, "scandir", path));
    delete job;
  }
  return future;
}

}  // namespace fast
}  // namespace fpbench::core
