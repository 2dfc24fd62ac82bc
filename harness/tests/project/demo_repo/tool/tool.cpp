// tool --level N FILE: encodes FILE at level N and prints one summary line.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>

#include "codec/codec.hpp"

namespace {

int usage() {
  std::fprintf(stderr, "usage: tool --level N FILE (N in %d..%d)\n",
               codec::kMinLevel, codec::kMaxLevel);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4 || std::strcmp(argv[1], "--level") != 0) return usage();
  char* end = nullptr;
  const long level = std::strtol(argv[2], &end, 10);
  if (*argv[2] == '\0' || *end != '\0' || level < codec::kMinLevel ||
      level > codec::kMaxLevel) {
    return usage();
  }
  const char* path = argv[3];

  std::ifstream file(path, std::ios::binary);
  if (!file) {
    std::fprintf(stderr, "tool: cannot open %s\n", path);
    return 1;
  }
  const codec::Bytes input{std::istreambuf_iterator<char>(file),
                           std::istreambuf_iterator<char>()};
  if (file.bad()) {
    std::fprintf(stderr, "tool: cannot read %s\n", path);
    return 1;
  }

  const codec::Bytes encoded = codec::encode(input, static_cast<int>(level));
  std::printf("%s: %zu bytes -> %zu bytes at level %ld, checksum %016llx\n",
              path, input.size(), encoded.size(), level,
              static_cast<unsigned long long>(
                  codec::checksum(input.data(), input.size())));
  return 0;
}
