// Reading PDF object syntax as it streams in: enough to find objects, their top-level keys and references.
#ifndef INVOICEGEN_PDF_SYNTAX_HPP
#define INVOICEGEN_PDF_SYNTAX_HPP

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace invoicegen {

/// Whether `c` is PDF whitespace.
inline bool isPDFSpace(unsigned char c) {
    return c == 0 || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ';
}

/// Whether `c` is a PDF delimiter.
inline bool isPDFDelimiter(unsigned char c) {
    return c == '(' || c == ')' || c == '<' || c == '>' || c == '[' || c == ']' || c == '{' || c == '}' ||
           c == '/' || c == '%';
}

/// The outcome of reading a piece of syntax from a buffer that may not hold all of it yet.
enum class Scan { done, needMore, malformed };

/// Skips whitespace and comments from `p`; `needMore` when the buffer ends inside a comment or at its end.
Scan skipSpace(char const *&p, char const *end);

/// Skips one complete object (a dictionary, array, string, name, number, reference, keyword) from `p`.
Scan skipObject(char const *&p, char const *end, int depth = 0);

/// Reads an unsigned integer token at `p`.
Scan readInteger(char const *&p, char const *end, uint64_t &value);

/// Whether the bytes at `p` are the keyword `word`, followed by a delimiter, whitespace or the end of `end`.
bool isKeyword(char const *p, char const *end, char const *word);

/// One top-level entry of a dictionary: its key (with the slash) and where its value is.
struct DictEntry {
    std::string key;
    char const *value;
    char const *valueEnd;
};

/// The top-level entries of the dictionary at `begin` (`<<` … `>>`); throws on malformed syntax.
std::vector<DictEntry> dictEntries(char const *begin, char const *end);

/// The value text of `key` among `entries`, or an empty string.
std::string entryValue(std::vector<DictEntry> const &entries, char const *key);

/// The object number of the reference `12 0 R` in `value`, or 0 when `value` is no reference.
uint32_t referenceNumber(std::string const &value);

/// `text` with every reference `N G R` renumbered through `map`, everything else copied unchanged.
void copyRenumbered(char const *begin, char const *end, std::string &out, std::function<uint32_t(uint32_t)> const &map);

/// A PDF text string for UTF-8 `text`: a literal string when it is printable ASCII, else UTF-16BE hex.
std::string textString(std::string const &text);

}  // namespace invoicegen

#endif
