//===- tu_facts.cpp - Plugin-to-pass registry -----------------------------===//

#include "tu_facts.hpp"

#include <mutex>
#include <unordered_map>

namespace usycl::passes {
namespace {

struct Registry {
  std::mutex Lock;
  std::unordered_map<const llvm::Module *, std::shared_ptr<TUFacts>> Facts;
};

Registry &registry() {
  static Registry R;
  return R;
}

} // namespace

void publishTUFacts(const llvm::Module *M, std::shared_ptr<TUFacts> Facts) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Guard(R.Lock);
  R.Facts[M] = std::move(Facts);
}

std::shared_ptr<TUFacts> takeTUFacts(const llvm::Module *M) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Guard(R.Lock);
  auto It = R.Facts.find(M);
  if (It == R.Facts.end())
    return nullptr;
  std::shared_ptr<TUFacts> Result = std::move(It->second);
  R.Facts.erase(It);
  return Result;
}

} // namespace usycl::passes
