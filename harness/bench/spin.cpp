// A command that computes for a given time and exits: the program of
// harness/bench/command_vs_hyperfine.sh, whose time is all its own.
//
//   fpbench-spin MICROSECONDS

#include <chrono>
#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv) {
  const long us = argc == 2 ? std::atol(argv[1]) : -1;
  if (us < 0) {
    std::fprintf(stderr, "usage: fpbench-spin MICROSECONDS\n");
    return 2;
  }
  const auto until =
      std::chrono::steady_clock::now() + std::chrono::microseconds(us);
  while (std::chrono::steady_clock::now() < until) {
  }
  return 0;
}
