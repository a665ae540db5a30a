// Numbers in page content (see PDFNumbers.hpp).
#include "PDFNumbers.hpp"

#include "pdf_content.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace invoicegen {
namespace {

/// The powers of ten a double holds exactly (10^22 is the last).
constexpr double exactPowersOfTen[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                       1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/// `strtod` on a copy of the token; false unless it reads the whole token.
bool parseWithLibrary(char const *begin, char const *end, double &value) {
    char buffer[64];
    size_t const length = size_t(end - begin);
    if (length == 0 || length >= sizeof buffer) return false;
    std::memcpy(buffer, begin, length);
    buffer[length] = 0;
    char *stop = nullptr;
    value = std::strtod(buffer, &stop);
    return stop == buffer + length;
}

/// Appends the decimal digits of `magnitude`, at least `minimum` of them.
void appendDigits(std::string &out, uint64_t magnitude, int minimum) {
    char digits[24];
    int count = 0;
    while (magnitude > 0 || count < minimum) {
        digits[count++] = char('0' + magnitude % 10);
        magnitude /= 10;
    }
    while (count > 0) out += digits[--count];
}

/// Appends `snprintf`'s `%.6f` of `value`, trimmed as cairo trims it, and returns the value written.
double appendWithLibrary(std::string &out, double value) {
    char buffer[352];  // %.6f of the largest double: 309 digits, a point and six decimals
    int length = std::snprintf(buffer, sizeof buffer, "%.6f", value);
    if (length <= 0 || length >= int(sizeof buffer)) {
        out += '0';
        return 0;
    }
    while (length > 0 && buffer[length - 1] == '0') --length;
    if (length > 0 && buffer[length - 1] == '.') --length;
    buffer[length] = 0;
    if (length == 0 || std::strcmp(buffer, "-0") == 0) {
        out += '0';
        return 0;
    }
    out.append(buffer, size_t(length));
    return std::strtod(buffer, nullptr);
}

}  // namespace

bool parseNumber(char const *begin, char const *end, double &value) {
    char const *p = begin;
    bool const negative = p < end && *p == '-';
    if (p < end && (*p == '-' || *p == '+')) ++p;
    uint64_t mantissa = 0;
    int digits = 0;
    int decimals = 0;
    bool point = false;
    for (; p < end; ++p) {
        unsigned char const c = static_cast<unsigned char>(*p);
        if (c >= '0' && c <= '9') {
            mantissa = mantissa * 10 + (c - '0');
            ++digits;
            if (point) ++decimals;
        } else if (c == '.' && !point) {
            point = true;
        } else {
            break;
        }
    }
    if (p != end || digits == 0 || digits > 15) return parseWithLibrary(begin, end, value);
    // Both operands are exact doubles (mantissa < 10^15 < 2^53), so the one division rounds correctly, as strtod does.
    double const magnitude = double(mantissa) / exactPowersOfTen[decimals];
    value = negative ? -magnitude : magnitude;
    return true;
}

double appendDecimal(std::string &out, double value) {
    if (!(std::fabs(value) < 1e9)) return appendWithLibrary(out, value);
    double const scaled = value * 1e6;
    double const floor = std::floor(scaled);
    double const fraction = scaled - floor;
    // The product's rounding error is below 2^-52 of it (< 0.00023 for |scaled| < 10^15): outside that
    // margin of a tie, the nearest integer is the one the exact decimal expansion rounds to.
    double const margin = std::fabs(scaled) * 4.5e-16 + 1e-9;
    if (std::fabs(fraction - 0.5) <= margin) return appendWithLibrary(out, value);
    int64_t const rounded = int64_t(fraction > 0.5 ? floor + 1 : floor);
    if (rounded == 0) {
        out += '0';
        return 0;
    }
    uint64_t const magnitude = uint64_t(rounded < 0 ? -rounded : rounded);
    uint64_t whole = magnitude / 1000000;
    uint64_t decimals = magnitude % 1000000;
    if (rounded < 0) out += '-';
    appendDigits(out, whole, 1);
    if (decimals != 0) {
        int width = 6;
        while (decimals % 10 == 0) {
            decimals /= 10;
            --width;
        }
        out += '.';
        appendDigits(out, decimals, width);
    }
    double const written = double(magnitude) / 1e6;
    return rounded < 0 ? -written : written;
}

}  // namespace invoicegen

extern "C" size_t ig_pdf_decimal(double value, char *text, size_t capacity, double *written) {
    std::string out;
    *written = invoicegen::appendDecimal(out, value);
    if (capacity == 0) return out.size();
    size_t const length = out.size() < capacity ? out.size() : capacity - 1;
    std::memcpy(text, out.data(), length);
    text[length] = 0;
    return length;
}

extern "C" int ig_pdf_parse_number(const char *token, size_t length, double *value) {
    return invoicegen::parseNumber(token, token + length, *value) ? 1 : 0;
}
