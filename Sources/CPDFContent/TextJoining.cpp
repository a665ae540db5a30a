// Text objects joined across marked content (see TextJoining.hpp).
#include "TextJoining.hpp"

#include "PDFNumbers.hpp"
#include "PDFSyntax.hpp"

#include <string_view>
#include <vector>

namespace invoicegen {
namespace {

/// One operator with its operands: the text from `begin` to `end`, the operator's name from `name`.
struct Operation {
    size_t begin;
    size_t name;
    size_t end;
};

/// Skips the string, hex string, comment or dictionary bracket at `i`; false when the content is malformed.
bool skipDelimited(std::string const &in, size_t &i) {
    size_t const n = in.size();
    char const c = in[i];
    if (c == '%') {
        while (i < n && in[i] != '\n' && in[i] != '\r') ++i;
    } else if (c == '(') {
        int nesting = 1;
        for (++i; i < n && nesting > 0; ++i) {
            if (in[i] == '\\') {
                ++i;
            } else if (in[i] == '(') {
                ++nesting;
            } else if (in[i] == ')') {
                --nesting;
            }
        }
        return nesting == 0 && i <= n;
    } else if ((c == '<' || c == '>') && i + 1 < n && in[i + 1] == c) {
        i += 2;
    } else if (c == '<') {
        size_t const end = in.find('>', i);
        if (end == std::string::npos) return false;
        i = end + 1;
    } else if (c == '[' || c == ']' || c == '{' || c == '}') {
        ++i;
    } else if (c == '/') {
        for (++i; i < n && !endsPDFToken(in[i]);) ++i;
    } else {
        return false;  // a lone `)` or `>`
    }
    return true;
}

/// `in` split into operators with their operands; false when it does not scan or has an inline image.
bool splitOperations(std::string const &in, std::vector<Operation> &operations) {
    size_t const n = in.size();
    size_t i = 0;
    size_t begin = std::string::npos;  // where the pending operands start
    while (i < n) {
        unsigned char const c = in[i];
        if (isPDFSpace(c)) {
            ++i;
            continue;
        }
        if (c == '%') {
            if (!skipDelimited(in, i)) return false;
            continue;
        }
        if (begin == std::string::npos) begin = i;
        if (endsPDFToken(c)) {
            if (!skipDelimited(in, i)) return false;
            continue;
        }
        size_t const start = i;
        while (i < n && !endsPDFToken(in[i])) ++i;
        if (startsPDFNumber(c)) continue;
        std::string_view const word(in.data() + start, i - start);
        if (word == "true" || word == "false" || word == "null") continue;
        if (word == "BI" || word == "ID" || word == "EI") return false;
        operations.push_back({begin, start, i});
        begin = std::string::npos;
    }
    return begin == std::string::npos;
}

/// What an operator is to the joining.
enum class Role { other, beginText, endText, beginMarked, endMarked, colour, state };

Role role(std::string_view name) {
    if (name == "BT") return Role::beginText;
    if (name == "ET") return Role::endText;
    if (name == "BDC" || name == "BMC") return Role::beginMarked;
    if (name == "EMC") return Role::endMarked;
    for (char const *colour : {"rg", "RG", "g", "G", "k", "K", "cs", "CS", "sc", "SC", "scn", "SCN"}) {
        if (name == colour) return Role::colour;
    }
    if (name == "gs") return Role::state;
    return Role::other;
}

/// A text object and how far it reaches: `first` … `last` are the operators it takes in once its
/// `BT` moves before the marked-content and colour operators ahead of it and its `ET` after the
/// `EMC`s that close them.
struct TextObject {
    size_t first, begin, end, last;
};

/// The page's text objects with their reach; false when `BT` and `ET` do not pair.
bool findTextObjects(std::vector<Role> const &roles, std::vector<size_t> const &matches,
                     std::vector<TextObject> &objects) {
    size_t limit = 0;  // operators before this belong to the previous object
    for (size_t index = 0; index < roles.size(); ++index) {
        if (roles[index] == Role::endText) return false;
        if (roles[index] != Role::beginText) continue;
        size_t end = index + 1;
        while (end < roles.size() && roles[end] != Role::endText) {
            if (roles[end] == Role::beginText) return false;
            ++end;
        }
        if (end == roles.size()) return false;
        TextObject object{index, index, end, end};
        while (object.first > limit &&
               (roles[object.first - 1] == Role::beginMarked || roles[object.first - 1] == Role::colour ||
                roles[object.first - 1] == Role::state)) {
            --object.first;
        }
        // A sequence opened before `BT` comes in only if its `EMC` is inside or right after `ET`.
        bool settled = false;
        while (!settled) {
            object.last = end;
            while (object.last + 1 < roles.size() && roles[object.last + 1] == Role::endMarked &&
                   matches[object.last + 1] >= object.first && matches[object.last + 1] < index) {
                ++object.last;
            }
            settled = true;
            for (size_t at = object.first; at < index; ++at) {
                if (roles[at] != Role::beginMarked) continue;
                size_t const match = matches[at];
                if ((match > index && match < end) || (match > end && match <= object.last)) continue;
                object.first = at + 1;
                settled = false;
                break;
            }
        }
        objects.push_back(object);
        limit = object.last + 1;
        index = object.last;
    }
    return true;
}

/// Each marked-content operator's partner (the `EMC` of a `BDC`, the `BDC` of an `EMC`); npos when unpaired.
std::vector<size_t> matchMarkedContent(std::vector<Role> const &roles) {
    std::vector<size_t> matches(roles.size(), std::string::npos);
    std::vector<size_t> open;
    for (size_t index = 0; index < roles.size(); ++index) {
        if (roles[index] == Role::beginMarked) {
            open.push_back(index);
        } else if (roles[index] == Role::endMarked && !open.empty()) {
            matches[index] = open.back();
            matches[open.back()] = index;
            open.pop_back();
        }
    }
    return matches;
}

/// Reads `count` numbers from `text`; false when there are not exactly that many.
bool readNumbers(std::string_view text, double *numbers, int count) {
    char const *p = text.data();
    char const *const end = p + text.size();
    for (int index = 0; index < count; ++index) {
        while (p < end && isPDFSpace(static_cast<unsigned char>(*p))) ++p;
        char const *const start = p;
        while (p < end && !endsPDFToken(static_cast<unsigned char>(*p))) ++p;
        if (p == start || !parseNumber(start, p, numbers[index])) return false;
    }
    while (p < end && isPDFSpace(static_cast<unsigned char>(*p))) ++p;
    return p == end;
}

/// The text state the joined content is written against: the font in use and the line matrix.
class TextWriter {
  public:
    TextWriter(std::string const &in, std::string &out) : in(in), out(out) {}

    /// Writes a `BT`, or, when `joined`, keeps the text object open and only remembers that the
    /// `BT` it replaces would have reset the text matrix.
    void beginText(bool joined) {
        if (joined) {
            matrixReset = true;
            return;
        }
        write("BT");
        line = {1, 0, 0, 1, 0, 0};
        lineKnown = true;
        matrixReset = false;
    }

    void endText() { write("ET"); }

    /// Writes `operation`, rewritten where the text state allows.
    void take(Operation const &operation) {
        std::string_view const name(in.data() + operation.name, operation.end - operation.name);
        std::string_view const operands(in.data() + operation.begin, operation.name - operation.begin);
        if (name == "Tf") {
            if (fontKnown && operands == font) return;
            font = operands;
            fontKnown = true;
        } else if (name == "Q" || name == "gs") {
            fontKnown = false;
        } else if (name == "Tm") {
            if (moveLine(operands)) return;
        } else if (name == "Td" || name == "TD" || name == "T*" || name == "'" || name == "\"" || name == "Tj" ||
                   name == "TJ") {
            resetMatrixIfOwed();
            if (name == "Td" || name == "TD") {
                shiftLine(operands);
            } else if (name != "Tj" && name != "TJ") {
                lineKnown = false;
            }
        }
        write(std::string_view(in.data() + operation.begin, operation.end - operation.begin));
    }

  private:
    struct Matrix {
        double a, b, c, d, e, f;
    };

    void write(std::string_view text) {
        if (!out.empty()) out += '\n';
        out.append(text.data(), text.size());
    }

    /// Writes the identity text matrix a joined `BT` would have set, before the first operator that relies on it.
    void resetMatrixIfOwed() {
        if (!matrixReset) return;
        write("1 0 0 1 0 0 Tm");
        line = {1, 0, 0, 1, 0, 0};
        lineKnown = true;
        matrixReset = false;
    }

    /// Writes a `Tm` as a `Td` when the line matrix is known and has the same scale; true when it did.
    bool moveLine(std::string_view operands) {
        matrixReset = false;
        double m[6];
        if (!readNumbers(operands, m, 6)) {
            lineKnown = false;
            return false;
        }
        double const determinant = m[0] * m[3] - m[1] * m[2];
        if (!lineKnown || m[0] != line.a || m[1] != line.b || m[2] != line.c || m[3] != line.d || determinant == 0) {
            line = {m[0], m[1], m[2], m[3], m[4], m[5]};
            lineKnown = true;
            return false;
        }
        double const de = m[4] - line.e;
        double const df = m[5] - line.f;
        if (!out.empty()) out += '\n';
        double t[2];
        t[0] = appendDecimal(out, (de * line.d - df * line.c) / determinant);
        out += ' ';
        t[1] = appendDecimal(out, (df * line.a - de * line.b) / determinant);
        out += " Td";
        shift(t);
        return true;
    }

    /// Moves the line matrix by the `Td` operands written.
    void shiftLine(std::string_view operands) {
        double t[2];
        if (!lineKnown || !readNumbers(operands, t, 2)) {
            lineKnown = false;
            return;
        }
        shift(t);
    }

    /// Moves the line matrix by `t`, a move's two operands as written.
    void shift(double const *t) {
        line.e += t[0] * line.a + t[1] * line.c;
        line.f += t[0] * line.b + t[1] * line.d;
    }

    std::string const &in;
    std::string &out;
    std::string_view font;
    bool fontKnown = false;
    Matrix line{1, 0, 0, 1, 0, 0};
    bool lineKnown = false;
    bool matrixReset = false;
};

/// Whether the operators between two text objects all set colours or graphics state, so the objects may become one.
bool onlyColourBetween(std::vector<Role> const &roles, size_t from, size_t to) {
    for (size_t index = from; index < to; ++index) {
        if (roles[index] != Role::colour && roles[index] != Role::state) return false;
    }
    return true;
}

}  // namespace

std::string joinTextObjects(std::string const &content) {
    std::vector<Operation> operations;
    if (!splitOperations(content, operations)) return content;
    std::vector<Role> roles;
    roles.reserve(operations.size());
    for (auto const &operation : operations) {
        roles.push_back(role(std::string_view(content.data() + operation.name, operation.end - operation.name)));
    }
    std::vector<size_t> const matches = matchMarkedContent(roles);
    std::vector<TextObject> objects;
    if (!findTextObjects(roles, matches, objects)) return content;
    std::string out;
    out.reserve(content.size());
    TextWriter writer(content, out);
    size_t next = 0;    // the first operator not written yet
    bool open = false;  // a text object is open in `out`
    for (TextObject const &object : objects) {
        bool const joined = open && onlyColourBetween(roles, next, object.first);
        if (!joined && open) writer.endText();
        for (; next < object.first; ++next) writer.take(operations[next]);
        writer.beginText(joined);
        for (size_t at = object.first; at <= object.last; ++at) {
            if (at != object.begin && at != object.end) writer.take(operations[at]);
        }
        next = object.last + 1;
        open = true;
    }
    if (open) writer.endText();
    for (; next < operations.size(); ++next) writer.take(operations[next]);
    return out;
}

}  // namespace invoicegen
