// CMS signed-data through libcrypto: the content of a `.p7m` and whether its signature holds.
#include "CCMS.h"
#include "CMSText.h"

#include <limits.h>
#include <openssl/bio.h>
#include <openssl/pem.h> // before cms.h, whose PEM functions its macros declare
#include <openssl/cms.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/x509.h>
#include <stdlib.h>
#include <string.h>

static const unsigned char signed_data_oid[] = {0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02};

char *ig_cms_problem(const char *what) {
    char reason[256] = "";
    unsigned long code = ERR_peek_last_error();
    if (code != 0) ERR_error_string_n(code, reason, sizeof reason);
    ERR_clear_error();
    size_t size = strlen(what) + strlen(reason) + 4;
    char *text = malloc(size);
    if (text == NULL) return NULL;
    if (reason[0] != 0) {
        snprintf(text, size, "%s (%s)", what, reason);
    } else {
        snprintf(text, size, "%s", what);
    }
    return text;
}

int ig_cms_looks_signed(const unsigned char *data, size_t length) {
    if (length < 2 || data[0] != 0x30) return 0;
    size_t limit = length < 32 ? length : 32;
    for (size_t start = 0; start + sizeof signed_data_oid <= limit; start++) {
        if (memcmp(data + start, signed_data_oid, sizeof signed_data_oid) == 0) return 1;
    }
    return 0;
}

/// The DER in base64 text (line breaks allowed), malloc'd, or NULL when the text is no base64.
static unsigned char *from_base64(const unsigned char *data, size_t length, size_t *decoded) {
    if (length > INT_MAX) return NULL;
    unsigned char *out = malloc(length / 4 * 3 + 4);
    EVP_ENCODE_CTX *context = EVP_ENCODE_CTX_new();
    int count = 0, total = 0;
    int ok = out != NULL && context != NULL;
    if (ok) {
        EVP_DecodeInit(context);
        ok = EVP_DecodeUpdate(context, out, &count, data, (int)length) >= 0;
        total = count;
    }
    if (ok) {
        ok = EVP_DecodeFinal(context, out + total, &count) >= 0;
        total += count;
    }
    EVP_ENCODE_CTX_free(context);
    if (!ok || total == 0) {
        free(out);
        return NULL;
    }
    *decoded = (size_t)total;
    return out;
}

/// The envelope in `data`: DER, PEM, or DER in base64; NULL when it is none of them.
static CMS_ContentInfo *parse(const unsigned char *data, size_t length) {
    if (length > LONG_MAX) return NULL;
    const unsigned char *cursor = data;
    CMS_ContentInfo *cms = d2i_CMS_ContentInfo(NULL, &cursor, (long)length);
    if (cms != NULL || length > INT_MAX) return cms;
    if (length > 10 && memcmp(data, "-----BEGIN", 10) == 0) {
        BIO *bio = BIO_new_mem_buf(data, (int)length);
        cms = bio ? PEM_read_bio_CMS(bio, NULL, NULL, NULL) : NULL;
        BIO_free(bio);
        return cms;
    }
    size_t decoded = 0;
    unsigned char *der = from_base64(data, length, &decoded);
    if (der == NULL) return NULL;
    cursor = der;
    cms = d2i_CMS_ContentInfo(NULL, &cursor, (long)decoded);
    free(der);
    return cms;
}

char *ig_cms_subject(X509 *certificate) {
    if (certificate == NULL) return NULL;
    BIO *bio = BIO_new(BIO_s_mem());
    if (bio == NULL) return NULL;
    X509_NAME_print_ex(bio, X509_get_subject_name(certificate), 0, XN_FLAG_RFC2253 & ~ASN1_STRFLGS_ESC_MSB);
    char *bytes = NULL;
    long count = BIO_get_mem_data(bio, &bytes);
    char *text = malloc((size_t)count + 1);
    if (text != NULL) {
        memcpy(text, bytes, (size_t)count);
        text[count] = 0;
    }
    BIO_free(bio);
    return text;
}

/// Checks every signature of `cms` over its content with the certificates it holds (no chain, no
/// trust list), and names the first signer.
static void verify(CMS_ContentInfo *cms, ig_cms_envelope *envelope) {
    X509_STORE *store = X509_STORE_new();
    BIO *sink = BIO_new(BIO_s_null());
    int flags = CMS_NO_SIGNER_CERT_VERIFY | CMS_BINARY;
    envelope->intact = store != NULL && sink != NULL && CMS_verify(cms, NULL, store, NULL, sink, flags) == 1;
    if (!envelope->intact) {
        ERR_clear_error(); // libcrypto's code for this says no more than the words below
        envelope->problem = ig_cms_problem("the signature does not match the signed content");
    }
    STACK_OF(CMS_SignerInfo) *infos = CMS_get0_SignerInfos(cms);
    envelope->signers = infos ? sk_CMS_SignerInfo_num(infos) : 0;
    if (envelope->signers > 0) {
        X509 *certificate = NULL;
        CMS_SignerInfo_get0_algs(sk_CMS_SignerInfo_value(infos, 0), NULL, &certificate, NULL, NULL);
        envelope->signer = ig_cms_subject(certificate);
    }
    BIO_free(sink);
    X509_STORE_free(store);
    ERR_clear_error();
}

int ig_cms_open(const unsigned char *data, size_t length, ig_cms_envelope *envelope) {
    memset(envelope, 0, sizeof *envelope);
    CMS_ContentInfo *cms = parse(data, length);
    if (cms == NULL) {
        envelope->problem = ig_cms_problem("is not a CMS (PKCS #7) envelope");
        return -1;
    }
    if (OBJ_obj2nid(CMS_get0_type(cms)) != NID_pkcs7_signed) {
        CMS_ContentInfo_free(cms);
        envelope->problem = ig_cms_problem("is a CMS envelope but not signed data");
        return -1;
    }
    ASN1_OCTET_STRING **content = CMS_get0_content(cms);
    if (content == NULL || *content == NULL) {
        CMS_ContentInfo_free(cms);
        envelope->problem = ig_cms_problem("holds a detached signature: the signed document is not inside it");
        return -1;
    }
    envelope->length = (size_t)ASN1_STRING_length(*content);
    envelope->content = malloc(envelope->length + 1);
    if (envelope->content == NULL) {
        CMS_ContentInfo_free(cms);
        envelope->problem = ig_cms_problem("is too large to open");
        return -1;
    }
    memcpy(envelope->content, ASN1_STRING_get0_data(*content), envelope->length);
    verify(cms, envelope);
    CMS_ContentInfo_free(cms);
    return 0;
}

void ig_cms_free(ig_cms_envelope *envelope) {
    free(envelope->content);
    free(envelope->signer);
    free(envelope->problem);
    memset(envelope, 0, sizeof *envelope);
}
