// A company's seal through libcrypto: a PKCS #12 key and certificate checked once, then CAdES
// detached signatures (CMS, SHA-256, signing-certificate-v2) over streamed bytes.
#include "CCMS.h"
#include "CMSText.h"

#include <limits.h>
#include <openssl/bio.h>
#include <openssl/pem.h> // before cms.h, whose PEM functions its macros declare
#include <openssl/cms.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pkcs12.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ig_seal {
    EVP_PKEY *key;
    X509 *certificate;
    STACK_OF(X509) *chain;
};

struct ig_seal_signing {
    CMS_ContentInfo *cms;
    CMS_SignerInfo *signer;
    EVP_PKEY *key;
    /// SHA-256 over the signed bytes so far.
    EVP_MD_CTX *digest;
};

/// Why `certificate` cannot seal at `now` (seconds since 1970), or NULL when it can.
static const char *unusable(X509 *certificate, EVP_PKEY *key, time_t now) {
    if (X509_check_private_key(certificate, key) != 1) return "the key does not match the certificate";
    if (X509_cmp_time(X509_get0_notBefore(certificate), &now) > 0) return "the certificate is not valid yet";
    if (X509_cmp_time(X509_get0_notAfter(certificate), &now) < 0) return "the certificate has expired";
    if ((X509_get_extension_flags(certificate) & EXFLAG_KUSAGE) != 0 &&
        (X509_get_key_usage(certificate) & (KU_DIGITAL_SIGNATURE | KU_NON_REPUDIATION)) == 0) {
        return "the certificate's key usage allows no signature (digitalSignature or nonRepudiation)";
    }
    return NULL;
}

int ig_seal_open(const unsigned char *p12, size_t length, const char *password, long long now, ig_seal **seal,
                 char **problem) {
    *seal = NULL;
    *problem = NULL;
    if (length > LONG_MAX) {
        *problem = ig_cms_problem("the file is too large for a PKCS #12 file");
        return -1;
    }
    const unsigned char *cursor = p12;
    PKCS12 *bundle = d2i_PKCS12(NULL, &cursor, (long)length);
    if (bundle == NULL) {
        *problem = ig_cms_problem("not a PKCS #12 file (.p12 or .pfx)");
        return -1;
    }
    if (PKCS12_mac_present(bundle) && PKCS12_verify_mac(bundle, password, -1) != 1) {
        PKCS12_free(bundle);
        ERR_clear_error();
        *problem = ig_cms_problem("the password is wrong");
        return -1;
    }
    EVP_PKEY *key = NULL;
    X509 *certificate = NULL;
    STACK_OF(X509) *chain = NULL;
    int parsed = PKCS12_parse(bundle, password, &key, &certificate, &chain);
    PKCS12_free(bundle);
    const char *why = NULL;
    if (parsed != 1) {
        *problem = ig_cms_problem("the file cannot be opened with this password");
    } else if (key == NULL || certificate == NULL) {
        why = "the file holds no key with its certificate";
    } else {
        why = unusable(certificate, key, (time_t)now);
    }
    if (*problem != NULL || why != NULL) {
        if (*problem == NULL) *problem = ig_cms_problem(why);
        EVP_PKEY_free(key);
        X509_free(certificate);
        sk_X509_pop_free(chain, X509_free);
        return -1;
    }
    ig_seal *made = calloc(1, sizeof *made);
    if (made == NULL) {
        EVP_PKEY_free(key);
        X509_free(certificate);
        sk_X509_pop_free(chain, X509_free);
        *problem = ig_cms_problem("out of memory");
        return -1;
    }
    made->key = key;
    made->certificate = certificate;
    made->chain = chain;
    *seal = made;
    return 0;
}

char *ig_seal_subject(const ig_seal *seal) { return ig_cms_subject(seal->certificate); }

size_t ig_seal_capacity(const ig_seal *seal) {
    // The certificates, the signer's issuer twice (its identifier and the signing-certificate-v2
    // attribute), the largest signature value the key makes, and room for the rest of the envelope.
    size_t size = (size_t)i2d_X509(seal->certificate, NULL);
    for (int index = 0; index < sk_X509_num(seal->chain); ++index) size += (size_t)i2d_X509(sk_X509_value(seal->chain, index), NULL);
    size += 2 * (size_t)i2d_X509_NAME(X509_get_issuer_name(seal->certificate), NULL);
    size += (size_t)EVP_PKEY_get_size(seal->key);
    return size + 1024;
}

void ig_seal_free(ig_seal *seal) {
    if (seal == NULL) return;
    EVP_PKEY_free(seal->key);
    X509_free(seal->certificate);
    sk_X509_pop_free(seal->chain, X509_free);
    free(seal);
}

ig_seal_signing *ig_seal_begin(const ig_seal *seal, char **problem) {
    *problem = NULL;
    // Partial: the signed attributes are finished here (`sign_attributes`), because libcrypto's own
    // signing adds a signing-time attribute, which PAdES baseline signatures must not carry (the
    // time is the signature dictionary's /M).
    unsigned int flags = CMS_DETACHED | CMS_BINARY | CMS_PARTIAL | CMS_CADES | CMS_NOSMIMECAP;
    CMS_ContentInfo *cms = CMS_sign(NULL, NULL, seal->chain, NULL, flags);
    CMS_SignerInfo *signer = cms ? CMS_add1_signer(cms, seal->certificate, seal->key, EVP_sha256(), flags) : NULL;
    EVP_MD_CTX *digest = signer ? EVP_MD_CTX_new() : NULL;
    ig_seal_signing *signing = digest ? calloc(1, sizeof *signing) : NULL;
    if (signing == NULL || EVP_DigestInit_ex(digest, EVP_sha256(), NULL) != 1) {
        free(signing);
        EVP_MD_CTX_free(digest);
        CMS_ContentInfo_free(cms);
        *problem = ig_cms_problem("the signature cannot be started");
        return NULL;
    }
    signing->cms = cms;
    signing->signer = signer;
    signing->key = seal->key;
    signing->digest = digest;
    return signing;
}

int ig_seal_update(ig_seal_signing *signing, const unsigned char *bytes, size_t length) {
    return EVP_DigestUpdate(signing->digest, bytes, length) == 1 ? 0 : -1;
}

/// Compares two DER encodings as a DER SET OF orders its elements.
static int compare_encodings(const void *left, const void *right) {
    const ASN1_STRING *a = *(const ASN1_STRING *const *)left;
    const ASN1_STRING *b = *(const ASN1_STRING *const *)right;
    int shorter = ASN1_STRING_length(a) < ASN1_STRING_length(b) ? ASN1_STRING_length(a) : ASN1_STRING_length(b);
    int order = memcmp(ASN1_STRING_get0_data(a), ASN1_STRING_get0_data(b), (size_t)shorter);
    return order != 0 ? order : ASN1_STRING_length(a) - ASN1_STRING_length(b);
}

/// The DER of `signer`'s signed attributes as a SET OF (RFC 5652 §5.4: what the signature covers), or NULL.
static unsigned char *signed_attributes(CMS_SignerInfo *signer, size_t *length) {
    int count = CMS_signed_get_attr_count(signer);
    if (count <= 0) return NULL;
    ASN1_STRING **parts = calloc((size_t)count, sizeof *parts);
    size_t body = 0;
    int made = 0;
    for (; parts != NULL && made < count; ++made) {
        unsigned char *der = NULL;
        int size = i2d_X509_ATTRIBUTE(CMS_signed_get_attr(signer, made), &der);
        if (size <= 0 || (parts[made] = ASN1_STRING_new()) == NULL) {
            OPENSSL_free(der);
            break;
        }
        ASN1_STRING_set0(parts[made], der, size);
        body += (size_t)size;
    }
    unsigned char *out = NULL;
    if (made == count) {
        qsort(parts, (size_t)count, sizeof *parts, compare_encodings);
        int header = body < 0x80 ? 2 : body < 0x100 ? 3 : body < 0x10000 ? 4 : 5;
        out = malloc((size_t)header + body);
        if (out != NULL) {
            out[0] = 0x31;  // SET
            out[1] = header == 2 ? (unsigned char)body : (unsigned char)(0x80 | (header - 2));
            for (int index = 2; index < header; ++index) out[index] = (unsigned char)(body >> (8 * (header - 1 - index)));
            size_t at = (size_t)header;
            for (int index = 0; index < count; ++index) {
                memcpy(out + at, ASN1_STRING_get0_data(parts[index]), (size_t)ASN1_STRING_length(parts[index]));
                at += (size_t)ASN1_STRING_length(parts[index]);
            }
            *length = at;
        }
    }
    for (int index = 0; parts != NULL && index < count; ++index) ASN1_STRING_free(parts[index]);
    free(parts);
    return out;
}

/// Adds the content-type and message-digest attributes and signs the signed attributes; 1 when done.
static int sign_attributes(ig_seal_signing *signing) {
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int mdLength = 0;
    if (EVP_DigestFinal_ex(signing->digest, md, &mdLength) != 1 ||
        CMS_signed_add1_attr_by_NID(signing->signer, NID_pkcs9_contentType, V_ASN1_OBJECT,
                                    OBJ_nid2obj(NID_pkcs7_data), -1) != 1 ||
        CMS_signed_add1_attr_by_NID(signing->signer, NID_pkcs9_messageDigest, V_ASN1_OCTET_STRING, md,
                                    (int)mdLength) != 1) {
        return 0;
    }
    size_t length = 0;
    unsigned char *attributes = signed_attributes(signing->signer, &length);
    EVP_MD_CTX *context = attributes ? EVP_MD_CTX_new() : NULL;
    size_t size = 0;
    unsigned char *value = NULL;
    int ok = context != NULL && EVP_DigestSignInit(context, NULL, EVP_sha256(), NULL, signing->key) == 1 &&
             EVP_DigestSign(context, NULL, &size, attributes, length) == 1 && (value = OPENSSL_malloc(size)) &&
             EVP_DigestSign(context, value, &size, attributes, length) == 1;
    if (ok) ASN1_STRING_set0(CMS_SignerInfo_get0_signature(signing->signer), value, (int)size);
    else OPENSSL_free(value);
    EVP_MD_CTX_free(context);
    free(attributes);
    return ok;
}

/// Time-stamps the signature value at `url` and adds the token as an unsigned attribute; 1 when done.
static int add_timestamp(CMS_SignerInfo *signer, const char *url, char **problem) {
    ASN1_OCTET_STRING *value = CMS_SignerInfo_get0_signature(signer);
    unsigned char *token = NULL;
    size_t length = 0;
    if (ig_timestamp_token(url, ASN1_STRING_get0_data(value), (size_t)ASN1_STRING_length(value), &token, &length,
                           problem) != 0) {
        return 0;
    }
    // The token is a ContentInfo: its whole encoding is the attribute's value.
    int ok = CMS_unsigned_add1_attr_by_NID(signer, NID_id_smime_aa_timeStampToken, V_ASN1_SEQUENCE, token,
                                           (int)length) == 1;
    free(token);
    if (!ok) *problem = ig_cms_problem("the time stamp cannot be added");
    return ok;
}

int ig_seal_finish(ig_seal_signing *signing, const char *timestamp_url, unsigned char **der, size_t *length,
                   char **problem) {
    *der = NULL;
    *length = 0;
    *problem = NULL;
    int ok = sign_attributes(signing);
    if (ok && timestamp_url != NULL) ok = add_timestamp(signing->signer, timestamp_url, problem);
    unsigned char *out = NULL;
    int count = ok ? i2d_CMS_ContentInfo(signing->cms, &out) : -1;
    EVP_MD_CTX_free(signing->digest);
    CMS_ContentInfo_free(signing->cms);
    free(signing);
    if (count <= 0) {
        if (*problem == NULL) *problem = ig_cms_problem("the signature cannot be made");
        return -1;
    }
    *der = malloc((size_t)count);
    if (*der != NULL) memcpy(*der, out, (size_t)count);
    OPENSSL_free(out);
    *length = *der ? (size_t)count : 0;
    return *der ? 0 : -1;
}
