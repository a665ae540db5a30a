#ifndef INVOICEGEN_PDF_CONTENT_H
#define INVOICEGEN_PDF_CONTENT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What `ig_tag_pdf` adds to a tagged PDF that cairo 1.16 wrote.
typedef struct {
    /// The catalog's /Lang (BCP 47).
    const char *language;
    /// The /Alt of each /Figure, in document order.
    const char *const *figure_labels;
    size_t figure_count;
    /// The /Scope of each /TH ("Column" or "Row"), in document order.
    const char *const *header_scopes;
    size_t header_count;
    /// The XMP packet to make the catalog's /Metadata, or NULL to leave the metadata alone.
    const char *xmp;
    size_t xmp_length;
    /// Made in the document's /ID instead of a random part (qpdf's deterministic ID).
    int deterministic_id;
} ig_tag_options;

/// Completes cairo's tagged PDF in `data` for PDF/UA-1 with libqpdf, in one read and one write:
/// /Lang, /MarkInfo, /ViewerPreferences /DisplayDocTitle, /Metadata, figure /Alt, header /Scope,
/// link /Contents, page /Tabs /S, and every drawing outside marked content wrapped in
/// `/Artifact BMC … EMC` (a scanner that reads strings, names and comments as PDF defines them;
/// content with an inline image goes through libqpdf's tokenizer). On success returns 0 and sets
/// `*out` (free with `free`) and
/// `*out_length`; on failure returns -1 and sets `*error` to a message (free with `free`).
int ig_tag_pdf(const char *data, size_t length, const ig_tag_options *options, char **out, size_t *out_length,
               char **error);

/// Marks one decoded page content stream like `ig_tag_pdf` does: every operator outside marked
/// content inside `/Artifact BMC … EMC`. Same results and ownership as `ig_tag_pdf`.
int ig_mark_artifacts(const char *data, size_t length, char **out, size_t *out_length, char **error);

#ifdef __cplusplus
}
#endif

#endif
