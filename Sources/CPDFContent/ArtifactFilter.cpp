// The PDF/UA pass over cairo's tagged PDF, with libqpdf's C++ API (its content tokenizer has no C API).
#define POINTERHOLDER_TRANSITION 4  // qpdf 11: no PointerHolder in this file
#include "pdf_content.h"

#include <qpdf/Buffer.hh>
#include <qpdf/Pl_Buffer.hh>
#include <qpdf/Pl_QPDFTokenizer.hh>
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
            ArtifactFilter filter;
            Pl_Buffer buffer("page content");
            Pl_QPDFTokenizer tokenizer("artifacts", &filter, &buffer);
            page.pipeContents(&tokenizer);
            QPDFObjectHandle contents = page.getObjectHandle().getKey("/Contents");
            if (contents.isStream()) {
                // In place: a new object would make libqpdf resolve every object of the file again.
                contents.replaceStreamData(
                    buffer.getBufferSharedPointer(), QPDFObjectHandle::newNull(), QPDFObjectHandle::newNull());
            } else {
                page.getObjectHandle().replaceKey(
                    "/Contents", QPDFObjectHandle::newStream(&pdf, buffer.getBufferSharedPointer()));
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
