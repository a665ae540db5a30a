// Page content rewriting for tagged PDFs: markers become marked content, everything else an artifact.
#ifndef INVOICEGEN_CONTENT_MARKING_HPP
#define INVOICEGEN_CONTENT_MARKING_HPP

#include <functional>
#include <string>

namespace invoicegen {

/// Says what a BEGIN marker opens: `ordinal` is the marker's number on its page (from its width);
/// the answer is the operator text, such as `/TD <</MCID 3>> BDC`. Throws when the page has no such marker.
using MarkerOpening = std::function<std::string(int ordinal)>;

/// Says what an INSERT marker stands for: the page content operators the renderer wrote itself
/// (`q … f Q`), by the marker's number among the page's insertions. Throws when there is no such insertion.
using MarkerInsertion = std::function<std::string(int ordinal)>;

/// The marker rectangles the renderer draws around each structure element's content, found by their height.
///
/// A BEGIN marker is a filled rectangle 29/256 pt high, an END marker 31/256 pt high, an INSERT
/// marker 27/256 pt high; the width of a BEGIN or INSERT marker is 0.5 + ordinal/256 pt. Cairo writes them as `x y w h re f` (`… 0.5 0.113281 re f`);
/// every number is at least 0.1, which cairo prints with one `snprintf` instead of two.
struct Marker {
    enum Kind { none, begin, end, insert };
    static Kind kind(double width, double height, int &ordinal);
};

/// `content` with every BEGIN marker replaced by the marked-content operator `opening` gives, every
/// END marker by `EMC`, every INSERT marker by the operators `insertion` gives, and every operator
/// outside marked content wrapped in `/Artifact BMC … EMC`.
///
/// A scanner that finds operators and copies the rest unchanged does the work; content with an
/// inline image (`BI`), or that does not scan, goes through libqpdf's tokenizer instead, with the
/// same results. Without markers (an empty `opening`), only artifacts are marked.
std::string markContent(std::string const &content, MarkerOpening const &opening,
                        MarkerInsertion const &insertion = {});

}  // namespace invoicegen

#endif
