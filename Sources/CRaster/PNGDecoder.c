// PNG decoding with downscaling while reading rows (see CRaster.h).
#include "CRaster.h"

#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const unsigned char *data;
  size_t length;
  size_t offset;
} Reader;

typedef struct {
  jmp_buf jump;
  char message[200];
} Failure;

static void read_bytes(png_structp png, png_bytep out, size_t count) {
  Reader *reader = (Reader *)png_get_io_ptr(png);
  if (count > reader->length - reader->offset) png_error(png, "the file ends early");
  memcpy(out, reader->data + reader->offset, count);
  reader->offset += count;
}

static void on_error(png_structp png, png_const_charp message) {
  Failure *failure = (Failure *)png_get_error_ptr(png);
  snprintf(failure->message, sizeof failure->message, "%s", message);
  longjmp(failure->jump, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

static uint32_t big_endian(const unsigned char *bytes) {
  return ((uint32_t)bytes[0] << 24) | ((uint32_t)bytes[1] << 16) | ((uint32_t)bytes[2] << 8) | bytes[3];
}

int ig_png_header(const unsigned char *data, size_t length, int *width, int *height, int *interlaced) {
  static const unsigned char signature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
  if (length < 33 || memcmp(data, signature, 8) != 0 || memcmp(data + 12, "IHDR", 4) != 0) return -1;
  uint32_t w = big_endian(data + 16), h = big_endian(data + 20);
  if (w == 0 || h == 0 || w > 0x7FFFFFFF || h > 0x7FFFFFFF) return -1;
  *width = (int)w;
  *height = (int)h;
  *interlaced = data[28] != 0;
  return 0;
}

/// Sums of premultiplied channels for one row of output pixels, and how many source pixels each holds.
typedef struct {
  uint64_t *sums;  // 4 per output pixel: blue, green, red, alpha (cairo's byte order in memory)
  uint32_t *counts;
} Accumulator;

/// Adds one source row of `count` RGBA pixels to `row`, each into output pixel x / `block`.
static void accumulate(Accumulator *row, const unsigned char *rgba, int count, int block) {
  for (int x = 0; x < count; x++) {
    const unsigned char *pixel = rgba + 4 * (size_t)x;
    uint32_t alpha = pixel[3];
    int out = x / block;
    uint64_t *sum = row->sums + 4 * (size_t)out;
    sum[0] += pixel[2] * alpha;
    sum[1] += pixel[1] * alpha;
    sum[2] += pixel[0] * alpha;
    sum[3] += alpha * 255;
    row->counts[out] += 1;
  }
}

/// Writes the averages of `row` as one row of premultiplied ARGB32 pixels (B, G, R, A in little-endian memory) and clears it.
static void emit(Accumulator *row, unsigned char *target, int width) {
  for (int x = 0; x < width; x++) {
    uint64_t *sum = row->sums + 4 * (size_t)x;
    uint64_t area = (uint64_t)row->counts[x] * 255;
    for (int channel = 0; channel < 4; channel++) {
      target[4 * (size_t)x + channel] = area ? (unsigned char)((sum[channel] + area / 2) / area) : 0;
    }
  }
  memset(row->sums, 0, sizeof(uint64_t) * 4 * (size_t)width);
  memset(row->counts, 0, sizeof(uint32_t) * (size_t)width);
}

/// The allocations of one decode; the error path frees whatever is set when libpng jumps back.
typedef struct {
  unsigned char *row;
  unsigned char *grid;
  unsigned char *out;
  uint64_t *sums;
  uint32_t *counts;
} Buffers;

static void free_buffers(volatile Buffers *buffers) {
  free(buffers->row);
  free(buffers->grid);
  free(buffers->out);
  free(buffers->sums);
  free(buffers->counts);
}

/// The sizes of one decode: the file's, the grid read from it (every `step`-th pixel) and the output
/// (the grid reduced by `reduce` in each direction).
typedef struct {
  png_uint_32 fileWidth, fileHeight;
  int step, sourceWidth, sourceHeight, reduce, outWidth, outHeight;
} Geometry;

/// The geometry for reducing by `block`: an interlaced image is read pass by pass into a grid of
/// every `step`-th pixel (step 8, 4, 2 or 1, at most `block`), which is then reduced.
static Geometry geometry(png_uint_32 fileWidth, png_uint_32 fileHeight, int interlaced, int block) {
  Geometry g = {fileWidth, fileHeight, 1, 0, 0, 0, 0, 0};
  if (interlaced) {
    while (g.step < 8 && g.step * 2 <= block) g.step *= 2;
  }
  g.sourceWidth = (int)((fileWidth + g.step - 1) / g.step);
  g.sourceHeight = (int)((fileHeight + g.step - 1) / g.step);
  g.reduce = block / g.step;
  g.outWidth = (g.sourceWidth + g.reduce - 1) / g.reduce;
  g.outHeight = (g.sourceHeight + g.reduce - 1) / g.reduce;
  return g;
}

/// Reads a non-interlaced image row by row, reducing as it goes.
static void read_progressive(png_structp png, const Geometry *g, volatile Buffers *buffers, Accumulator *accumulator) {
  for (png_uint_32 y = 0; y < g->fileHeight; y++) {
    png_read_row(png, buffers->row, NULL);
    accumulate(accumulator, buffers->row, (int)g->fileWidth, g->reduce);
    if ((int)(y % g->reduce) == g->reduce - 1 || y == g->fileHeight - 1) {
      emit(accumulator, buffers->out + (size_t)(y / g->reduce) * g->outWidth * 4, g->outWidth);
    }
  }
}

/// Whether Adam7 pass `pass` has pixels on the grid of every `step`-th pixel.
static int pass_is_useful(const Geometry *g, int pass) {
  return PNG_PASS_START_COL(pass) % g->step == 0 && PNG_PASS_START_ROW(pass) % g->step == 0 &&
         PNG_PASS_COLS(g->fileWidth, pass) > 0 && PNG_PASS_ROWS(g->fileHeight, pass) > 0;
}

/// Reads Adam7 pass `pass` and copies its pixels on the grid into `buffers->grid`.
static void read_pass(png_structp png, const Geometry *g, volatile Buffers *buffers, int pass) {
  png_uint_32 columns = PNG_PASS_COLS(g->fileWidth, pass), rows = PNG_PASS_ROWS(g->fileHeight, pass);
  int startColumn = PNG_PASS_START_COL(pass), startRow = PNG_PASS_START_ROW(pass);
  int columnStep = 1 << PNG_PASS_COL_SHIFT(pass), rowStep = 1 << PNG_PASS_ROW_SHIFT(pass);
  int useful = pass_is_useful(g, pass);
  for (png_uint_32 j = 0; j < rows; j++) {
    png_read_row(png, buffers->row, NULL);
    if (!useful) continue;
    png_uint_32 y = startRow + j * rowStep;
    if (y % g->step != 0) continue;
    for (png_uint_32 i = 0; i < columns; i++) {
      png_uint_32 x = startColumn + i * columnStep;
      if (x % g->step != 0) continue;
      memcpy(buffers->grid + ((size_t)(y / g->step) * g->sourceWidth + x / g->step) * 4,
             buffers->row + (size_t)i * 4, 4);
    }
  }
}

/// Reads an interlaced image pass by pass into the grid, stopping after the last pass the grid
/// needs (passes go coarse to fine), then reduces the grid.
static void read_interlaced(png_structp png, const Geometry *g, volatile Buffers *buffers, Accumulator *accumulator) {
  buffers->grid = malloc((size_t)g->sourceWidth * g->sourceHeight * 4);
  if (!buffers->grid) png_error(png, "out of memory");
  for (int pass = 0; pass < 7; pass++) {
    if (PNG_PASS_COLS(g->fileWidth, pass) == 0 || PNG_PASS_ROWS(g->fileHeight, pass) == 0) continue;
    read_pass(png, g, buffers, pass);
    int needsLater = 0;
    for (int later = pass + 1; later < 7; later++) needsLater |= pass_is_useful(g, later);
    if (!needsLater) break;
  }
  for (int y = 0; y < g->sourceHeight; y++) {
    accumulate(accumulator, buffers->grid + (size_t)y * g->sourceWidth * 4, g->sourceWidth, g->reduce);
    if (y % g->reduce == g->reduce - 1 || y == g->sourceHeight - 1) {
      emit(accumulator, buffers->out + (size_t)(y / g->reduce) * g->outWidth * 4, g->outWidth);
    }
  }
}

/// Sets libpng up to give 8-bit RGBA rows; returns whether the image has any transparency.
static int read_header(png_structp png, png_infop info, png_uint_32 *width, png_uint_32 *height, int *interlace) {
  int depth, colorType;
  png_set_user_limits(png, 0x7FFFFFFF, 0x7FFFFFFF);
  png_read_info(png, info);
  png_get_IHDR(png, info, width, height, &depth, &colorType, interlace, NULL, NULL);
  int transparent = (colorType & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, info, PNG_INFO_tRNS);
  png_set_expand(png);
  png_set_strip_16(png);
  png_set_gray_to_rgb(png);
  png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
  png_read_update_info(png, info);
  if (png_get_channels(png, info) != 4) png_error(png, "unsupported PNG pixel format");
  return transparent;
}

int ig_png_decode(const unsigned char *data, size_t length, int block, unsigned char **pixels, int *width,
                  int *height, int *opaque, char **error) {
  Reader reader = {data, length, 0};
  Failure failure;
  failure.message[0] = 0;
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &failure, on_error, on_warning);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  if (!png || !info) {
    png_destroy_read_struct(png ? &png : NULL, NULL, NULL);
    *error = strdup("libpng could not start");
    return -1;
  }
  // Volatile: after longjmp the error path must see the last value each pointer was set to.
  volatile Buffers buffers = {NULL, NULL, NULL, NULL, NULL};
  if (setjmp(failure.jump)) {
    free_buffers(&buffers);
    png_destroy_read_struct(&png, &info, NULL);
    *error = strdup(failure.message[0] ? failure.message : "corrupt PNG data");
    return -1;
  }
  png_set_read_fn(png, &reader, read_bytes);
  png_uint_32 fileWidth, fileHeight;
  int interlace;
  int transparent = read_header(png, info, &fileWidth, &fileHeight, &interlace);
  Geometry g = geometry(fileWidth, fileHeight, interlace != PNG_INTERLACE_NONE, block < 1 ? 1 : block);
  buffers.row = malloc((size_t)fileWidth * 4);
  buffers.out = malloc((size_t)g.outWidth * g.outHeight * 4);
  buffers.sums = calloc((size_t)g.outWidth * 4, sizeof(uint64_t));
  buffers.counts = calloc((size_t)g.outWidth, sizeof(uint32_t));
  if (!buffers.row || !buffers.out || !buffers.sums || !buffers.counts) png_error(png, "out of memory");
  Accumulator accumulator = {buffers.sums, buffers.counts};
  if (interlace == PNG_INTERLACE_NONE) {
    read_progressive(png, &g, &buffers, &accumulator);
  } else {
    read_interlaced(png, &g, &buffers, &accumulator);
  }
  *pixels = buffers.out;
  buffers.out = NULL;
  free_buffers(&buffers);
  png_destroy_read_struct(&png, &info, NULL);
  *width = g.outWidth;
  *height = g.outHeight;
  *opaque = !transparent;
  return 0;
}
