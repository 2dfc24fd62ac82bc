#pragma once

// A private temporary directory for fixture files, created on first use and
// removed with everything in it when the process exits normally.

#include <string>

namespace fpbench::scenarios {

const std::string& fixture_dir();

}  // namespace fpbench::scenarios
