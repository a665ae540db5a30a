// The e-invoice XML inside a Factur-X, ZUGFeRD or XRechnung PDF, taken out with libqpdf.
#define POINTERHOLDER_TRANSITION 4  // qpdf 11: no PointerHolder in this file
#include "pdf_content.h"

#include <qpdf/QPDF.hh>
#include <qpdf/QPDFEmbeddedFileDocumentHelper.hh>
#include <qpdf/QPDFFileSpecObjectHelper.hh>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>

namespace {

/// `text` lower-cased (ASCII).
std::string lowered(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return text;
}

char *copied(std::string const &text) {
    char *bytes = static_cast<char *>(std::malloc(text.size() + 1));
    if (bytes == nullptr) throw std::bad_alloc();
    std::memcpy(bytes, text.data(), text.size());
    bytes[text.size()] = 0;
    return bytes;
}

}  // namespace

extern "C" int ig_embedded_invoice(const char *path, char **name, char **out, size_t *out_length, char **error) {
    try {
        QPDF pdf;
        pdf.setSuppressWarnings(true);
        pdf.processFile(path);
        QPDFEmbeddedFileDocumentHelper files(pdf);
        std::string seen;
        // The names the standards give the XML: Factur-X 1.0 and ZUGFeRD 2.x, ZUGFeRD 1.0, XRechnung in a PDF.
        for (char const *wanted : {"factur-x.xml", "zugferd-invoice.xml", "xrechnung.xml", "order-x.xml"}) {
            for (auto const &entry : files.getEmbeddedFiles()) {
                std::string const filename = entry.second->getFilename();
                if (lowered(filename) != wanted) continue;
                QPDFObjectHandle stream = entry.second->getEmbeddedFileStream();
                if (!stream.isStream()) continue;
                auto data = stream.getStreamData(qpdf_dl_all);
                *name = copied(filename);
                *out = static_cast<char *>(std::malloc(data->getSize() + 1));
                if (*out == nullptr) throw std::bad_alloc();
                std::memcpy(*out, data->getBuffer(), data->getSize());
                *out_length = data->getSize();
                return 0;
            }
        }
        for (auto const &entry : files.getEmbeddedFiles()) {
            seen += (seen.empty() ? "" : ", ") + entry.second->getFilename();
        }
        *error = copied(seen.empty() ? "the PDF has no embedded files, so no e-invoice"
                                     : "the PDF embeds no factur-x.xml, zugferd-invoice.xml or xrechnung.xml (it embeds " +
                                           seen + ")");
        return 1;
    } catch (std::exception const &e) {
        *error = copied(std::string("not a readable PDF: ") + e.what());
        return -1;
    }
}
