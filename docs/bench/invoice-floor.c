/*
 * invoice-floor: the bench-peers invoice drawn with plain cairo and pango, as the floor for that row.
 *
 * It draws the same one-page invoice that `make bench-peers` asks invoicegen, Typst and ReportLab
 * for (the same strings, fonts, sizes, colours and rules, computed from the same formulas as
 * peers.py's make_data), at fixed positions: no layout engine, no tagging, one PangoLayout reused
 * for every string. So it is the fastest this stack can make that page, and its time against a
 * peer's is the most any cairo-and-pango tool can lead that peer by.
 *
 *   invoice-floor N OUTDIR    N one-page PDFs, OUTDIR/P-<10000+i>.pdf
 *
 * Build: cc -O2 invoice-floor.c -o invoice-floor $(pkg-config --cflags --libs pangocairo cairo-pdf)
 */
#include <cairo-pdf.h>
#include <cairo.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAGE_W 595.28
#define PAGE_H 841.89
#define LEFT 48.2
#define RIGHT (PAGE_W - 48.2)

/* The fonts the invoice uses, and the one layout every string is set in. */
typedef struct {
    cairo_t *cr;
    PangoLayout *layout;
    PangoFontDescription *body, *bold, *small, *small_bold, *tiny, *name, *title;
} Page;

/* Sets `s` in `font` at (x, y); a positive width aligns it in [x, x + width]. */
static void text(Page *p, PangoFontDescription *font, double x, double y, double width, const char *s,
                 PangoAlignment align) {
    pango_layout_set_font_description(p->layout, font);
    pango_layout_set_width(p->layout, width > 0 ? (int)(width * PANGO_SCALE) : -1);
    pango_layout_set_alignment(p->layout, align);
    pango_layout_set_text(p->layout, s, -1);
    cairo_move_to(p->cr, x, y);
    pango_cairo_show_layout(p->cr, p->layout);
}

/* Right-aligned text ending at x. */
static void right(Page *p, PangoFontDescription *font, double x, double y, double width, const char *s) {
    text(p, font, x - width, y, width, s, PANGO_ALIGN_RIGHT);
}

/* Writes cents as "€1,234.56" (with the euro sign) or "1,234.56". */
static void money(char *out, size_t cap, long cents, int euro) {
    long units = cents / 100;
    char digits[32], grouped[48];
    snprintf(digits, sizeof digits, "%ld", units);
    size_t n = strlen(digits), j = 0;
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && (n - i) % 3 == 0) grouped[j++] = ',';
        grouped[j++] = digits[i];
    }
    grouped[j] = 0;
    snprintf(out, cap, "%s%s.%02ld", euro ? "€" : "", grouped, cents % 100);
}

/* The seller's name, address block, the title, the customer and the invoice's dates. */
static void draw_header(Page *p, long n) {
    char buf[128];
    cairo_set_source_rgb(p->cr, 0.06, 0.30, 0.51);
    text(p, p->name, LEFT, 40, -1, "Northwind Software GmbH", PANGO_ALIGN_LEFT);
    text(p, p->title, LEFT, 100, -1, "Invoice", PANGO_ALIGN_LEFT);
    cairo_set_source_rgb(p->cr, 0.1, 0.1, 0.1);
    const char *seller[] = {"Friedrichstraße 123", "10117 Berlin", "VAT ID DE298765432"};
    right(p, p->small_bold, RIGHT, 40, 200, "Northwind Software GmbH");
    for (int i = 0; i < 3; i++) right(p, p->small, RIGHT, 51 + 11 * i, 200, seller[i]);
    text(p, p->tiny, LEFT, 145, -1, "Bill to", PANGO_ALIGN_LEFT);
    snprintf(buf, sizeof buf, "Customer %ld GmbH", n);
    text(p, p->bold, LEFT, 156, -1, buf, PANGO_ALIGN_LEFT);
    snprintf(buf, sizeof buf, "Street %ld", n);
    text(p, p->body, LEFT, 169, -1, buf, PANGO_ALIGN_LEFT);
    text(p, p->body, LEFT, 182, -1, "10115 Berlin", PANGO_ALIGN_LEFT);
    const char *labels[] = {"Invoice no.", "Date", "Due date"};
    snprintf(buf, sizeof buf, "P-%ld", 10000 + n);
    const char *values[] = {buf, "1 Mar 2026", "31 Mar 2026"};
    for (int i = 0; i < 3; i++) {
        text(p, p->body, 429, 145 + 14 * i, -1, labels[i], PANGO_ALIGN_LEFT);
        text(p, p->bold, 496, 145 + 14 * i, -1, values[i], PANGO_ALIGN_LEFT);
    }
}

/* The item table: a tinted header row and six items, with their amounts; returns the net in cents. */
static long draw_items(Page *p, long n) {
    static const double x[] = {LEFT, 64, 385, 455, 488, RIGHT - 2}; /* left edges, then right edges */
    static const char *head[] = {"#", "Description", "Qty", "Unit price", "VAT", "Amount"};
    char buf[128];
    cairo_set_source_rgb(p->cr, 0.88, 0.91, 0.94);
    cairo_rectangle(p->cr, LEFT, 210, RIGHT - LEFT, 16);
    cairo_fill(p->cr);
    cairo_set_source_rgb(p->cr, 0.1, 0.1, 0.1);
    text(p, p->bold, x[0] + 2, 212, -1, head[0], PANGO_ALIGN_LEFT);
    text(p, p->bold, x[1], 212, -1, head[1], PANGO_ALIGN_LEFT);
    for (int c = 2; c < 6; c++) right(p, p->bold, x[c], 212, 100, head[c]);
    long net = 0;
    for (int i = 0; i < 6; i++) {
        double y = 230 + 18 * i;
        long quantity = 1 + (n * 7 + i * 3) % 9, price = (19 + (n * 13 + i * 29) % 400) * 100 + 90;
        long amount = quantity * price;
        net += amount;
        snprintf(buf, sizeof buf, "%d", i + 1);
        text(p, p->body, x[0] + 2, y, -1, buf, PANGO_ALIGN_LEFT);
        snprintf(buf, sizeof buf, "Service item %d for order %ld", i + 1, n);
        text(p, p->body, x[1], y, -1, buf, PANGO_ALIGN_LEFT);
        snprintf(buf, sizeof buf, "%ld", quantity);
        right(p, p->body, x[2], y, 100, buf);
        money(buf, sizeof buf, price, 0);
        right(p, p->body, x[3], y, 100, buf);
        right(p, p->body, x[4], y, 100, "19%");
        money(buf, sizeof buf, amount, 1);
        right(p, p->body, x[5], y, 100, buf);
        cairo_set_line_width(p->cr, 0.4);
        cairo_move_to(p->cr, LEFT, y + 15);
        cairo_line_to(p->cr, RIGHT, y + 15);
        cairo_stroke(p->cr);
    }
    return net;
}

/* Subtotal, VAT and total, and the VAT summary below them. */
static void draw_totals(Page *p, long net) {
    char buf[3][64];
    long tax = (net * 19 + 50) / 100;
    money(buf[0], 64, net, 1);
    money(buf[1], 64, tax, 1);
    money(buf[2], 64, net + tax, 1);
    const char *labels[] = {"Subtotal", "VAT 19%", "Total"};
    for (int i = 0; i < 3; i++) {
        right(p, i == 2 ? p->bold : p->body, 460, 345 + 16 * i, 100, labels[i]);
        right(p, i == 2 ? p->bold : p->body, RIGHT - 2, 345 + 16 * i, 100, buf[i]);
    }
    cairo_move_to(p->cr, 380, 375);
    cairo_line_to(p->cr, RIGHT, 375);
    cairo_stroke(p->cr);
    text(p, p->small_bold, 350, 410, -1, "VAT summary", PANGO_ALIGN_LEFT);
    const char *head[] = {"Rate", "Net", "VAT", "Total"};
    const char *row[] = {"19%", buf[0], buf[1], buf[2]};
    for (int c = 0; c < 4; c++) {
        right(p, p->tiny, 380 + 52 * c, 422, 50, head[c]);
        right(p, p->tiny, 380 + 52 * c, 433, 50, row[c]);
    }
}

/* Payment terms, bank details and the footer with its rule and page number. */
static void draw_footer(Page *p, long total) {
    char amount[64], buf[160];
    money(amount, sizeof amount, total, 1);
    text(p, p->bold, LEFT, 460, -1, "Payment terms", PANGO_ALIGN_LEFT);
    snprintf(buf, sizeof buf, "Please pay %s by 31 Mar 2026.", amount);
    text(p, p->body, LEFT, 473, -1, buf, PANGO_ALIGN_LEFT);
    text(p, p->body, LEFT, 486, -1, "Payable within 30 days.", PANGO_ALIGN_LEFT);
    text(p, p->bold, LEFT, 508, -1, "Bank details", PANGO_ALIGN_LEFT);
    const char *labels[] = {"Account holder", "IBAN", "BIC"};
    const char *values[] = {"Northwind Software GmbH", "DE89 3704 0044 0532 0130 00", "COBADEFFXXX"};
    for (int i = 0; i < 3; i++) {
        text(p, p->body, LEFT, 521 + 13 * i, -1, labels[i], PANGO_ALIGN_LEFT);
        text(p, p->body, 147, 521 + 13 * i, -1, values[i], PANGO_ALIGN_LEFT);
    }
    cairo_set_source_rgb(p->cr, 0.45, 0.45, 0.45);
    cairo_move_to(p->cr, LEFT, PAGE_H - 50);
    cairo_line_to(p->cr, RIGHT, PAGE_H - 50);
    cairo_stroke(p->cr);
    text(p, p->tiny, LEFT, PAGE_H - 45, -1, "Northwind Software GmbH", PANGO_ALIGN_LEFT);
    right(p, p->tiny, RIGHT, PAGE_H - 45, 100, "Page 1 of 1");
}

/* Writes invoice n as OUTDIR/P-<10000+n>.pdf. */
static void draw_invoice(Page *p, PangoContext *context, const char *folder, long n) {
    char path[4096];
    snprintf(path, sizeof path, "%s/P-%ld.pdf", folder, 10000 + n);
    cairo_surface_t *surface = cairo_pdf_surface_create(path, PAGE_W, PAGE_H);
    snprintf(path, sizeof path, "Invoice P-%ld", 10000 + n);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, path);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "invoice-floor");
    p->cr = cairo_create(surface);
    pango_cairo_update_context(p->cr, context);
    draw_header(p, n);
    long net = draw_items(p, n);
    draw_totals(p, net);
    draw_footer(p, net + (net * 19 + 50) / 100);
    cairo_show_page(p->cr);
    cairo_destroy(p->cr);
    cairo_surface_finish(surface);
    cairo_surface_destroy(surface);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: invoice-floor N OUTDIR\n");
        return 1;
    }
    PangoFontMap *map = pango_cairo_font_map_new();
    PangoContext *context = pango_font_map_create_context(map);
    Page p = {.layout = pango_layout_new(context),
              .body = pango_font_description_from_string("Noto Sans 9.5"),
              .bold = pango_font_description_from_string("Noto Sans Bold 9.5"),
              .small = pango_font_description_from_string("Noto Sans 8"),
              .small_bold = pango_font_description_from_string("Noto Sans Bold 8"),
              .tiny = pango_font_description_from_string("Noto Sans 7.5"),
              .name = pango_font_description_from_string("Noto Sans Bold 16"),
              .title = pango_font_description_from_string("Noto Sans Bold 22")};
    long n = atol(argv[1]);
    for (long i = 0; i < n; i++) draw_invoice(&p, context, argv[2], i);
    g_object_unref(p.layout);
    g_object_unref(context);
    g_object_unref(map);
    return 0;
}
