// Reading PDF object syntax (see PDFSyntax.hpp).
#include "PDFSyntax.hpp"

#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace invoicegen {

Scan skipSpace(char const *&p, char const *end) {
    while (p < end) {
        if (isPDFSpace(*p)) {
            ++p;
        } else if (*p == '%') {
            char const *q = p;
            while (q < end && *q != '\n' && *q != '\r') ++q;
            if (q == end) return Scan::needMore;
            p = q;
        } else {
            return Scan::done;
        }
    }
    return Scan::needMore;
}

bool isKeyword(char const *p, char const *end, char const *word) {
    size_t const length = std::strlen(word);
    if (size_t(end - p) < length || std::memcmp(p, word, length) != 0) return false;
    return p + length == end || isPDFSpace(p[length]) || isPDFDelimiter(p[length]);
}

Scan readInteger(char const *&p, char const *end, uint64_t &value) {
    char const *q = p;
    value = 0;
    while (q < end && *q >= '0' && *q <= '9') {
        value = value * 10 + uint64_t(*q - '0');
        ++q;
    }
    if (q == p) return Scan::malformed;
    if (q == end) return Scan::needMore;
    if (!isPDFSpace(*q) && !isPDFDelimiter(*q)) return Scan::malformed;
    p = q;
    return Scan::done;
}

namespace {

/// Skips a regular token (a name's characters, a number, a keyword) from `p`.
Scan skipRegular(char const *&p, char const *end) {
    while (p < end && !isPDFSpace(*p) && !isPDFDelimiter(*p)) ++p;
    return p == end ? Scan::needMore : Scan::done;
}

/// Whether the token at `p` is an unsigned integer.
bool isInteger(char const *p, char const *end) {
    char const *q = p;
    while (q < end && *q >= '0' && *q <= '9') ++q;
    return q > p && (q == end || isPDFSpace(*q) || isPDFDelimiter(*q));
}

}  // namespace

Scan skipObject(char const *&p, char const *end, int depth) {
    if (depth > 64) return Scan::malformed;
    Scan scan = skipSpace(p, end);
    if (scan != Scan::done) return scan;
    char const c = *p;
    if (c == '<' && p + 1 < end && p[1] == '<') {
        p += 2;
        while (true) {
            if ((scan = skipSpace(p, end)) != Scan::done) return scan;
            if (*p == '>') {
                if (p + 1 >= end) return Scan::needMore;
                if (p[1] != '>') return Scan::malformed;
                p += 2;
                return Scan::done;
            }
            if (*p != '/') return Scan::malformed;
            ++p;
            if ((scan = skipRegular(p, end)) != Scan::done) return scan;
            if ((scan = skipObject(p, end, depth + 1)) != Scan::done) return scan;
        }
    }
    if (c == '<') {
        if (p + 1 >= end) return Scan::needMore;
        char const *close = static_cast<char const *>(std::memchr(p, '>', size_t(end - p)));
        if (close == nullptr) return Scan::needMore;
        p = close + 1;
        return Scan::done;
    }
    if (c == '(') {
        int nesting = 1;
        char const *q = p + 1;
        while (q < end && nesting > 0) {
            if (*q == '\\') {
                q += 2;
                continue;
            }
            if (*q == '(') ++nesting;
            if (*q == ')') --nesting;
            ++q;
        }
        if (nesting > 0 || q > end) return Scan::needMore;
        p = q;
        return Scan::done;
    }
    if (c == '[') {
        ++p;
        while (true) {
            if ((scan = skipSpace(p, end)) != Scan::done) return scan;
            if (*p == ']') {
                ++p;
                return Scan::done;
            }
            if ((scan = skipObject(p, end, depth + 1)) != Scan::done) return scan;
        }
    }
    if (c == '/') {
        ++p;
        return skipRegular(p, end);
    }
    if (c == ')' || c == '>' || c == ']' || c == '{' || c == '}') return Scan::malformed;
    // A number, keyword, or a reference `N G R`.
    char const *start = p;
    if ((scan = skipRegular(p, end)) != Scan::done) return scan;
    if (isInteger(start, p)) {
        char const *q = p;
        if ((scan = skipSpace(q, end)) != Scan::done) return scan;
        if (isInteger(q, end)) {
            char const *generation = q;
            if ((scan = skipRegular(q, end)) != Scan::done) return scan;
            if (!isInteger(generation, q)) return Scan::done;
            if ((scan = skipSpace(q, end)) != Scan::done) return scan;
            if (*q == 'R' && (q + 1 == end ? false : (isPDFSpace(q[1]) || isPDFDelimiter(q[1])))) {
                p = q + 1;
            } else if (*q == 'R' && q + 1 == end) {
                return Scan::needMore;
            }
        }
    }
    return Scan::done;
}

std::vector<DictEntry> dictEntries(char const *begin, char const *end) {
    std::vector<DictEntry> entries;
    char const *p = begin;
    if (skipSpace(p, end) != Scan::done || end - p < 2 || p[0] != '<' || p[1] != '<') {
        throw std::runtime_error("expected a dictionary");
    }
    p += 2;
    while (true) {
        if (skipSpace(p, end) != Scan::done) throw std::runtime_error("a dictionary does not end");
        if (*p == '>') return entries;
        if (*p != '/') throw std::runtime_error("a dictionary key is not a name");
        char const *key = p;
        ++p;
        while (p < end && !isPDFSpace(*p) && !isPDFDelimiter(*p)) ++p;
        std::string name(key, size_t(p - key));
        if (skipSpace(p, end) != Scan::done) throw std::runtime_error("a dictionary does not end");
        char const *value = p;
        if (skipObject(p, end) != Scan::done) throw std::runtime_error("a dictionary value is malformed");
        entries.push_back({std::move(name), value, p});
    }
}

std::string entryValue(std::vector<DictEntry> const &entries, char const *key) {
    for (auto const &entry : entries) {
        if (entry.key == key) return std::string(entry.value, size_t(entry.valueEnd - entry.value));
    }
    return {};
}

uint32_t referenceNumber(std::string const &value) {
    char const *p = value.data();
    char const *end = p + value.size();
    uint64_t number = 0;
    uint64_t generation = 0;
    if (readInteger(p, end, number) != Scan::done) return 0;
    if (skipSpace(p, end) != Scan::done || readInteger(p, end, generation) != Scan::done) return 0;
    if (skipSpace(p, end) != Scan::done || *p != 'R') return 0;
    return uint32_t(number);
}

void copyRenumbered(char const *begin, char const *end, std::string &out, std::function<uint32_t(uint32_t)> const &map) {
    // The last two integer tokens, so `N G R` is recognised at its `R`.
    struct Token {
        char const *start = nullptr;
        uint64_t value = 0;
    };
    Token previous[2];
    int integers = 0;  // how many of the tokens just before were integers, at most 2
    char const *copied = begin;
    char const *p = begin;
    while (p < end) {
        unsigned char const c = *p;
        if (isPDFSpace(c)) {
            ++p;
            continue;
        }
        if (c == '%') {
            while (p < end && *p != '\n' && *p != '\r') ++p;
            continue;
        }
        if (c == '(' || (c == '<' && !(p + 1 < end && p[1] == '<'))) {
            skipObject(p, end);
            integers = 0;
            continue;
        }
        if (c == '<' || c == '>') {
            p += (p + 1 < end && p[1] == c) ? 2 : 1;
            integers = 0;
            continue;
        }
        if (c == '[' || c == ']' || c == '{' || c == '}') {
            ++p;
            integers = 0;
            continue;
        }
        if (c == '/') {
            ++p;
            while (p < end && !isPDFSpace(*p) && !isPDFDelimiter(*p)) ++p;
            integers = 0;
            continue;
        }
        char const *start = p;
        while (p < end && !isPDFSpace(*p) && !isPDFDelimiter(*p)) ++p;
        if (p - start == 1 && *start == 'R' && integers == 2) {
            out.append(copied, size_t(previous[0].start - copied));
            out.append(std::to_string(map(uint32_t(previous[0].value))));
            out.append(" 0 R");
            copied = p;
            integers = 0;
            continue;
        }
        if (isInteger(start, p)) {
            uint64_t value = 0;
            for (char const *q = start; q < p; ++q) value = value * 10 + uint64_t(*q - '0');
            if (integers == 2) previous[0] = previous[1];
            previous[integers == 2 ? 1 : integers] = {start, value};
            if (integers < 2) ++integers;
        } else {
            integers = 0;
        }
    }
    out.append(copied, size_t(end - copied));
}

std::string textString(std::string const &text) {
    bool plain = true;
    for (unsigned char c : text) {
        if (c < 0x20 || c > 0x7E) {
            plain = false;
            break;
        }
    }
    if (plain) {
        std::string out = "(";
        for (char c : text) {
            if (c == '(' || c == ')' || c == '\\') out += '\\';
            out += c;
        }
        return out + ")";
    }
    static char const digits[] = "0123456789ABCDEF";
    std::string out = "<FEFF";
    auto unit = [&](uint32_t value) {
        for (int shift = 12; shift >= 0; shift -= 4) out += digits[(value >> shift) & 0xF];
    };
    size_t i = 0;
    while (i < text.size()) {
        unsigned char const c = text[i];
        uint32_t code = 0xFFFD;
        int length = 1;
        if (c < 0x80) {
            code = c;
        } else if ((c >> 5) == 0x6 && i + 1 < text.size()) {
            code = ((c & 0x1F) << 6) | (text[i + 1] & 0x3F);
            length = 2;
        } else if ((c >> 4) == 0xE && i + 2 < text.size()) {
            code = ((c & 0x0F) << 12) | ((text[i + 1] & 0x3F) << 6) | (text[i + 2] & 0x3F);
            length = 3;
        } else if ((c >> 3) == 0x1E && i + 3 < text.size()) {
            code = ((c & 0x07) << 18) | ((text[i + 1] & 0x3F) << 12) | ((text[i + 2] & 0x3F) << 6) |
                   (text[i + 3] & 0x3F);
            length = 4;
        }
        i += size_t(length);
        if (code >= 0x10000) {
            code -= 0x10000;
            unit(0xD800 + (code >> 10));
            unit(0xDC00 + (code & 0x3FF));
        } else {
            unit(code);
        }
    }
    return out + ">";
}

}  // namespace invoicegen
