// RFC 3161 signature time stamps through libcrypto: the request, OpenSSL's HTTP client (http and
// https, the proxy of http_proxy/https_proxy), and the checks of the answer against the request.
#include "CCMS.h"
#include "CMSText.h"

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/http.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>
#include <openssl/ts.h>
#include <stdlib.h>
#include <string.h>

/// The time-stamp authority being asked, for the TLS layer.
typedef struct {
    SSL_CTX *context;
    const char *host;
    const char *port;
    const char *proxy;
    int timeout;
} authority;

/// OpenSSL's HTTP client calls this to put TLS over the connection (and take it off again).
static BIO *tls_layer(BIO *bio, void *arg, int connect, int detail) {
    authority *target = arg;
    if (target->context == NULL) return bio;
    if (connect) {
        if (target->proxy != NULL &&
            !OSSL_HTTP_proxy_connect(bio, target->host, target->port, NULL, NULL, target->timeout, NULL, NULL)) {
            return NULL;
        }
        BIO *tls = BIO_new_ssl(target->context, 1);
        SSL *ssl = NULL;
        if (tls == NULL || BIO_get_ssl(tls, &ssl) <= 0 || SSL_set_tlsext_host_name(ssl, target->host) != 1 ||
            SSL_set1_host(ssl, target->host) != 1) {
            BIO_free(tls);
            return NULL;
        }
        return BIO_push(tls, bio);
    }
    (void)detail;
    BIO_ssl_shutdown(bio);
    BIO *connection = BIO_pop(bio);
    BIO_free(bio);
    return connection;
}

/// A request for a token over the SHA-256 of `bytes`, with a random nonce and the TSA's certificate asked for.
static TS_REQ *request_over(const unsigned char *bytes, size_t length) {
    unsigned char digest[32];
    unsigned char nonce[8];
    TS_REQ *request = TS_REQ_new();
    TS_MSG_IMPRINT *imprint = TS_MSG_IMPRINT_new();
    X509_ALGOR *algorithm = X509_ALGOR_new();
    ASN1_INTEGER *number = NULL;
    BIGNUM *value = NULL;
    int ok = request && imprint && algorithm && EVP_Digest(bytes, length, digest, NULL, EVP_sha256(), NULL) == 1 &&
             X509_ALGOR_set0(algorithm, OBJ_nid2obj(NID_sha256), V_ASN1_NULL, NULL) == 1 &&
             TS_MSG_IMPRINT_set_algo(imprint, algorithm) == 1 &&
             TS_MSG_IMPRINT_set_msg(imprint, digest, (int)sizeof digest) == 1 && TS_REQ_set_version(request, 1) == 1 &&
             TS_REQ_set_msg_imprint(request, imprint) == 1 && RAND_bytes(nonce, (int)sizeof nonce) == 1 &&
             (value = BN_bin2bn(nonce, (int)sizeof nonce, NULL)) != NULL &&
             (number = BN_to_ASN1_INTEGER(value, NULL)) != NULL && TS_REQ_set_nonce(request, number) == 1 &&
             TS_REQ_set_cert_req(request, 1) == 1;
    X509_ALGOR_free(algorithm);
    TS_MSG_IMPRINT_free(imprint);
    ASN1_INTEGER_free(number);
    BN_free(value);
    if (!ok) {
        TS_REQ_free(request);
        return NULL;
    }
    return request;
}

/// Posts `request` to `url` and reads the answer; NULL with `*problem` when there is none.
static TS_RESP *exchange(const char *url, TS_REQ *request, char **problem) {
    char *host = NULL, *port = NULL, *path = NULL;
    int tls = 0;
    if (OSSL_HTTP_parse_url(url, &tls, NULL, &host, &port, NULL, &path, NULL, NULL) != 1) {
        *problem = ig_cms_problem("not an http or https address");
        return NULL;
    }
    // 15 seconds: connecting is retried until then, and an authority slower than that is down.
    authority target = {NULL, host, port, OSSL_HTTP_adapt_proxy(NULL, NULL, host, tls), 15};
    if (tls && (target.context = SSL_CTX_new(TLS_client_method())) != NULL) {
        SSL_CTX_set_verify(target.context, SSL_VERIFY_PEER, NULL);
        SSL_CTX_set_default_verify_paths(target.context);
    }
    BIO *body = BIO_new(BIO_s_mem());
    TS_RESP *response = NULL;
    if (body != NULL && i2d_TS_REQ_bio(body, request) == 1 && (!tls || target.context != NULL)) {
        BIO *answer = OSSL_HTTP_transfer(NULL, host, port, path, tls, NULL, NULL, NULL, NULL, tls_layer, &target, 0,
                                         NULL, "application/timestamp-query", body, "application/timestamp-reply",
                                         1, 1 << 20, target.timeout, 0);
        response = answer ? d2i_TS_RESP_bio(answer, NULL) : NULL;
        BIO_free_all(answer);
    }
    if (response == NULL) *problem = ig_cms_problem("no time stamp came back");
    BIO_free(body);
    SSL_CTX_free(target.context);
    OPENSSL_free(host);
    OPENSSL_free(port);
    OPENSSL_free(path);
    return response;
}

int ig_timestamp_token(const char *url, const unsigned char *bytes, size_t length, unsigned char **token,
                       size_t *token_length, char **problem) {
    *token = NULL;
    *token_length = 0;
    *problem = NULL;
    TS_REQ *request = request_over(bytes, length);
    if (request == NULL) {
        *problem = ig_cms_problem("the time-stamp request cannot be made");
        return -1;
    }
    TS_RESP *response = exchange(url, request, problem);
    // The answer must be granted and for this request: its imprint, nonce and version (RFC 3161 §2.4.2).
    // Not its signature: trusting the authority is the validator's part, with its own trust anchors.
    TS_VERIFY_CTX *checks = response ? TS_REQ_to_TS_VERIFY_CTX(request, NULL) : NULL;
    if (checks != NULL) TS_VERIFY_CTX_set_flags(checks, TS_VFY_VERSION | TS_VFY_IMPRINT | TS_VFY_NONCE);
    int ok = checks != NULL && TS_RESP_verify_response(checks, response) == 1;
    if (response != NULL && !ok) *problem = ig_cms_problem("the time stamp does not answer the request");
    unsigned char *der = NULL;
    int size = ok ? i2d_PKCS7(TS_RESP_get_token(response), &der) : -1;
    if (ok && size <= 0) *problem = ig_cms_problem("the time stamp cannot be read");
    if (size > 0 && (*token = malloc((size_t)size)) != NULL) {
        memcpy(*token, der, (size_t)size);
        *token_length = (size_t)size;
    }
    OPENSSL_free(der);
    TS_VERIFY_CTX_free(checks);
    TS_RESP_free(response);
    TS_REQ_free(request);
    return *token ? 0 : -1;
}
