#ifndef INVOICEGEN_PDF_CONTENT_H
#define INVOICEGEN_PDF_CONTENT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Receives the finished PDF's bytes in order; returns 0, or -1 when they could not be written.
typedef int (*ig_finisher_write_fn)(void *context, const unsigned char *bytes, size_t length);

/// What the finishing pass adds to cairo's PDF.
typedef struct {
    /// Write a structure tree from the elements and markers given, mark everything else an artifact (PDF/UA-1).
    int tagged;
    /// The catalog's /Lang (BCP 47), when tagged.
    const char *language;
    /// The XMP packet of the catalog's /Metadata, or NULL.
    const char *xmp;
    size_t xmp_length;
    /// The document information dictionary replacing cairo's, as keys and UTF-8 values in turn
    /// (`"/Title", "Invoice 1", "/Producer", …`), or NULL to keep cairo's.
    const char *const *info;
    size_t info_count;
    /// PDF/A: the sRGB output intent, images never interpolated, CID fonts with /CIDToGIDMap, annotations printed.
    int archival;
    /// The Flate-compressed ICC profile of the output intent (archival).
    const unsigned char *icc;
    size_t icc_length;
    /// A file embedded as an associated file (/AF, /Names /EmbeddedFiles), when `attachment_name` is not NULL.
    const char *attachment_name;
    const char *attachment_mime;
    const char *attachment_description;
    const char *attachment_relationship;
    const char *attachment_date;
    const unsigned char *attachment_data;
    size_t attachment_length;
    /// A signature to seal the file with, when not 0: the bytes its DER may take. The pass writes an
    /// invisible signature field on the first page (tagged: in a Form element), the catalog's
    /// /AcroForm, and an uncompressed signature dictionary whose /ByteRange and /Contents are
    /// placeholders (see `ig_finisher_signature_slot`).
    size_t signature_capacity;
    /// The signature field's name (/T) and its description for assistive technology (/TU).
    const char *signature_name;
    const char *signature_description;
    /// The signing time, a PDF date (the signature dictionary's /M).
    const char *signature_date;
} ig_finisher_options;

/// Where the signature dictionary's placeholders are in the finished output (byte offsets from its start).
typedef struct {
    /// The `[` of /ByteRange, and the width of the array up to and including its `]`.
    uint64_t byte_range;
    size_t byte_range_width;
    /// The `<` of /Contents, and the width of the hex string up to and including its `>`.
    uint64_t contents;
    size_t contents_width;
} ig_signature_slot;

/// The finishing pass over cairo's PDF output, as cairo writes it: one streaming pass, no second read.
///
/// Cairo's objects are copied with new numbers; each page's content stream is rewritten (marker
/// rectangles become marked content with MCIDs, other drawing `/Artifact`); the page dictionaries
/// gain /StructParents, /Tabs and the link annotations given; structure elements are written as
/// soon as they are complete, packed in compressed object streams; the catalog gains the structure
/// tree root, /Lang, /MarkInfo, /Metadata and (archival) the output intent and attachment; a
/// cross-reference stream and a deterministic /ID end the file. Memory holds one page's content
/// and the structure elements still open, never the document.
typedef struct ig_finisher ig_finisher;

ig_finisher *ig_finisher_new(const ig_finisher_options *options, ig_finisher_write_fn write, void *context);
void ig_finisher_free(ig_finisher *finisher);

/// Takes the next bytes cairo wrote; 0, or -1 once the pass failed (see `ig_finisher_error`).
int ig_finisher_take(ig_finisher *finisher, const unsigned char *bytes, size_t length);

/// Opens a structure element of `type` ("P", "TD"…) under `parent` (0: the document); returns its number.
/// `alt` is a figure's alternative text, `scope` a header cell's ("Column", "Row"); either may be NULL.
int32_t ig_finisher_open(ig_finisher *finisher, const char *type, int32_t parent, const char *alt,
                         const char *scope);

/// Closes `element`: it gains no more children or content.
void ig_finisher_close(ig_finisher *finisher, int32_t element);

/// Says that the BEGIN marker drawn next on the current page (its ordinal is its count so far) opens content of `element`.
void ig_finisher_mark(ig_finisher *finisher, int32_t element);

/// Records page content operators (`q … Q`, in cairo's page coordinates: points, y down) that the
/// INSERT marker drawn next on the current page stands for; returns that marker's ordinal.
int32_t ig_finisher_insert(ig_finisher *finisher, const char *operators, size_t length);

/// A link annotation on the current page over the PDF rectangle (x0, y0)–(x1, y1), to `uri` or to the
/// named destination `destination`; `element` (a Link element, or -1 when untagged) owns it.
void ig_finisher_link(ig_finisher *finisher, int32_t element, double x0, double y0, double x1, double y1,
                      const char *uri, const char *destination);

/// Ends the current page's markers and links: call before cairo shows the page.
void ig_finisher_end_page(ig_finisher *finisher);

/// Checks that cairo's whole file went through; 0, or -1 (see `ig_finisher_error`).
int ig_finisher_finish(ig_finisher *finisher);

/// Where the signature's placeholders are, once `ig_finisher_finish` succeeded with `signature_capacity`;
/// 0, or -1 when the pass wrote no signature.
int ig_finisher_signature_slot(ig_finisher *finisher, ig_signature_slot *slot);

/// Why the pass failed, or NULL.
const char *ig_finisher_error(ig_finisher *finisher);

/// The e-invoice XML embedded in the PDF at `path` (factur-x.xml, zugferd-invoice.xml, xrechnung.xml).
/// Returns 0 and sets `*name`, `*out` and `*out_length` (free both with `free`); 1 when the PDF embeds
/// none, -1 when it cannot be read, setting `*error` (free with `free`) in both cases.
int ig_embedded_invoice(const char *path, char **name, char **out, size_t *out_length, char **error);

/// Marks one decoded page content stream as the finishing pass does: with `markers`, marker rectangles
/// become `/P <</MCID ordinal>> BDC` … `EMC`; every operator outside marked content goes inside
/// `/Artifact BMC … EMC`. `scanner` 0 uses the quick scanner (libqpdf's tokenizer for content it
/// cannot read), -1 libqpdf's tokenizer alone. On success returns 0 and sets `*out` (free with
/// `free`) and `*out_length`; on failure returns -1 and sets `*error` (free with `free`).
int ig_mark_content(const char *data, size_t length, int markers, int scanner, char **out, size_t *out_length,
                    char **error);

/// Joins the text objects of one decoded, marked page content stream as the finishing pass does
/// (one `BT … ET` across marked content, `Td` for `Tm`, no repeated `Tf`). On success returns 0 and
/// sets `*out` (free with `free`) and `*out_length`; on failure returns -1 and sets `*error`.
int ig_join_text_objects(const char *data, size_t length, char **out, size_t *out_length, char **error);

/// Writes `value` as the finishing pass writes page-content numbers (cairo's `%.6f` without trailing
/// zeros) into `text` with a NUL, cut to `capacity`; sets `*written` to the value of the text and
/// returns its length.
size_t ig_pdf_decimal(double value, char *text, size_t capacity, double *written);

/// Reads the `length` bytes at `token` as a number, as the finishing pass does; returns 1 and sets
/// `*value`, or 0 when the token is not a number.
int ig_pdf_parse_number(const char *token, size_t length, double *value);

/// Writes the SHA-256 digest of `bytes` as 64 lower-case hex digits and a NUL into `hex` (65 bytes).
void ig_sha256_hex(const unsigned char *bytes, size_t length, char *hex);

#ifdef __cplusplus
}
#endif

#endif
