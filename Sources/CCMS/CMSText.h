// Texts the CMS functions share: libcrypto's reasons and certificate subjects (not exported).
#ifndef IG_CMS_TEXT_H
#define IG_CMS_TEXT_H

#include <openssl/x509.h>

/// `what`, followed by libcrypto's last reason when it has one (malloc'd); the error queue is cleared.
char *ig_cms_problem(const char *what);

/// The subject of `certificate`, RFC 2253 in UTF-8 (malloc'd), or NULL.
char *ig_cms_subject(X509 *certificate);

#endif
