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
  // Everything the error path frees is declared volatile: its value after longjmp must be the last one set.
  unsigned char *volatile row = NULL;
  unsigned char *volatile grid = NULL;
  unsigned char *volatile out = NULL;
  uint64_t *volatile sums = NULL;
  uint32_t *volatile counts = NULL;
  if (setjmp(failure.jump)) {
    free(row);
    free(grid);
    free(out);
    free(sums);
    free(counts);
    png_destroy_read_struct(&png, &info, NULL);
    *error = strdup(failure.message[0] ? failure.message : "corrupt PNG data");
    return -1;
  }
  png_set_read_fn(png, &reader, read_bytes);
  png_set_user_limits(png, 0x7FFFFFFF, 0x7FFFFFFF);
  png_read_info(png, info);
  png_uint_32 fileWidth, fileHeight;
  int depth, colorType, interlace;
  png_get_IHDR(png, info, &fileWidth, &fileHeight, &depth, &colorType, &interlace, NULL, NULL);
  int transparent = (colorType & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, info, PNG_INFO_tRNS);
  png_set_expand(png);
  png_set_strip_16(png);
  png_set_gray_to_rgb(png);
  png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
  png_read_update_info(png, info);
  if (png_get_channels(png, info) != 4) png_error(png, "unsupported PNG pixel format");
  if (block < 1) block = 1;

  // An interlaced image is read pass by pass into a grid of every `step`-th pixel (step 8, 4, 2 or 1,
  // at most `block`); only the passes that hold grid pixels are read. The grid is then reduced.
  int step = 1;
  if (interlace != PNG_INTERLACE_NONE) {
    while (step < 8 && step * 2 <= block) step *= 2;
  }
  int sourceWidth = (int)((fileWidth + step - 1) / step);
  int sourceHeight = (int)((fileHeight + step - 1) / step);
  int reduce = block / step;
  int outWidth = (sourceWidth + reduce - 1) / reduce;
  int outHeight = (sourceHeight + reduce - 1) / reduce;

  row = malloc((size_t)fileWidth * 4);
  out = malloc((size_t)outWidth * outHeight * 4);
  sums = calloc((size_t)outWidth * 4, sizeof(uint64_t));
  counts = calloc((size_t)outWidth, sizeof(uint32_t));
  if (!row || !out || !sums || !counts) png_error(png, "out of memory");
  Accumulator accumulator = {sums, counts};

  if (interlace == PNG_INTERLACE_NONE) {
    for (png_uint_32 y = 0; y < fileHeight; y++) {
      png_read_row(png, row, NULL);
      accumulate(&accumulator, row, (int)fileWidth, reduce);
      if ((int)(y % reduce) == reduce - 1 || y == fileHeight - 1) {
        emit(&accumulator, out + (size_t)(y / reduce) * outWidth * 4, outWidth);
      }
    }
  } else {
    grid = malloc((size_t)sourceWidth * sourceHeight * 4);
    if (!grid) png_error(png, "out of memory");
    for (int pass = 0; pass < 7; pass++) {
      png_uint_32 columns = PNG_PASS_COLS(fileWidth, pass), rows = PNG_PASS_ROWS(fileHeight, pass);
      if (columns == 0 || rows == 0) continue;
      // Passes are ordered coarse to fine; a pass whose first pixel is off the grid adds nothing to it.
      int startColumn = PNG_PASS_START_COL(pass), startRow = PNG_PASS_START_ROW(pass);
      int columnStep = 1 << PNG_PASS_COL_SHIFT(pass), rowStep = 1 << PNG_PASS_ROW_SHIFT(pass);
      int useful = startColumn % step == 0 && startRow % step == 0;
      int needsLater = 0;
      for (int later = pass + 1; later < 7; later++) {
        if (PNG_PASS_START_COL(later) % step == 0 && PNG_PASS_START_ROW(later) % step == 0 &&
            PNG_PASS_COLS(fileWidth, later) > 0 && PNG_PASS_ROWS(fileHeight, later) > 0)
          needsLater = 1;
      }
      for (png_uint_32 j = 0; j < rows; j++) {
        png_read_row(png, row, NULL);
        if (!useful) continue;
        png_uint_32 y = startRow + j * rowStep;
        if (y % step != 0) continue;
        for (png_uint_32 i = 0; i < columns; i++) {
          png_uint_32 x = startColumn + i * columnStep;
          if (x % step != 0) continue;
          memcpy(grid + ((size_t)(y / step) * sourceWidth + x / step) * 4, row + (size_t)i * 4, 4);
        }
      }
      if (!needsLater) break;
    }
    for (int y = 0; y < sourceHeight; y++) {
      accumulate(&accumulator, grid + (size_t)y * sourceWidth * 4, sourceWidth, reduce);
      if (y % reduce == reduce - 1 || y == sourceHeight - 1) {
        emit(&accumulator, out + (size_t)(y / reduce) * outWidth * 4, outWidth);
      }
    }
    free(grid);
    grid = NULL;
  }
  free(row);
  free(sums);
  free(counts);
  png_destroy_read_struct(&png, &info, NULL);
  *pixels = out;
  *width = outWidth;
  *height = outHeight;
  *opaque = !transparent;
  return 0;
}
