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
    BIO *data;
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

void ig_seal_free(ig_seal *seal) {
    if (seal == NULL) return;
    EVP_PKEY_free(seal->key);
    X509_free(seal->certificate);
    sk_X509_pop_free(seal->chain, X509_free);
    free(seal);
}

ig_seal_signing *ig_seal_begin(const ig_seal *seal, char **problem) {
    *problem = NULL;
    unsigned int flags = CMS_DETACHED | CMS_BINARY | CMS_PARTIAL | CMS_STREAM | CMS_CADES;
    CMS_ContentInfo *cms = CMS_sign(NULL, NULL, seal->chain, NULL, flags);
    if (cms == NULL ||
        CMS_add1_signer(cms, seal->certificate, seal->key, EVP_sha256(), flags) == NULL) {
        CMS_ContentInfo_free(cms);
        *problem = ig_cms_problem("the signature cannot be started");
        return NULL;
    }
    BIO *data = CMS_dataInit(cms, NULL);
    ig_seal_signing *signing = data ? calloc(1, sizeof *signing) : NULL;
    if (signing == NULL) {
        BIO_free_all(data);
        CMS_ContentInfo_free(cms);
        *problem = ig_cms_problem("the signature cannot be started");
        return NULL;
    }
    signing->cms = cms;
    signing->data = data;
    return signing;
}

int ig_seal_update(ig_seal_signing *signing, const unsigned char *bytes, size_t length) {
    while (length > 0) {
        int chunk = length > INT_MAX ? INT_MAX : (int)length;
        if (BIO_write(signing->data, bytes, chunk) != chunk) return -1;
        bytes += chunk;
        length -= (size_t)chunk;
    }
    return 0;
}

int ig_seal_finish(ig_seal_signing *signing, unsigned char **der, size_t *length, char **problem) {
    *der = NULL;
    *length = 0;
    *problem = NULL;
    int ok = CMS_dataFinal(signing->cms, signing->data) == 1;
    unsigned char *out = NULL;
    int count = ok ? i2d_CMS_ContentInfo(signing->cms, &out) : -1;
    BIO_free_all(signing->data);
    CMS_ContentInfo_free(signing->cms);
    free(signing);
    if (count <= 0) {
        *problem = ig_cms_problem("the signature cannot be made");
        return -1;
    }
    *der = malloc((size_t)count);
    if (*der != NULL) memcpy(*der, out, (size_t)count);
    OPENSSL_free(out);
    *length = *der ? (size_t)count : 0;
    return *der ? 0 : -1;
}
