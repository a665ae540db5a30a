// Raster decoding that needs C: libpng reports errors by longjmp, which Swift cannot catch.
#ifndef IG_CRASTER_H
#define IG_CRASTER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The size and layout of a PNG, read from its IHDR chunk without decoding: 0, or -1 when the bytes are no PNG.
int ig_png_header(const unsigned char *data, size_t length, int *width, int *height, int *interlaced);

/// Decodes the PNG in `data` with every block of `block` × `block` pixels averaged into one, row by row,
/// so the whole image is never in memory (an interlaced PNG keeps only the passes the reduction needs).
///
/// On success returns 0 and a malloc'd buffer of cairo ARGB32 pixels (premultiplied, native endian,
/// stride `*width` × 4) of `*width` × `*height` pixels, and whether the file has no transparency
/// (`*opaque`: then the pixels suit cairo's RGB24 too); on failure returns -1 and a malloc'd message.
int ig_png_decode(const unsigned char *data, size_t length, int block, unsigned char **pixels, int *width,
                  int *height, int *opaque, char **error);

#ifdef __cplusplus
}
#endif

#endif
