// SPDX-License-Identifier: Apache-2.0
// Reading `POST /updates` bodies as they arrive (update_body.hpp): text lines as `spgraph
// stream` reads them, JSON through a SAX handler that checks each element's fields.
#include "tools/spgraph/serve/update_body.hpp"

#include <nlohmann/json.hpp>

#include "loaders/update_stream.hpp"

namespace spgraph::serve {

namespace {

using Json = nlohmann::json;

/// The JSON body's events: the top level must be an array, each element an object with the
/// fields op, u, v and optionally w, each at most once.
class UpdateSax final : public nlohmann::json_sax<Json> {
 public:
  UpdateSax(const UpdateBodyReader::Sink& sink, bool names) : sink_(sink), names_(names) {}

  std::string error;

  bool null() override { return value("null"); }
  bool boolean(bool) override { return value("a boolean"); }
  bool number_integer(number_integer_t x) override {
    if (depth_ == 2 && key_ == "w") return weight(double(x));
    return value("a negative number");
  }
  bool number_unsigned(number_unsigned_t x) override {
    if (depth_ == 2 && (key_ == "u" || key_ == "v")) {
      (key_ == "u" ? update_.u : update_.v) = x;
      if (names_) (key_ == "u" ? update_.u_name : update_.v_name) = std::to_string(x);
      return true;
    }
    if (depth_ == 2 && key_ == "w") return weight(double(x));
    return value("a number");
  }
  bool number_float(number_float_t x, const string_t&) override {
    if (depth_ == 2 && key_ == "w") return weight(x);
    return value("a fractional number");
  }
  bool string(string_t& s) override {
    if (depth_ == 2 && key_ == "op") {
      if (s == "insert")
        update_.kind = UpdateKind::Insert;
      else if (s == "erase")
        update_.kind = UpdateKind::Erase;
      else if (s == "assign")
        update_.kind = UpdateKind::Assign;
      else
        return fail(at() + "unknown op '" + s.substr(0, 40) + "' (use insert, erase or assign)");
      return true;
    }
    if (depth_ == 2 && names_ && (key_ == "u" || key_ == "v")) {
      (key_ == "u" ? update_.u_name : update_.v_name) = s;
      return true;
    }
    return value("a string");
  }
  bool binary(binary_t&) override { return value("binary data"); }
  bool start_object(std::size_t) override {
    if (depth_ == 1) {
      depth_ = 2;
      update_ = BodyUpdate{};
      update_.at = element_;
      seen_ = 0;
      return true;
    }
    return value("an object");
  }
  bool key(string_t& k) override {
    static const char* const kFields[] = {"op", "u", "v", "w"};
    for (unsigned f = 0; f < 4; ++f)
      if (k == kFields[f]) {
        if (seen_ & (1u << f)) return fail(at() + "field '" + k + "' is given twice");
        seen_ |= 1u << f;
        key_ = k;
        return true;
      }
    return fail(at() + "unknown field '" + k.substr(0, 40) + "'");
  }
  bool end_object() override {
    depth_ = 1;
    ++element_;
    if (!(seen_ & 1u)) return fail(at(update_.at) + "\"op\" must be insert, erase or assign");
    for (unsigned f : {1u, 2u})
      if (!(seen_ & (1u << f)))
        return fail(at(update_.at) + "\"" + (f == 1 ? "u" : "v") + "\" must be " + vertex_kind());
    if (update_.has_weight && update_.kind == UpdateKind::Erase)
      return fail(at(update_.at) + "an erase takes no weight");
    if (!update_.has_weight && update_.kind == UpdateKind::Assign)
      return fail(at(update_.at) + "assign needs a weight \"w\"");
    const std::string why = sink_(update_);
    return why.empty() || fail(at(update_.at) + why);
  }
  bool start_array(std::size_t) override {
    if (depth_ == 0) {
      depth_ = 1;
      return true;
    }
    return value("an array");
  }
  bool end_array() override {
    depth_ = 0;
    return true;
  }
  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception& ex) override {
    std::string what = ex.what();
    const std::size_t cut = what.find("] ");  // drops "[json.exception.parse_error.101] "
    if (cut != std::string::npos) what.erase(0, cut + 2);
    if (ex.id == 406)  // a number past double's range, such as 1e309
      return fail((depth_ == 2 ? at() : std::string()) + what + ": not a finite number");
    return fail("not valid JSON at byte " + std::to_string(position) + ": " + what);
  }

 private:
  std::string at() const { return at(element_); }
  static std::string at(std::uint64_t k) { return "element " + std::to_string(k) + ": "; }
  bool fail(std::string why) {
    if (error.empty()) error = std::move(why);
    return false;
  }
  /// A value where the schema wants something else.
  bool value(const char* what) {
    if (depth_ == 0) return fail("the JSON body must be an array of updates");
    if (depth_ == 1)
      return fail(at() + "an update must be an object {\"op\", \"u\", \"v\"[, \"w\"]}, not " +
                  what);
    if (key_ == "op") return fail(at() + "\"op\" must be insert, erase or assign");
    if (key_ == "w") return fail(at() + "\"w\" must be a number");
    return fail(at() + "\"" + key_ + "\" must be " + vertex_kind());
  }
  std::string vertex_kind() const {
    return names_ ? "a vertex id (a name or a non-negative integer)"
                  : "a non-negative integer vertex id";
  }
  bool weight(double w) {
    update_.has_weight = true;
    update_.weight = w;
    return true;
  }

  const UpdateBodyReader::Sink& sink_;
  bool names_;
  int depth_ = 0;  ///< 0: top level, 1: in the array, 2: in an element
  std::uint64_t element_ = 0;
  unsigned seen_ = 0;
  std::string key_;
  BodyUpdate update_;
};

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

}  // namespace

UpdateBodyReader::UpdateBodyReader(bool json_type, Sink sink, bool names)
    : mode_(json_type ? Mode::Json : Mode::Undecided), sink_(std::move(sink)), names_(names) {}

UpdateBodyReader::~UpdateBodyReader() = default;

void UpdateBodyReader::feed(std::string_view bytes) {
  if (!error_.empty()) return;
  if (mode_ == Mode::Undecided) {
    // The first non-blank character (after a byte order mark) decides: '[' is JSON.
    pending_.append(bytes);
    std::string_view seen = pending_;
    if (seen.starts_with("\xEF\xBB\xBF")) seen.remove_prefix(3);
    std::size_t k = 0;
    while (k < seen.size() && is_blank(seen[k])) ++k;
    if (k == seen.size()) return;  // only blanks so far
    if (pending_.size() < 3 && std::string_view("\xEF\xBB\xBF").starts_with(pending_))
      return;  // part of a byte order mark
    mode_ = seen[k] == '[' ? Mode::Json : Mode::Text;
    if (mode_ == Mode::Json) return;  // pending_ holds the text so far
    std::string start;
    start.swap(pending_);
    text(start);
    return;
  }
  if (mode_ == Mode::Json)
    pending_.append(bytes);
  else
    text(bytes);
}

void UpdateBodyReader::text(std::string_view bytes) {
  while (error_.empty() && !bytes.empty()) {
    const std::size_t nl = bytes.find('\n');
    if (nl == std::string_view::npos) {
      pending_.append(bytes);
      return;
    }
    if (pending_.empty()) {
      line(bytes.substr(0, nl));
    } else {
      pending_.append(bytes.substr(0, nl));
      line(pending_);
      pending_.clear();
    }
    bytes.remove_prefix(nl + 1);
  }
}

void UpdateBodyReader::line(std::string_view text) {
  ++line_no_;
  // A UTF-8 byte order mark before the first line is not content, as for `spgraph stream`.
  if (!bom_checked_) {
    bom_checked_ = true;
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  }
  const auto at = [this] { return "line " + std::to_string(line_no_) + ": "; };
  std::string_view body = text;
  while (!body.empty() && body.back() == '\r') body.remove_suffix(1);
  if (body.find('\r') != std::string_view::npos) {
    error_ = at() + "CR-only line endings (classic Mac): lines must end in LF or CRLF";
    return;
  }
  if (is_update_comment(text)) return;
  UpdateRecord rec;
  std::string why = parse_update_line(text, line_no_, rec, names_);
  if (why.empty() && rec.is_query)
    why = "queries are GET requests (/bfs, /degree, ...), not update lines";
  if (why.empty())
    why = sink_(BodyUpdate{rec.update, rec.u, rec.v, rec.has_weight, rec.weight, line_no_,
                           std::move(rec.u_name), std::move(rec.v_name)});
  if (!why.empty()) error_ = at() + why;
}

void UpdateBodyReader::finish() {
  if (!error_.empty()) return;
  if (mode_ == Mode::Undecided) {
    mode_ = Mode::Text;
    std::string rest;
    rest.swap(pending_);
    text(rest);
  }
  if (mode_ == Mode::Text) {
    if (error_.empty() && !pending_.empty()) {
      std::string last;
      last.swap(pending_);
      line(last);
    }
    return;
  }
  UpdateSax sax(sink_, names_);
  nlohmann::json::sax_parse(pending_, &sax);
  error_ = std::move(sax.error);
  std::string().swap(pending_);
}

}  // namespace spgraph::serve
