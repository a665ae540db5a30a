// Marks drawing outside marked content as /Artifact, with libqpdf's content tokenizer.
#define POINTERHOLDER_TRANSITION 4  // qpdf 11: no PointerHolder in this file
#include "pdf_content.h"

#include <qpdf/Pl_Buffer.hh>
#include <qpdf/Pl_QPDFTokenizer.hh>
#include <qpdf/QPDFObjectHandle.hh>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
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

}  // namespace

extern "C" int ig_mark_artifacts(const char *data, size_t length, char **out, size_t *out_length, char **error) {
    try {
        ArtifactFilter filter;
        Pl_Buffer buffer("artifacts");
        Pl_QPDFTokenizer tokenizer("artifact tokenizer", &filter, &buffer);
        tokenizer.write(reinterpret_cast<unsigned char const *>(data), length);
        tokenizer.finish();
        size_t size = 0;
        unsigned char *bytes = nullptr;
        buffer.getMallocBuffer(&bytes, &size);
        *out = reinterpret_cast<char *>(bytes);
        *out_length = size;
        return 0;
    } catch (std::exception const &e) {
        *error = strdup(e.what());
        return -1;
    }
}
