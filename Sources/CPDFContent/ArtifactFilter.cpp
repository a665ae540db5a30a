// The PDF/UA pass over cairo's tagged PDF, with libqpdf's C++ API (its content tokenizer has no C API).
#define POINTERHOLDER_TRANSITION 4  // qpdf 11: no PointerHolder in this file
#include "pdf_content.h"

#include <qpdf/Buffer.hh>
#include <qpdf/Pl_Buffer.hh>
#include <qpdf/Pl_QPDFTokenizer.hh>
#include <qpdf/Pl_String.hh>
#include <qpdf/Pl_Flate.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>
#include <qpdf/QPDFWriter.hh>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace {

/// Buffers each operator's operands, then writes the operator inside an artifact when no
/// marked-content sequence is open.
class ArtifactFilter : public QPDFObjectHandle::TokenFilter {
  public:
    void handleToken(QPDFTokenizer::Token const &token) override {
        if (token.getType() != QPDFTokenizer::tt_word) {
            pending.push_back(token);
            return;
        }
        std::string const &op = token.getValue();
        if (op == "BMC" || op == "BDC") {
            if (inArtifact) {
                write("\nEMC\n");
                inArtifact = false;
            }
            flush();
            writeToken(token);
            ++depth;
            return;
        }
        if (op == "EMC") {
            flush();
            writeToken(token);
            if (depth > 0) --depth;
            return;
        }
        if (depth == 0 && !inArtifact) {
            write("\n/Artifact BMC\n");
            inArtifact = true;
        }
        flush();
        writeToken(token);
    }

    void handleEOF() override {
        flush();
        if (inArtifact) write("\nEMC\n");
        inArtifact = false;
    }

  private:
    void flush() {
        for (auto const &token : pending) writeToken(token);
        pending.clear();
    }

    std::vector<QPDFTokenizer::Token> pending;
    int depth = 0;
    bool inArtifact = false;
};

/// Whether `c` is PDF whitespace.
bool isSpace(unsigned char c) { return c == 0 || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '; }

/// Whether `c` ends a regular token (whitespace or a delimiter).
bool endsToken(unsigned char c) { return isSpace(c) || std::strchr("()<>[]{}/%", c) != nullptr; }

/// The artifact marking of `ArtifactFilter`, by a scanner that only finds operators and copies the
/// rest unchanged: a third of libqpdf's tokenizer's cost on cairo's content. It reads strings with
/// their escapes and nesting, hex strings, names, comments and dictionaries as PDF defines them;
/// content with an inline image (`BI`), or that does not scan, returns false and goes through
/// libqpdf's tokenizer instead.
bool markArtifactsQuickly(std::string const &in, std::string &out) {
    size_t const n = in.size();
    out.clear();
    out.reserve(n + n / 8 + 32);
    size_t copied = 0;      // input up to here is in `out`
    size_t groupStart = 0;  // where the current operator's operands begin
    int depth = 0;
    bool inArtifact = false;
    auto insertAt = [&](size_t at, char const *text) {
        out.append(in, copied, at - copied);
        copied = at;
        out.append(text);
    };
    size_t i = 0;
    while (i < n) {
        unsigned char const c = in[i];
        if (isSpace(c)) {
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
            while (i < n && !endsToken(in[i])) ++i;
        } else {
            size_t const start = i;
            while (i < n && !endsToken(in[i])) ++i;
            std::string const word(in, start, i - start);
            bool const operand = std::strchr("0123456789+-.", word[0]) != nullptr || word == "true" ||
                                 word == "false" || word == "null";
            if (operand) continue;
            if (word == "BI" || word == "ID" || word == "EI") return false;
            if (word == "BMC" || word == "BDC") {
                if (inArtifact) {
                    insertAt(groupStart, "\nEMC\n");
                    inArtifact = false;
                }
                ++depth;
            } else if (word == "EMC") {
                if (depth > 0) --depth;
            } else if (depth == 0 && !inArtifact) {
                insertAt(groupStart, "\n/Artifact BMC\n");
                inArtifact = true;
            }
            groupStart = i;
        }
    }
    out.append(in, copied, n - copied);
    if (inArtifact) out.append("\nEMC\n");
    return true;
}

/// `content` with every operator outside marked content inside `/Artifact BMC … EMC`.
std::string markArtifacts(std::string const &content) {
    std::string marked;
    if (markArtifactsQuickly(content, marked)) return marked;
    marked.clear();
    ArtifactFilter filter;
    Pl_String text("marked content", nullptr, marked);
    Pl_QPDFTokenizer tokenizer("artifacts", &filter, &text);
    tokenizer.write(reinterpret_cast<unsigned char const *>(content.data()), content.size());
    tokenizer.finish();
    return marked;
}

/// Sets /Alt on figures and /A /Scope on header cells, walking the structure tree in document order.
void describeStructure(QPDFObjectHandle root, ig_tag_options const &options) {
    size_t figure = 0;
    size_t header = 0;
    std::vector<QPDFObjectHandle> stack{root};
    std::set<QPDFObjGen> seen;
    while (!stack.empty()) {
        QPDFObjectHandle node = stack.back();
        stack.pop_back();
        if (!node.isDictionary()) continue;
        if (node.isIndirect() && !seen.insert(node.getObjGen()).second) continue;
        QPDFObjectHandle type = node.getKey("/S");
        if (type.isName()) {
            std::string const name = type.getName();
            if (name == "/Figure") {
                std::string const label = figure < options.figure_count ? options.figure_labels[figure] : "";
                ++figure;
                node.replaceKey("/Alt", QPDFObjectHandle::newUnicodeString(label));
            } else if (name == "/TH") {
                bool const row = header < options.header_count && std::strcmp(options.header_scopes[header], "Row") == 0;
                ++header;
                node.replaceKey("/A", QPDFObjectHandle::parse(row ? "<< /O /Table /Scope /Row >>"
                                                                  : "<< /O /Table /Scope /Column >>"));
            }
        }
        QPDFObjectHandle kids = node.getKey("/K");
        if (kids.isArray()) {
            for (int index = kids.getArrayNItems() - 1; index >= 0; --index) {
                QPDFObjectHandle kid = kids.getArrayItem(index);
                if (kid.isDictionary()) stack.push_back(kid);
            }
        } else if (kids.isDictionary()) {
            stack.push_back(kids);
        }
    }
}

/// Gives each link annotation without one a /Contents: its web address or "Link within this document".
void describeLinks(QPDFObjectHandle page) {
    QPDFObjectHandle annotations = page.getKey("/Annots");
    if (!annotations.isArray()) return;
    for (auto annotation : annotations.aitems()) {
        if (!annotation.isDictionary() || !annotation.getKey("/Subtype").isNameAndEquals("/Link") ||
            annotation.hasKey("/Contents"))
            continue;
        QPDFObjectHandle uri = annotation.getKey("/A").getKey("/URI");
        annotation.replaceKey("/Contents", QPDFObjectHandle::newUnicodeString(
                                               uri.isString() ? uri.getUTF8Value() : "Link within this document"));
    }
}

}  // namespace

extern "C" int ig_tag_pdf(const char *data, size_t length, const ig_tag_options *options, char **out,
                          size_t *out_length, char **error) {
    try {
        // Fast deflate: the streams this pass writes (page content, object streams) are small and
        // many; level 1 costs a third of the default and the files grow by a few per cent.
        // Set once (a thread-safe static initialisation): render workers call this concurrently.
        static bool const fastDeflate = (Pl_Flate::setCompressionLevel(1), true);
        (void)fastDeflate;
        QPDF pdf;
        pdf.setSuppressWarnings(true);
        pdf.processMemoryFile("cairo PDF", data, length);
        QPDFObjectHandle root = pdf.getRoot();
        root.replaceKey("/Lang", QPDFObjectHandle::newUnicodeString(options->language));
        root.replaceKey("/MarkInfo", QPDFObjectHandle::parse("<< /Marked true >>"));
        QPDFObjectHandle preferences = root.getKey("/ViewerPreferences");
        if (!preferences.isDictionary()) {
            preferences = QPDFObjectHandle::newDictionary();
            root.replaceKey("/ViewerPreferences", preferences);
        }
        preferences.replaceKey("/DisplayDocTitle", QPDFObjectHandle::newBool(true));
        if (options->xmp != nullptr) {
            QPDFObjectHandle metadata = QPDFObjectHandle::newStream(&pdf, std::string(options->xmp, options->xmp_length));
            metadata.getDict().replaceKey("/Type", QPDFObjectHandle::newName("/Metadata"));
            metadata.getDict().replaceKey("/Subtype", QPDFObjectHandle::newName("/XML"));
            root.replaceKey("/Metadata", metadata);
        }
        describeStructure(root.getKey("/StructTreeRoot"), *options);
        for (auto &page : QPDFPageDocumentHelper(pdf).getAllPages()) {
            page.getObjectHandle().replaceKey("/Tabs", QPDFObjectHandle::newName("/S"));
            describeLinks(page.getObjectHandle());
            // The filtered content goes to memory, then into the page as one stream the writer
            // compresses in one piece (a token filter in the writer's pipeline deflates token by token).
            Pl_Buffer raw("page content");
            page.pipeContents(&raw);
            std::shared_ptr<Buffer> decoded = raw.getBufferSharedPointer();
            std::string const content(reinterpret_cast<char const *>(decoded->getBuffer()), decoded->getSize());
            std::string const marked = markArtifacts(content);
            QPDFObjectHandle contents = page.getObjectHandle().getKey("/Contents");
            if (contents.isStream()) {
                // In place: a new object would make libqpdf resolve every object of the file again.
                contents.replaceStreamData(marked, QPDFObjectHandle::newNull(), QPDFObjectHandle::newNull());
            } else {
                page.getObjectHandle().replaceKey("/Contents", QPDFObjectHandle::newStream(&pdf, marked));
            }
        }
        QPDFWriter writer(pdf);
        writer.setOutputMemory();
        writer.setDeterministicID(options->deterministic_id != 0);
        // cairo's other streams (fonts, images) are copied as they are.
        writer.setDecodeLevel(qpdf_dl_none);
        // The structure tree is hundreds of small objects: in object streams they compress to a third.
        writer.setObjectStreamMode(qpdf_o_generate);
        writer.write();
        std::shared_ptr<Buffer> buffer = writer.getBufferSharedPointer();
        size_t const size = buffer->getSize();
        char *bytes = static_cast<char *>(std::malloc(size > 0 ? size : 1));
        if (bytes == nullptr) throw std::bad_alloc();
        std::memcpy(bytes, buffer->getBuffer(), size);
        *out = bytes;
        *out_length = size;
        return 0;
    } catch (std::exception const &e) {
        *error = strdup(e.what());
        return -1;
    }
}

extern "C" int ig_mark_artifacts(const char *data, size_t length, char **out, size_t *out_length, char **error) {
    try {
        std::string const marked = markArtifacts(std::string(data, length));
        char *bytes = static_cast<char *>(std::malloc(marked.size() + 1));
        if (bytes == nullptr) throw std::bad_alloc();
        std::memcpy(bytes, marked.data(), marked.size());
        *out = bytes;
        *out_length = marked.size();
        return 0;
    } catch (std::exception const &e) {
        *error = strdup(e.what());
        return -1;
    }
}
