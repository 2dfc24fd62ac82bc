#pragma once

// Counts that do not vary between runs: instructions or system calls per
// operation are (nearly) the same in every process, so a t-test has no
// variance to work with and more runs teach nothing. When both sides are
// deterministic the change of the means is exact and can be reported as such
// ("-1.23 % (exact)") instead of NA or "need more runs".
//
// A side is deterministic when it has at least two values (one when
// allow_single is set: a single value says nothing about its spread, so the
// caller must know the count cannot vary), every value is finite, and
//
//   max - min <= noise_floor * |mean|
//
// noise_floor is relative (1e-4 = 0.01%); 0 means every value is equal. With
// a mean of 0 the bound is 0 whatever the floor, so only all-zero data
// qualifies.
//
//   relative_change = (mean_new - mean_old) / mean_old
//
// when both sides are deterministic, with the means as descriptive.hpp's
// mean(). mean_old = 0: 0 if mean_new is 0 too, else +-infinity with the sign
// of mean_new. Not computed (NaN) unless both sides are deterministic.
//
// n = 0 on a side, any NaN or infinity, a negative or NaN noise_floor: that
// side (or, for the floor, both) is not deterministic. Zero variance is the
// case this is for. No reference: a definition, not an estimate.

#include <span>

namespace fpbench::stats {

struct DeterministicChange {
  bool old_deterministic = false;
  bool new_deterministic = false;
  bool deterministic = false;  // both sides
  double mean_old = 0;         // NaN for an empty side
  double mean_new = 0;
  double relative_change =
      0;  // (mean_new - mean_old) / mean_old, NaN unless deterministic
};

// Whether one side's values are deterministic, as defined above.
bool is_deterministic(std::span<const double> values, double noise_floor,
                      bool allow_single = false);

DeterministicChange deterministic_change(std::span<const double> old_values,
                                         std::span<const double> new_values,
                                         double noise_floor,
                                         bool allow_single = false);

}  // namespace fpbench::stats
