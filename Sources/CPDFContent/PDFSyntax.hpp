// Reading PDF object syntax as it streams in: enough to find objects, their top-level keys and references.
#ifndef INVOICEGEN_PDF_SYNTAX_HPP
#define INVOICEGEN_PDF_SYNTAX_HPP

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace invoicegen {

/// What each byte is to PDF's lexical rules (ISO 32000-1 §7.2.2), looked up once per byte by every scanner here.
struct PDFByteClasses {
    static constexpr unsigned char space = 1, delimiter = 2, numberStart = 4;
    unsigned char bits[256] = {};
    constexpr PDFByteClasses() {
        for (unsigned char c : {'\0', '\t', '\n', '\f', '\r', ' '}) bits[c] |= space;
        for (unsigned char c : {'(', ')', '<', '>', '[', ']', '{', '}', '/', '%'}) bits[c] |= delimiter;
        for (unsigned char c : {'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '+', '-', '.'}) bits[c] |= numberStart;
    }
};
inline constexpr PDFByteClasses pdfByteClasses{};

/// Whether `c` is PDF whitespace.
inline bool isPDFSpace(unsigned char c) { return pdfByteClasses.bits[c] & PDFByteClasses::space; }

/// Whether `c` is a PDF delimiter.
inline bool isPDFDelimiter(unsigned char c) { return pdfByteClasses.bits[c] & PDFByteClasses::delimiter; }

/// Whether `c` ends a regular token (whitespace or a delimiter).
inline bool endsPDFToken(unsigned char c) {
    return pdfByteClasses.bits[c] & (PDFByteClasses::space | PDFByteClasses::delimiter);
}

/// Whether a token starting with `c` is a number.
inline bool startsPDFNumber(unsigned char c) { return pdfByteClasses.bits[c] & PDFByteClasses::numberStart; }

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
