#!/usr/bin/env bash
# The action's last step: fails the job with fpbench's exit code, now that
# the comment and the artifact are out, and says what the code means.
#
#   COMMAND=pr|nightly EXIT_CODE=N bash ci/action/finish.sh
set -euo pipefail
command=${COMMAND:-fpbench}
code=${EXIT_CODE:-}
artifact="the artifact fpbench-$command"
case "$code" in
  0)
    echo "fpbench $command: no regression" ;;
  1)
    if [ "$command" = nightly ]; then
      echo "::error title=fpbench nightly::a new regression in the history; alert.md and the bisect results are in $artifact"
    else
      echo "::error title=fpbench pr::a regression; gate.md (the pull request's comment) says which benchmarks, and $artifact has the samples"
    fi ;;
  2)
    echo "::error title=fpbench $command::bad input (exit 2): fpbench refused the configuration, a ref or an option; its message is in the run step's log" ;;
  3)
    echo "::error title=fpbench $command::failure (exit 3): fpbench could not finish, e.g. a side did not build or a benchmark did not run; see the run step's log and $artifact" ;;
  '')
    echo "::error title=fpbench $command::fpbench did not run (see the steps above)"
    code=3 ;;
  *)
    echo "::error title=fpbench $command::fpbench ended with exit code $code (killed or crashed?); see the run step's log" ;;
esac
[[ $code =~ ^[0-9]+$ ]] || code=3
exit "$code"
