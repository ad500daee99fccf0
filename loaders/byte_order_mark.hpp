// SPDX-License-Identifier: Apache-2.0
// Byte order marks of encodings spgraph does not read: a file that starts with the mark of
// UTF-16 or UTF-32 is refused by name, with the command that converts it, rather than read as
// garbage (every other byte NUL). Every text loader (load.cpp's checked_input for edge lists,
// Matrix Market, METIS and feature files; the update stream reader) calls it on the first bytes.
// A UTF-8 mark is an encoding marker the callers skip.
#pragma once

#include <string>
#include <string_view>

#include "engine/core/error.hpp"

namespace spgraph::detail {

/// The encoding whose byte order mark starts `bytes` (UTF-16 or UTF-32), or null.
inline const char* wide_encoding(std::string_view bytes) {
  using namespace std::string_view_literals;
  if (bytes.starts_with("\xFF\xFE\0\0"sv)) return "UTF-32LE";
  if (bytes.starts_with("\0\0\xFE\xFF"sv)) return "UTF-32BE";
  if (bytes.starts_with("\xFF\xFE"sv)) return "UTF-16LE";
  if (bytes.starts_with("\xFE\xFF"sv)) return "UTF-16BE";
  return nullptr;
}

/// Throws ParseError(name, 1, ...) when `bytes` starts with a UTF-16 or UTF-32 byte order mark.
inline void refuse_wide_encoding(const std::string& name, std::string_view bytes) {
  const char* enc = wide_encoding(bytes);
  if (!enc) return;
  throw ParseError(name, 1,
                   std::string("the file is ") + enc +
                       " text (it starts with that byte order mark); spgraph reads UTF-8 or "
                       "ASCII text: convert it with: iconv -f " +
                       enc + " -t UTF-8 FILE > FILE.utf8");
}

}  // namespace spgraph::detail
