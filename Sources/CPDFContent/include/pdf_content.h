#ifndef INVOICEGEN_PDF_CONTENT_H
#define INVOICEGEN_PDF_CONTENT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Rewrites a page content stream so that everything drawn outside a marked-content sequence is
/// inside `/Artifact BMC … EMC`. Tokenizes with libqpdf (strings, inline images and comments are
/// read as PDF defines them). On success returns 0 and sets `*out` (free with `free`) and
/// `*out_length`; on failure returns -1 and sets `*error` to a message (free with `free`).
int ig_mark_artifacts(const char *data, size_t length, char **out, size_t *out_length, char **error);

#ifdef __cplusplus
}
#endif

#endif
