// Numbers in page content, read and written as cairo writes them, exactly and without the C library's locale machinery.
#ifndef INVOICEGEN_PDF_NUMBERS_HPP
#define INVOICEGEN_PDF_NUMBERS_HPP

#include <string>

namespace invoicegen {

/// Reads the whole token `begin`…`end` as a number into `value`; false when it is not one.
///
/// The result is `strtod`'s for every token: a plain decimal of up to 15 digits (what cairo and this
/// code write) is one correctly rounded division of two exact doubles, anything else goes through
/// `strtod`, which `parseNumberTests` compares against.
bool parseNumber(char const *begin, char const *end, double &value);

/// Appends `value` as cairo writes numbers (`%.6f` without trailing zeros, no `-0`) and returns
/// the value of what it wrote, as `parseNumber` would read it back.
///
/// A value whose seventh decimal is clearly not a tie is rounded in integer arithmetic; a value
/// too large for it, or within rounding error of a tie, goes through `snprintf`, so the text is
/// always `snprintf`'s.
double appendDecimal(std::string &out, double value);

}  // namespace invoicegen

#endif
