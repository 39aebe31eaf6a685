#include "thread_pool.h"

#include <thread>
#include <vector>

namespace zertz::cli {

void runOnThreads(int count, const std::function<void(int part)>& task) {
  if (count <= 1) {
    if (count == 1) task(0);
    return;
  }
  std::vector<std::thread> threads;
  threads.reserve(size_t(count));
  for (int i = 0; i < count; ++i) threads.emplace_back(task, i);
  for (std::thread& t : threads) t.join();
}

}  // namespace zertz::cli
