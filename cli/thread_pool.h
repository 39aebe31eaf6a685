// Runs the parts of one job on threads of their own: task(0) .. task(count - 1)
// at the same time, returning when all have finished. For the threaded proof
// search (solve --threads): each part is a proof with a budget of its own,
// long beside the cost of starting a thread, so threads are started per job.
//
// What it does not do: share anything between tasks; a task that touches
// shared state serializes it itself. Exceptions must not leave a task.
#pragma once

#include <functional>

namespace zertz::cli {

void runOnThreads(int count, const std::function<void(int part)>& task);

}  // namespace zertz::cli
