/* What one structure marker costs inside cairo 1.16's PDF surface, as the finishing pass needs it.
 *
 * Draws DOCS one-page PDFs (to no file) of ROWS eight-glyph text runs, each run between a BEGIN and
 * an END marker drawn the way MODE says:
 *   text   no markers (untagged output);
 *   rect   a marker rectangle filled in device space, as invoicegen's StructureTagger draws it;
 *   glyph  a zero-advance glyph of a user font at the text's size, which stays inside cairo's text
 *          object (the alternative to rectangles; the pass would remove the glyph again).
 * Count instructions, which repeat where time does not; the cost of a marker is the difference
 * between two ROWS counts of one MODE, less the same difference for `text`, over 2 x DOCS x rows:
 *   cc -O2 docs/bench/marker-cost.c $(pkg-config --cflags --libs cairo) -o /tmp/marker-cost
 *   for m in text rect glyph; do for r in 40 80; do
 *     valgrind --tool=callgrind --callgrind-out-file=/dev/null /tmp/marker-cost $m 50 $r 2>&1 | grep refs
 *   done; done
 */
#include <cairo-pdf.h>
#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/** Draws the marker glyph: a speck of ink (cairo drops a glyph without ink) and no advance. */
static cairo_status_t render_marker_glyph(cairo_scaled_font_t *font, unsigned long glyph, cairo_t *cr,
                                          cairo_text_extents_t *extents) {
  cairo_rectangle(cr, 0, 0, 0.01, 0.01);
  cairo_fill(cr);
  extents->x_advance = 0;
  return CAIRO_STATUS_SUCCESS;
}

/** Discards the PDF: only the drawing is measured. */
static cairo_status_t discard(void *closure, const unsigned char *data, unsigned int length) {
  return CAIRO_STATUS_SUCCESS;
}

/** Draws one marker of `kind` (29 BEGIN, 31 END, in 1/256 pt as the pass reads them) before `x`, `y`. */
static void draw_marker(cairo_t *cr, const char *mode, int kind, int ordinal, cairo_scaled_font_t *marker,
                        double x, double y) {
  if (strcmp(mode, "rect") == 0) {
    cairo_save(cr);
    cairo_identity_matrix(cr);
    cairo_rectangle(cr, 0.25, 0.25, 0.5 + ordinal / 256.0, kind / 256.0);
    cairo_fill(cr);
    cairo_restore(cr);
  } else if (strcmp(mode, "glyph") == 0) {
    cairo_glyph_t glyph = {kind, x, y};
    cairo_set_scaled_font(cr, marker);
    cairo_show_glyphs(cr, &glyph, 1);
  }
}

/** Draws one page of `rows` runs with their markers and finishes the PDF. */
static void draw_document(const char *mode, int rows, cairo_font_face_t *text_face, cairo_font_face_t *marker_face) {
  cairo_surface_t *surface = cairo_pdf_surface_create_for_stream(discard, NULL, 595, 842);
  cairo_t *cr = cairo_create(surface);
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_font_size(cr, 10);
  cairo_set_font_face(cr, text_face);
  cairo_scaled_font_t *text = cairo_scaled_font_reference(cairo_get_scaled_font(cr));
  cairo_set_font_face(cr, marker_face);
  cairo_scaled_font_t *marker = cairo_scaled_font_reference(cairo_get_scaled_font(cr));
  cairo_glyph_t glyphs[8];
  for (int row = 0; row < rows; row++) {
    double x = 50 + (row % 6) * 80, y = 100 + (row / 6) * 20;
    draw_marker(cr, mode, 29, row, marker, x, y);
    cairo_set_scaled_font(cr, text);
    for (int i = 0; i < 8; i++) glyphs[i] = (cairo_glyph_t){36 + i + row % 10, x + i * 6, y};
    cairo_show_glyphs(cr, glyphs, 8);
    draw_marker(cr, mode, 31, 0, marker, x + 48, y);
  }
  cairo_show_page(cr);
  cairo_scaled_font_destroy(text);
  cairo_scaled_font_destroy(marker);
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s text|rect|glyph DOCS ROWS\n", argv[0]);
    return 2;
  }
  cairo_font_face_t *marker_face = cairo_user_font_face_create();
  cairo_user_font_face_set_render_glyph_func(marker_face, render_marker_glyph);
  cairo_font_face_t *text_face = cairo_toy_font_face_create("DejaVu Sans", 0, 0);
  for (int n = atoi(argv[2]); n > 0; n--) draw_document(argv[1], atoi(argv[3]), text_face, marker_face);
  cairo_font_face_destroy(text_face);
  cairo_font_face_destroy(marker_face);
  return 0;
}
