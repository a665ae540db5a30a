// The C libraries PageRendering draws with, and inline helpers for macros Swift cannot import.
#ifndef INVOICEGEN_CCAIRO_SHIM_H
#define INVOICEGEN_CCAIRO_SHIM_H

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo-ft.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <pango/pangofc-font.h>
#include <string.h>
#include <fontconfig/fontconfig.h>
#include <librsvg/rsvg.h>
#include <turbojpeg.h>
#include <qpdf/qpdf-c.h>
#include <poppler.h>

/// PANGO_FC_FONT_MAP() is a cast macro; Swift sees this function instead.
static inline PangoFcFontMap *ig_pango_fc_font_map(PangoFontMap *map) {
  return PANGO_FC_FONT_MAP(map);
}

/// PANGO_SCALE as a plain integer.
static inline int ig_pango_scale(void) { return PANGO_SCALE; }

/// g_object_unref without the gpointer type dance.
static inline void ig_object_unref(void *object) { g_object_unref(object); }

/// Frees a GError and returns its message copied into a newly allocated string the caller frees.
static inline char *ig_take_error_message(GError *error) {
  if (error == NULL) return NULL;
  char *message = g_strdup(error->message);
  g_error_free(error);
  return message;
}

/// The underline attribute constructor for a single underline.
static inline PangoAttribute *ig_attr_underline_single(void) {
  return pango_attr_underline_new(PANGO_UNDERLINE_SINGLE);
}

/// A cairo face for the font file of `font` that a PDF embeds apart from Pango's own face of it.
///
/// Cairo keeps one character mapping per glyph and font face; a second face of the same file
/// (named with `copy` extra "/." steps in its path, so cairo's caches tell it apart) lets a glyph
/// stand for other text. NULL when `font` is not a fontconfig font. The caller destroys the face.
static inline cairo_font_face_t *ig_font_face_copy(PangoFont *font, int copy) {
  if (!PANGO_IS_FC_FONT(font)) return NULL;
  FcPattern *pattern = FcPatternDuplicate(pango_fc_font_get_pattern(PANGO_FC_FONT(font)));
  FcChar8 *file = NULL;
  if (pattern == NULL || FcPatternGetString(pattern, FC_FILE, 0, &file) != FcResultMatch) {
    if (pattern) FcPatternDestroy(pattern);
    return NULL;
  }
  const char *slash = strrchr((const char *)file, '/');
  if (slash == NULL) {
    FcPatternDestroy(pattern);
    return NULL;
  }
  GString *path = g_string_new_len((const char *)file, slash - (const char *)file);
  for (int step = 0; step < copy; step++) g_string_append(path, "/.");
  g_string_append(path, slash);
  FcPatternDel(pattern, FC_FILE);
  FcPatternAddString(pattern, FC_FILE, (const FcChar8 *)path->str);
  g_string_free(path, TRUE);
  cairo_font_face_t *face = cairo_ft_font_face_create_for_pattern(pattern);
  FcPatternDestroy(pattern);
  return face;
}

#endif
