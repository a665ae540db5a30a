// SHA-256 through libqpdf's crypto provider: the hash of VERI*FACTU's chained invoice records.
#include "pdf_content.h"

#include <qpdf/QPDFCryptoImpl.hh>
#include <qpdf/QPDFCryptoProvider.hh>

#include <string>

extern "C" void ig_sha256_hex(const unsigned char *bytes, size_t length, char *hex) {
    auto crypto = QPDFCryptoProvider::getImpl();
    crypto->SHA2_init(256);
    crypto->SHA2_update(bytes, length);
    crypto->SHA2_finalize();
    std::string const digest = crypto->SHA2_digest();
    static char const digits[] = "0123456789abcdef";
    for (size_t index = 0; index < 32; ++index) {
        auto const byte = static_cast<unsigned char>(digest[index]);
        hex[2 * index] = digits[byte >> 4];
        hex[2 * index + 1] = digits[byte & 15];
    }
    hex[64] = '\0';
}
