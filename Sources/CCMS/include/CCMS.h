// A CMS (PKCS #7) signed-data envelope opened with OpenSSL's libcrypto: the signed content taken
// out, and whether the signature over it is intact.
#ifndef IG_CCMS_H
#define IG_CCMS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What `ig_cms_open` found in an envelope.
typedef struct {
    /// The signed content (malloc'd), and its length.
    unsigned char *content;
    size_t length;
    /// 1 when every signature verifies over the content with the certificate the envelope holds;
    /// 0 when one does not. The certificate's chain and trust are not checked.
    int intact;
    /// The number of signers.
    int signers;
    /// The first signer's certificate subject, RFC 2253, UTF-8 (malloc'd; NULL when there is none).
    char *signer;
    /// Why the signature does not verify, or why the envelope could not be opened (malloc'd; NULL when neither).
    char *problem;
} ig_cms_envelope;

/// Opens the CMS signed-data in `data` (DER, or DER in base64 as some senders deliver a `.p7m`).
///
/// Returns 0 with `envelope` filled (its content present, `intact` saying whether the signature
/// holds), or -1 with `envelope->problem` saying why nothing could be taken out. Free with
/// `ig_cms_free` either way.
int ig_cms_open(const unsigned char *data, size_t length, ig_cms_envelope *envelope);

/// Frees what `ig_cms_open` allocated in `envelope`.
void ig_cms_free(ig_cms_envelope *envelope);

/// Whether `data` starts as a DER CMS or PKCS #7 signed-data (a SEQUENCE holding OID 1.2.840.113549.1.7.2).
int ig_cms_looks_signed(const unsigned char *data, size_t length);

#ifdef __cplusplus
}
#endif

#endif
