#pragma once

// Boost.Math for this library's sources, with its factorial table made
// static. Boost 1.74 writes unchecked_factorial's 171-entry long double
// table as a constexpr local, which GCC rebuilds on the stack on every
// call; the Student t series that compare's p-values and intervals sum call
// it once per term, and it was a tenth of all the work of a 1,000-row
// `fpbench compare`. With the table static, the values are the same.

#include <boost/math/tools/config.hpp>

#ifdef BOOST_MATH_HAVE_CONSTEXPR_TABLES
#undef BOOST_MATH_HAVE_CONSTEXPR_TABLES
#undef BOOST_MATH_CONSTEXPR_TABLE_FUNCTION
#define BOOST_MATH_CONSTEXPR_TABLE_FUNCTION
#endif

#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
