// Font faces shared safely between render threads: one FreeType face per font file, opened once.
#ifndef INVOICEGEN_CFONTS_H
#define INVOICEGEN_CFONTS_H

#include <cairo.h>
#include <pango/pangocairo.h>
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <fontconfig/fcfreetype.h>
#include <pango/pangofc-font.h>

/// A Pango font map whose fonts reach cairo through faces of ours (one per font file, never closed).
///
/// Cairo 1.16 keeps at most ten font files open that it opened itself, and closes one another
/// thread may be about to use: `_cairo_ft_unscaled_font_lock_face` picks a face whose lock count
/// is zero without taking that face's mutex, so a thread that has just found it open can draw
/// with a freed `FT_Face`. Batches with more than ten font files (a QR-bill font beside Noto, or
/// invoices in several scripts) crashed that way once in five to twenty runs on two workers.
/// Cairo never closes a face it was given (`FC_FT_FACE`), so every font of this map hands cairo
/// one. Falls back to `pango_cairo_font_map_new` when the running Pango's classes differ from
/// the layout this file was written for.
PangoFontMap *ig_font_map_new(void);

/// A cairo face for the font file of `font` that a PDF embeds apart from Pango's own face of it.
///
/// Cairo keeps one character mapping per glyph and font face; a second face of the same file
/// (named with `copy` extra "/." steps in its path, so it is a face of its own) lets a glyph
/// stand for other text. NULL when `font` is not a fontconfig font. The caller destroys the face.
cairo_font_face_t *ig_font_face_copy(PangoFont *font, int copy);

#endif
