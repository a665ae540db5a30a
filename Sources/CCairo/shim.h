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

#endif
