#!/bin/sh
# node with fstat-shim.js loaded: the new side of the syscall gate test.
exec node --require "$(dirname "$0")/fstat-shim.js" "$@"
