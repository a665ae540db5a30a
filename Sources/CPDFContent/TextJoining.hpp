// Text objects joined across marked content in a tagged page's content stream.
#ifndef INVOICEGEN_TEXT_JOINING_HPP
#define INVOICEGEN_TEXT_JOINING_HPP

#include <string>

namespace invoicegen {

/// `content` with neighbouring text objects joined into one, where only marked-content and colour
/// operators stand between them, and absolute text matrices written as relative moves.
///
/// Cairo ends its text object at every marker, so a tagged table cell costs `ET … BT`, a six-number
/// `Tm` and a `Tf`. ISO 32000-1 §14.6 lets marked content sit inside one text object, so:
/// - a text object's `BT` moves before the marked-content and colour operators just before it, and
///   its `ET` after the `EMC`s that close them, so that no sequence straddles a text object;
/// - two text objects with only colour operators between them become one (the second `BT`'s reset
///   of the text matrix is kept: its first positioning is a `Tm` or follows `1 0 0 1 0 0 Tm`);
/// - a `Tm` with the line matrix's own scale becomes a `Td` from the line matrix (to cairo's six
///   decimals, each move computed from where the last one really put the line: errors do not add up);
/// - a `Tf` that sets the font already in use is dropped.
///
/// Content that does not scan, or that has an inline image, is returned unchanged.
std::string joinTextObjects(std::string const &content);

}  // namespace invoicegen

#endif
