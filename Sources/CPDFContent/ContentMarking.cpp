// Page content rewriting for tagged PDFs (see ContentMarking.hpp), with libqpdf's tokenizer as the fallback.
#define POINTERHOLDER_TRANSITION 4  // qpdf 11: no PointerHolder in this file
#include "ContentMarking.hpp"
#include "PDFNumbers.hpp"
#include "PDFSyntax.hpp"
#include "TextJoining.hpp"

#include "pdf_content.h"

#include <qpdf/Pl_QPDFTokenizer.hh>
#include <qpdf/Pl_String.hh>
#include <qpdf/QPDFObjectHandle.hh>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace invoicegen {

Marker::Kind Marker::kind(double width, double height, int &ordinal) {
    double const unit = 1.0 / 256;
    Kind found = none;
    if (std::fabs(height - 29 * unit) < 0.001) {
        found = begin;
    } else if (std::fabs(height - 27 * unit) < 0.001) {
        found = insert;
    } else if (std::fabs(height - 31 * unit) < 0.001) {
        found = end;
    } else {
        return none;
    }
    double const units = (width - 0.5) * 256;
    long const rounded = std::lround(units);
    if (rounded < 0 || std::fabs(units - double(rounded)) > 0.2) return none;
    ordinal = int(rounded);
    return found;
}

namespace {

/// What is open in the content being rewritten, and the text each operator or marker brings.
class MarkingState {
  public:
    MarkingState(MarkerOpening const &opening, MarkerInsertion const &insertion)
        : opening(opening), insertion(insertion) {}

    /// The text to put before an operator's operands: an artifact opened or closed as needed ("" for none).
    char const *beforeOperator(std::string_view op) {
        if (reopens && draws(op)) {
            // A span cairo nested in an element's content has ended: that content goes on in a
            // sequence of its own, which is read whatever a reader made of the span's EMC.
            reopens = false;
            reopening = "\nEMC\n" + opening(markedOrdinal) + "\n";
            if (op == "BMC" || op == "BDC") ++depth;
            return reopening.c_str();
        }
        if (op == "BMC" || op == "BDC") {
            ++depth;
            if (!inArtifact) return "";
            inArtifact = false;
            return "\nEMC\n";
        }
        if (op == "EMC") {
            if (depth > 0) --depth;
            // Poppler's structure text ends the element's content at a nested span's EMC (every
            // later line of the cell was lost): what follows in the element is reopened.
            if (depth == 0 && marked && opening) reopens = true;
            return "";
        }
        if (depth == 0 && !marked && !inArtifact) {
            inArtifact = true;
            return "\n/Artifact BMC\n";
        }
        return "";
    }

    /// The text that replaces a marker: the sequence open so far ends, a BEGIN marker opens its
    /// element's; an INSERT marker is its operators, inside what is open (an artifact when nothing is).
    std::string marker(Marker::Kind kind, int ordinal) {
        if (kind == Marker::insert) {
            if (!insertion) throw std::runtime_error("a page has an insertion marker the renderer did not record");
            return std::string(beforeOperator("q")) + "\n" + insertion(ordinal) + "\n";
        }
        std::string text;
        if (inArtifact) text += "\nEMC\n";
        if (marked) text += "\nEMC\n";
        inArtifact = marked = reopens = false;
        if (kind == Marker::begin) {
            text += "\n" + opening(ordinal) + "\n";
            marked = true;
            markedOrdinal = ordinal;
        }
        return text;
    }

    /// The text that closes what is still open at the end of the content.
    std::string atEnd() {
        std::string text;
        if (inArtifact) text += "\nEMC\n";
        if (marked) text += "\nEMC\n";
        inArtifact = marked = false;
        return text;
    }

    /// Whether `op` puts something on the page (text, a path's paint, an image, a shading, a span).
    static bool draws(std::string_view op) {
        static constexpr std::string_view painting[] = {"Tj", "TJ", "'", "\"", "Do", "sh", "f", "F", "f*", "B",
                                                       "B*", "b", "b*", "S", "s", "BI", "BMC", "BDC"};
        for (auto const &name : painting) {
            if (op == name) return true;
        }
        return false;
    }

    bool usesMarkers() const { return static_cast<bool>(opening) || static_cast<bool>(insertion); }

  private:
    MarkerOpening const &opening;
    MarkerInsertion const &insertion;
    int depth = 0;  // marked-content sequences cairo opened itself (ActualText spans)
    bool inArtifact = false;
    bool marked = false;  // a sequence a BEGIN marker opened
    int markedOrdinal = 0;  // that marker's number
    bool reopens = false;  // a span nested in it ended: its element's content is reopened before the next operator
    std::string reopening;  // the text that does so
};

/// The last four tokens before `end` (back to `begin`) read as numbers; false when they are not all numbers.
bool lastFourNumbers(char const *begin, char const *end, double *numbers) {
    char const *p = end;
    for (int index = 3; index >= 0; --index) {
        while (p > begin && isPDFSpace(p[-1])) --p;
        char const *wordEnd = p;
        while (p > begin && !endsPDFToken(p[-1])) --p;
        if (p == wordEnd || wordEnd - p >= 40 || !startsPDFNumber(*p)) return false;
        if (!parseNumber(p, wordEnd, numbers[index])) return false;
    }
    return true;
}

/// Whether the last operand before `end` reads like a marker's height (0.113281, 0.121094 or 0.105469), before any number is parsed.
bool mayBeMarker(char const *begin, char const *end) {
    char const *p = end;
    while (p > begin && isPDFSpace(p[-1])) --p;
    char const *wordEnd = p;
    while (p > begin && !endsPDFToken(p[-1])) --p;
    std::string_view const height(p, size_t(wordEnd - p));
    std::string_view const start = height.substr(0, 5);
    return start == "0.113" || start == "0.121" || start == "0.105";
}

/// The marking by a scanner that only finds operators and copies the rest unchanged: a third of
/// libqpdf's tokenizer's cost on cairo's content. It reads strings with their escapes and nesting,
/// hex strings, names, comments and dictionaries as PDF defines them; content with an inline image
/// (`BI`), or that does not scan, returns false and goes through libqpdf's tokenizer instead.
bool markQuickly(std::string const &in, std::string &out, MarkingState &state) {
    size_t const n = in.size();
    out.clear();
    out.reserve(n + n / 8 + 32);
    size_t copied = 0;      // input up to here is in `out`
    size_t groupStart = 0;  // where the current operator's operands begin
    auto insertAt = [&](size_t at, char const *text) {
        if (*text == 0) return;
        out.append(in, copied, at - copied);
        copied = at;
        out.append(text);
    };
    size_t i = 0;
    while (i < n) {
        unsigned char const c = in[i];
        if (isPDFSpace(c)) {
            ++i;
        } else if (c == '%') {
            while (i < n && in[i] != '\n' && in[i] != '\r') ++i;
        } else if (c == '(') {
            int nesting = 1;
            ++i;
            while (i < n && nesting > 0) {
                if (in[i] == '\\') {
                    i += 2;
                    continue;
                }
                if (in[i] == '(') ++nesting;
                if (in[i] == ')') --nesting;
                ++i;
            }
            if (nesting > 0) return false;
        } else if (c == '<' && i + 1 < n && in[i + 1] == '<') {
            i += 2;
        } else if (c == '>' && i + 1 < n && in[i + 1] == '>') {
            i += 2;
        } else if (c == '<') {
            size_t const end = in.find('>', i);
            if (end == std::string::npos) return false;
            i = end + 1;
        } else if (c == '[' || c == ']' || c == '{' || c == '}') {
            ++i;
        } else if (c == ')' || c == '>') {
            return false;
        } else if (c == '/') {
            ++i;
            while (i < n && !endsPDFToken(in[i])) ++i;
        } else {
            size_t const start = i;
            while (i < n && !endsPDFToken(in[i])) ++i;
            if (startsPDFNumber(c)) continue;  // an operand
            std::string_view const word(in.data() + start, i - start);
            if (word == "true" || word == "false" || word == "null") continue;
            if (word == "BI" || word == "ID" || word == "EI") return false;
            if (word == "re" && state.usesMarkers() && mayBeMarker(in.data() + groupStart, in.data() + start)) {
                double numbers[4];
                int ordinal = 0;
                Marker::Kind kind = Marker::none;
                if (lastFourNumbers(in.data() + groupStart, in.data() + start, numbers)) {
                    kind = Marker::kind(numbers[2], numbers[3], ordinal);
                }
                size_t next = i;
                while (next < n && isPDFSpace(in[next])) ++next;
                if (kind != Marker::none && next < n && in[next] == 'f' && (next + 1 == n || endsPDFToken(in[next + 1]))) {
                    // The marker's rectangle and fill are replaced by the marked-content operators.
                    out.append(in, copied, groupStart - copied);
                    out.append(state.marker(kind, ordinal));
                    i = next + 1;
                    copied = groupStart = i;
                    continue;
                }
            }
            insertAt(groupStart, state.beforeOperator(word));
            groupStart = i;
        }
    }
    out.append(in, copied, n - copied);
    out.append(state.atEnd());
    return true;
}

/// The same marking on libqpdf's tokens: buffers each operator's operands, then writes the
/// operator with what `MarkingState` puts before it; a marker's `re` waits for the next operator.
class MarkingFilter : public QPDFObjectHandle::TokenFilter {
  public:
    explicit MarkingFilter(MarkingState &state) : state(state) {}

    void handleToken(QPDFTokenizer::Token const &token) override {
        if (token.getType() != QPDFTokenizer::tt_word) {
            pending.push_back(token);
            return;
        }
        std::string const &op = token.getValue();
        if (heldKind != Marker::none) {
            Marker::Kind const kind = heldKind;
            heldKind = Marker::none;
            if (op == "f" && onlySpace(pending)) {
                write(state.marker(kind, heldOrdinal));
                held.clear();
                pending.clear();
                return;
            }
            // Not a marker after all: the rectangle is an ordinary operator.
            write(state.beforeOperator("re"));
            for (auto const &held : held) writeToken(held);
            held.clear();
        }
        if (op == "re" && state.usesMarkers()) {
            std::vector<double> numbers;
            for (auto const &item : pending) {
                if (item.getType() == QPDFTokenizer::tt_integer || item.getType() == QPDFTokenizer::tt_real) {
                    numbers.push_back(std::strtod(item.getValue().c_str(), nullptr));
                }
            }
            int ordinal = 0;
            Marker::Kind const kind =
                numbers.size() >= 4 ? Marker::kind(numbers[numbers.size() - 2], numbers.back(), ordinal) : Marker::none;
            if (kind != Marker::none) {
                heldKind = kind;
                heldOrdinal = ordinal;
                held = pending;
                held.push_back(token);
                pending.clear();
                return;
            }
        }
        write(state.beforeOperator(op));
        flush();
        writeToken(token);
    }

    void handleEOF() override {
        if (heldKind != Marker::none) {
            write(state.beforeOperator("re"));
            for (auto const &held : held) writeToken(held);
            heldKind = Marker::none;
        }
        flush();
        write(state.atEnd());
    }

  private:
    static bool onlySpace(std::vector<QPDFTokenizer::Token> const &tokens) {
        for (auto const &token : tokens) {
            if (token.getType() != QPDFTokenizer::tt_space) return false;
        }
        return true;
    }

    void flush() {
        for (auto const &token : pending) writeToken(token);
        pending.clear();
    }

    MarkingState &state;
    std::vector<QPDFTokenizer::Token> pending;
    std::vector<QPDFTokenizer::Token> held;
    Marker::Kind heldKind = Marker::none;
    int heldOrdinal = 0;
};

}  // namespace

std::string markContent(std::string const &content, MarkerOpening const &opening,
                        MarkerInsertion const &insertion) {
    std::string marked;
    {
        MarkingState state(opening, insertion);
        if (markQuickly(content, marked, state)) return marked;
    }
    marked.clear();
    MarkingState state(opening, insertion);
    MarkingFilter filter(state);
    Pl_String text("marked content", nullptr, marked);
    Pl_QPDFTokenizer tokenizer("artifacts", &filter, &text);
    tokenizer.write(reinterpret_cast<unsigned char const *>(content.data()), content.size());
    tokenizer.finish();
    return marked;
}

}  // namespace invoicegen

namespace {

/// Copies `text` into a malloc'd buffer for a C caller.
int handOut(std::string const &text, char **out, size_t *out_length) {
    char *bytes = static_cast<char *>(std::malloc(text.size() + 1));
    if (bytes == nullptr) throw std::bad_alloc();
    std::memcpy(bytes, text.data(), text.size());
    *out = bytes;
    *out_length = text.size();
    return 0;
}

}  // namespace

extern "C" int ig_mark_content(const char *data, size_t length, int markers, int scanner, char **out,
                               size_t *out_length, char **error) {
    try {
        std::string const content(data, length);
        invoicegen::MarkerOpening opening;
        invoicegen::MarkerInsertion insertion;
        if (markers) {
            opening = [](int ordinal) { return "/P <</MCID " + std::to_string(ordinal) + ">> BDC"; };
            insertion = [](int ordinal) { return "q 0 0 " + std::to_string(ordinal + 1) + " 1 re f Q"; };
        }
        if (scanner < 0) {
            // libqpdf's tokenizer alone, for tests that compare the two scanners.
            std::string marked;
            invoicegen::MarkingState state(opening, insertion);
            invoicegen::MarkingFilter filter(state);
            Pl_String text("marked content", nullptr, marked);
            Pl_QPDFTokenizer tokenizer("artifacts", &filter, &text);
            tokenizer.write(reinterpret_cast<unsigned char const *>(content.data()), content.size());
            tokenizer.finish();
            return handOut(marked, out, out_length);
        }
        return handOut(invoicegen::markContent(content, opening, insertion), out, out_length);
    } catch (std::exception const &e) {
        *error = strdup(e.what());
        return -1;
    }
}

extern "C" int ig_join_text_objects(const char *data, size_t length, char **out, size_t *out_length, char **error) {
    try {
        return handOut(invoicegen::joinTextObjects(std::string(data, length)), out, out_length);
    } catch (std::exception const &e) {
        *error = strdup(e.what());
        return -1;
    }
}
