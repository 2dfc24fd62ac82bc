# Writes the bytes of a file as the body of a C++ char array initializer,
# '\xNN' a byte, so that a program in another language (the Node hooks) is
# kept in its own file and compiled into fpbench exactly as it is there:
#
#   static constexpr char kText[] = {
#   #include "OUTPUT"
#   };
#
#   cmake -DINPUT=FILE -DOUTPUT=FILE.inc -P embed_bytes.cmake
#
# No terminating NUL is added: the array's size is the file's.
file(READ "${INPUT}" hex HEX)
if(hex STREQUAL "")
  message(FATAL_ERROR "embed_bytes.cmake: ${INPUT} is empty")
endif()
string(REGEX REPLACE "(..)" "'\\\\x\\1'," bytes "${hex}")
# One line of output per line of input, so that the two read side by side.
string(REPLACE "'\\x0a'," "'\\x0a',\n" bytes "${bytes}")
# The file's name only: the text stays the same in every checkout, for ccache.
get_filename_component(name "${INPUT}" NAME)
file(WRITE "${OUTPUT}" "// Generated from ${name} by cmake/embed_bytes.cmake.\n${bytes}\n")
