#pragma once

// The fast conversions with the instruction set chosen by the caller, so that
// tests and the fuzzer can run the AVX2 and portable paths on a machine that
// would pick AVX-512. fast::encode, decode and is_ascii use best_isa().

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fpbench/core/encoding.hpp"
#include "fpbench/core/js_string.hpp"

namespace fpbench::core::fast::internal {

// Ordered from least to most capable. kAvx512 means Ice Lake or later
// (F, BW, VL, VBMI, VBMI2): the UTF-8 paths lean on VBMI2's byte compress.
enum class Isa { kPortable, kAvx2, kAvx512 };

// "portable", "avx2", "avx512".
std::string_view isa_name(Isa isa);
// The levels this CPU (and this build) runs, least capable first: kPortable,
// then kAvx2 and kAvx512 when the CPU reports all of their features. Read
// once; the tests run fast:: at each of them.
const std::vector<Isa>& cpu_levels();
// True when this CPU (and this build) can run isa.
bool isa_supported(Isa isa);
// The most capable supported level: the last of cpu_levels().
Isa best_isa();

// As the fast:: functions of the same names; an unsupported isa is lowered to
// best_isa() rather than crash.
bool is_ascii(std::string_view bytes, Isa isa);
std::size_t encode_into(const JsString& s, Encoding e, std::span<char> out,
                        Isa isa);
std::string encode(const JsString& s, Encoding e, Isa isa);
JsString decode(std::string_view bytes, Encoding e, Isa isa);

}  // namespace fpbench::core::fast::internal
