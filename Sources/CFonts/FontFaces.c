// Font faces shared safely between render threads; see CFonts.h.
#include "CFonts.h"

#include <cairo-ft.h>
#include <fontconfig/fcfreetype.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <pango/pangofc-font.h>
#include <pango/pangofc-fontmap.h>
#include <pthread.h>
#include <string.h>

/// The virtual functions of PangoFcFontMapClass, as Pango 1.44 to 1.50 lay them out (the header is private).
typedef struct {
  PangoFontMapClass parent_class;
  void (*default_substitute)(void);
  void (*new_font)(void);
  void (*get_resolution)(void);
  void (*context_key_get)(void);
  void (*context_key_copy)(void);
  void (*context_key_free)(void);
  void (*context_key_hash)(void);
  void (*context_key_equal)(void);
  void (*fontset_key_substitute)(void);
  PangoFcFont *(*create_font)(PangoFcFontMap *fontmap, void *key);
  void (*reserved[4])(void);
} FontMapClassLayout;

static pthread_mutex_t facesLock = PTHREAD_MUTEX_INITIALIZER;
static FT_Library library;
/// "index/path" to FT_Face: every face this process opened, kept open until it exits.
static GHashTable *faces;

/// The face of `file` at `index`, opened on first use; NULL when FreeType cannot open it.
static FT_Face shared_face(const char *file, int index) {
  pthread_mutex_lock(&facesLock);
  FT_Face face = NULL;
  if (library == NULL && FT_Init_FreeType(&library) != 0) library = NULL;
  if (library != NULL) {
    if (faces == NULL) faces = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    char *key = g_strdup_printf("%d/%s", index, file);
    face = g_hash_table_lookup(faces, key);
    if (face == NULL) {
      if (FT_New_Face(library, file, index, &face) == 0) {
        g_hash_table_insert(faces, key, face);
        key = NULL;
      } else {
        face = NULL;
      }
    }
    g_free(key);
  }
  pthread_mutex_unlock(&facesLock);
  return face;
}

/// `pattern` with its FC_FILE replaced by `file` and an FC_FT_FACE of ours for it; NULL when the file cannot be opened.
static FcPattern *pattern_with_face(const FcPattern *pattern, const char *file) {
  int index = 0;
  FcPatternGetInteger(pattern, FC_INDEX, 0, &index);
  FT_Face face = shared_face(file, index);
  if (face == NULL) return NULL;
  FcPattern *own = FcPatternDuplicate(pattern);
  if (own == NULL) return NULL;
  FcPatternDel(own, FC_FT_FACE);
  FcPatternDel(own, FC_FILE);
  FcPatternAddString(own, FC_FILE, (const FcChar8 *)file);
  FcPatternAddFTFace(own, FC_FT_FACE, face);
  return own;
}

static PangoFcFont *(*parent_create_font)(PangoFcFontMap *fontmap, void *key);

/// Pango's font for `key`, its pattern given a face of ours before cairo ever makes a face for it.
static PangoFcFont *create_font(PangoFcFontMap *fontmap, void *key) {
  PangoFcFont *font = parent_create_font(fontmap, key);
  if (font == NULL) return NULL;
  FcChar8 *file = NULL;
  FT_Face given = NULL;
  FcPattern *pattern = font->font_pattern;
  if (FcPatternGetFTFace(pattern, FC_FT_FACE, 0, &given) == FcResultMatch) return font;
  if (FcPatternGetString(pattern, FC_FILE, 0, &file) != FcResultMatch) return font;
  FcPattern *own = pattern_with_face(pattern, (const char *)file);
  if (own == NULL) return font;
  font->font_pattern = own;
  FcPatternDestroy(pattern);
  return font;
}

static void class_init(gpointer klass, gpointer data) {
  (void)data;
  FontMapClassLayout *layout = klass;
  parent_create_font = layout->create_font;
  layout->create_font = create_font;
}

/// The font map type of ours, or Pango's own when its class is not laid out as expected.
static GType font_map_type(void) {
  static gsize type = 0;
  if (g_once_init_enter(&type)) {
    PangoFontMap *probe = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    GType parent = probe ? G_OBJECT_TYPE(probe) : G_TYPE_INVALID;
    GType made = parent;
    if (probe != NULL) {
      GTypeQuery query;
      g_type_query(parent, &query);
      FontMapClassLayout *layout = g_type_class_ref(parent);
      if (g_type_is_a(parent, PANGO_TYPE_FC_FONT_MAP) && query.class_size >= sizeof(FontMapClassLayout)
          && layout->create_font != NULL) {
        made = g_type_register_static_simple(
            parent, "IgSharedFaceFontMap", query.class_size, class_init, query.instance_size, NULL, 0);
      }
      g_type_class_unref(layout);
      g_object_unref(probe);
    }
    g_once_init_leave(&type, made ? made : 1);
  }
  return type == 1 ? G_TYPE_INVALID : (GType)type;
}

PangoFontMap *ig_font_map_new(void) {
  GType type = font_map_type();
  if (type == G_TYPE_INVALID) return pango_cairo_font_map_new();
  return g_object_new(type, NULL);
}

cairo_font_face_t *ig_font_face_copy(PangoFont *font, int copy) {
  if (!PANGO_IS_FC_FONT(font)) return NULL;
  const FcPattern *pattern = pango_fc_font_get_pattern(PANGO_FC_FONT(font));
  FcChar8 *file = NULL;
  if (pattern == NULL || FcPatternGetString(pattern, FC_FILE, 0, &file) != FcResultMatch) return NULL;
  const char *slash = strrchr((const char *)file, '/');
  if (slash == NULL) return NULL;
  GString *path = g_string_new_len((const char *)file, slash - (const char *)file);
  for (int step = 0; step < copy; step++) g_string_append(path, "/.");
  g_string_append(path, slash);
  FcPattern *own = pattern_with_face(pattern, path->str);
  g_string_free(path, TRUE);
  if (own == NULL) return NULL;
  cairo_font_face_t *face = cairo_ft_font_face_create_for_pattern(own);
  FcPatternDestroy(own);
  return face;
}
