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

/// A company's seal: its key and certificate (with its chain) from a PKCS #12 file, checked once.
typedef struct ig_seal ig_seal;

/// One signature being made over streamed bytes.
typedef struct ig_seal_signing ig_seal_signing;

/// Opens the PKCS #12 file's bytes with `password` and checks its certificate at `now` (seconds since
/// 1970): the key matches it, it is valid then, and its key usage allows signatures.
///
/// Returns 0 with `*seal` set (free with `ig_seal_free`), or -1 with `*problem` (malloc'd) saying why:
/// not a PKCS #12 file, a wrong password, no key, a mismatched key, expired or not yet valid, no
/// signing key usage.
int ig_seal_open(const unsigned char *p12, size_t length, const char *password, long long now, ig_seal **seal,
                 char **problem);

/// The seal certificate's subject, RFC 2253 in UTF-8 (malloc'd), or NULL.
char *ig_seal_subject(const ig_seal *seal);

/// The bytes reserved for one signature: enough for any signature of this seal, and the same in every run.
size_t ig_seal_capacity(const ig_seal *seal);

void ig_seal_free(ig_seal *seal);

/// Starts a CAdES detached signature (CMS signed-data, SHA-256, signing-certificate-v2, the chain
/// included) over bytes given to `ig_seal_update`; NULL with `*problem` (malloc'd) when it cannot.
ig_seal_signing *ig_seal_begin(const ig_seal *seal, char **problem);

/// Adds `length` bytes to what is signed; 0, or -1 when they cannot be taken.
int ig_seal_update(ig_seal_signing *signing, const unsigned char *bytes, size_t length);

/// Ends the signature and frees `signing`: 0 with `*der` (malloc'd, `*length` bytes), or -1 with
/// `*problem` (malloc'd). With `timestamp_url` (else NULL), the signature value is time-stamped by
/// that RFC 3161 authority and the token added as the signature-time-stamp attribute (PAdES B-T).
int ig_seal_finish(ig_seal_signing *signing, const char *timestamp_url, unsigned char **der, size_t *length,
                   char **problem);

/// Asks the RFC 3161 time-stamp authority at `url` (http or https) for a token over the SHA-256 of
/// `bytes`, and checks that the answer is granted and for this request (imprint, nonce). Returns 0
/// with `*token` (DER ContentInfo, malloc'd), or -1 with `*problem` (malloc'd).
int ig_timestamp_token(const char *url, const unsigned char *bytes, size_t length, unsigned char **token,
                       size_t *token_length, char **problem);

#ifdef __cplusplus
}
#endif

#endif
