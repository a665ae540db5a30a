"""The same documents made by invoicegen, Typst and ReportLab, timed side by side (make bench-peers).

200 one-page invoices and a 2,000-row table: invoicegen tagged against Typst (whose PDFs are tagged),
invoicegen --untagged against ReportLab (untagged), each on one core (invoicegen --jobs 1), every
batch a process of its own, in interleaved rounds; prints the medians and the ratios. With the two floor
programs it also times the fastest plain cairo-and-pango drawing of the same invoices (invoice-floor.c)
and of a comparable table (`floor table` from ../shared/bench), and prints how far ahead of each peer that
floor is: no tool built on cairo and pango can lead a peer by more.
usage: peers.py INVOICEGEN WORK-FOLDER [ROUNDS [INVOICE-FLOOR TABLE-FLOOR]]
       peers.py typst-invoices|typst-table|reportlab-invoices|reportlab-table DATA OUT   (one batch)
"""
import csv
import json
import os
import statistics
import subprocess
import sys
import time
from decimal import Decimal

INVOICES = 200
ROWS = 2000


def make_data(folder):
    """The invoices (invoicegen's JSON, which the peers read too), a config, and the table CSV."""
    invoices = []
    for n in range(INVOICES):
        items = []
        for i in range(6):
            quantity = 1 + (n * 7 + i * 3) % 9
            price = Decimal(19 + (n * 13 + i * 29) % 400) + Decimal("0.90")
            items.append({"description": f"Service item {i + 1} for order {n}", "quantity": quantity,
                          "unitPrice": str(price), "taxRate": 19})
        invoices.append({"invoiceNumber": f"P-{10000 + n}", "invoiceDate": "2026-03-01", "dueDate": "2026-03-31",
                         "currency": "EUR", "locale": "en-GB",
                         "customer": {"name": f"Customer {n} GmbH", "address": [f"Street {n}", "10115 Berlin"]},
                         "items": items})
    json.dump({"invoices": invoices}, open(folder + "/invoices.json", "w"))
    config = {"seller": {"name": "Northwind Software GmbH", "address": ["Friedrichstraße 123", "10117 Berlin"],
                         "vatId": "DE298765432"},
              "bank": {"iban": "DE89 3704 0044 0532 0130 00", "bic": "COBADEFFXXX"},
              "defaults": {"currency": "EUR", "locale": "en-GB", "taxRate": 19,
                           "paymentTerms": "Payable within 30 days."},
              "payment": {"qr": "none"}}
    json.dump(config, open(folder + "/invoicegen.json", "w"))
    with open(folder + "/table.csv", "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["Order", "Date", "Customer", "Region", "Units", "Revenue"])
        for r in range(ROWS):
            writer.writerow([f"O-{100000 + r}", f"2026-03-{1 + r % 28:02d}", f"Customer {r % 317}",
                             ["North", "South", "East", "West"][r % 4], 1 + r % 40, f"{(r * 37) % 9000 + 0.5:.2f}"])


def totals(invoice):
    lines = [Decimal(i["unitPrice"]) * i["quantity"] for i in invoice["items"]]
    net = sum(lines)
    tax = (net * Decimal("0.19")).quantize(Decimal("0.01"))
    return lines, net, tax, net + tax


TYPST_INVOICE = r"""
#let d = json(bytes(sys.inputs.data))
#set page(paper: "a4", margin: (x: 17mm, top: 13mm, bottom: 16mm),
  footer: context [#set text(7.5pt, fill: gray); Northwind Software GmbH #h(1fr) Page #counter(page).display() of #counter(page).final().first()])
#set text(font: "Noto Sans", size: 9.5pt)
#grid(columns: (1fr, auto), text(16pt, weight: "bold", fill: rgb("#0F4C81"))[Northwind Software GmbH],
  align(right, text(8pt)[*Northwind Software GmbH* \ Friedrichstraße 123 \ 10117 Berlin \ VAT ID DE298765432]))
#v(10pt)
#heading(text(22pt, fill: rgb("#0F4C81"))[Invoice])
#grid(columns: (1fr, auto), [#text(7.5pt, fill: gray)[Bill to] \ *#d.customer* \ #d.address.join("\n")],
  grid(columns: 2, gutter: 4pt, [Invoice no.], [*#d.number*], [Date], [*#d.date*], [Due date], [*#d.due*]))
#v(8pt)
#table(columns: (auto, 1fr, auto, auto, auto, auto), stroke: none, fill: (_, y) => if y == 0 { rgb("#0F4C8120") },
  align: (right, left, right, right, right, right),
  table.header([*\#*], [*Description*], [*Qty*], [*Unit price*], [*VAT*], [*Amount*]),
  ..d.items.enumerate().map(((i, it)) => ([#(i + 1)], [#it.description], [#it.quantity], [#it.price], [19%], [#it.amount])).flatten())
#align(right, grid(columns: 2, gutter: 4pt, [Subtotal], [#d.net], [VAT 19%], [#d.tax], [*Total*], [*#d.total*]))
#v(8pt)
*Payment terms* \ Please pay #d.total by #d.due. Payable within 30 days.
"""

TYPST_TABLE = r"""
#let rows = csv(bytes(sys.inputs.data))
#set page(paper: "a4", margin: 15mm, footer: context align(center, text(7.5pt)[Page #counter(page).display() of #counter(page).final().first()]))
#set text(font: "Noto Sans", size: 8pt)
= Sales table
#table(columns: 6, align: (left, left, left, left, right, right), table.header(..rows.first().map(c => [*#c*])),
  ..rows.slice(1).flatten())
"""


def typst_invoices(data, out):
    import typst
    invoices = json.load(open(data))["invoices"]
    open(out + "/invoice.typ", "w").write(TYPST_INVOICE)
    compiler = typst.Compiler(out + "/invoice.typ")
    for invoice in invoices:
        lines, net, tax, total = totals(invoice)
        inputs = {"number": invoice["invoiceNumber"], "date": "1 Mar 2026", "due": "31 Mar 2026",
                  "customer": invoice["customer"]["name"], "address": invoice["customer"]["address"],
                  "items": [{"description": i["description"], "quantity": str(i["quantity"]),
                             "price": f"{Decimal(i['unitPrice']):,.2f}", "amount": f"€{a:,.2f}"}
                            for i, a in zip(invoice["items"], lines)],
                  "net": f"€{net:,.2f}", "tax": f"€{tax:,.2f}", "total": f"€{total:,.2f}"}
        compiler.compile(output=f"{out}/{invoice['invoiceNumber']}.pdf", sys_inputs={"data": json.dumps(inputs)})


def typst_table(data, out):
    import typst
    open(out + "/table.typ", "w").write(TYPST_TABLE)
    typst.Compiler(out + "/table.typ").compile(output=out + "/table.pdf", sys_inputs={"data": open(data).read()})


def reportlab_invoices(data, out):
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import mm
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle
    pdfmetrics.registerFont(TTFont("NotoSans", "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"))
    pdfmetrics.registerFont(TTFont("NotoSans-Bold", "/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf"))
    styles = getSampleStyleSheet()
    body = styles["Normal"].clone("body", fontName="NotoSans", fontSize=9.5, leading=12)
    title = body.clone("title", fontName="NotoSans-Bold", fontSize=22, leading=26, textColor=colors.HexColor("#0F4C81"))

    def footer(canvas, document):
        canvas.setFont("NotoSans", 7.5)
        canvas.drawString(17 * mm, 10 * mm, "Northwind Software GmbH")
        canvas.drawRightString(A4[0] - 17 * mm, 10 * mm, f"Page {document.page} of 1")

    for invoice in json.load(open(data))["invoices"]:
        lines, net, tax, total = totals(invoice)
        rows = [["#", "Description", "Qty", "Unit price", "VAT", "Amount"]] + [
            [str(n + 1), i["description"], str(i["quantity"]), f"{Decimal(i['unitPrice']):,.2f}", "19%", f"€{a:,.2f}"]
            for n, (i, a) in enumerate(zip(invoice["items"], lines))]
        table = Table(rows, colWidths=[8 * mm, None, 12 * mm, 22 * mm, 12 * mm, 24 * mm], repeatRows=1)
        table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), "NotoSans", 9.5), ("FONT", (0, 0), (-1, 0), "NotoSans-Bold", 9.5),
                                   ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#E1E9F0")),
                                   ("ALIGN", (2, 0), (-1, -1), "RIGHT")]))
        sums = Table([["Subtotal", f"€{net:,.2f}"], ["VAT 19%", f"€{tax:,.2f}"], ["Total", f"€{total:,.2f}"]], hAlign="RIGHT")
        sums.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), "NotoSans", 9.5), ("ALIGN", (1, 0), (1, -1), "RIGHT")]))
        story = [Paragraph("<b>Northwind Software GmbH</b><br/>Friedrichstraße 123<br/>10117 Berlin<br/>VAT ID DE298765432", body),
                 Spacer(1, 10), Paragraph("Invoice", title), Spacer(1, 6),
                 Paragraph(f"Bill to<br/><b>{invoice['customer']['name']}</b><br/>" + "<br/>".join(invoice["customer"]["address"]), body),
                 Paragraph(f"Invoice no. <b>{invoice['invoiceNumber']}</b> · Date 1 Mar 2026 · Due 31 Mar 2026", body),
                 Spacer(1, 8), table, Spacer(1, 6), sums, Spacer(1, 8),
                 Paragraph(f"<b>Payment terms</b><br/>Please pay €{total:,.2f} by 31 Mar 2026. Payable within 30 days.", body)]
        document = SimpleDocTemplate(f"{out}/{invoice['invoiceNumber']}.pdf", pagesize=A4, leftMargin=17 * mm,
                                     rightMargin=17 * mm, topMargin=13 * mm, bottomMargin=16 * mm)
        document.build(story, onFirstPage=footer, onLaterPages=footer)


def reportlab_table(data, out):
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.platypus import LongTable, SimpleDocTemplate, TableStyle
    pdfmetrics.registerFont(TTFont("NotoSans", "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"))
    rows = list(csv.reader(open(data)))
    table = LongTable(rows, repeatRows=1)
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), "NotoSans", 8), ("ALIGN", (4, 0), (-1, -1), "RIGHT")]))

    def footer(canvas, document):
        canvas.setFont("NotoSans", 7.5)
        canvas.drawCentredString(A4[0] / 2, 8 * mm, f"Page {document.page}")

    SimpleDocTemplate(out + "/table.pdf", pagesize=A4, leftMargin=15 * mm, rightMargin=15 * mm).build(
        [table], onFirstPage=footer, onLaterPages=footer)


def timed(command, folder):
    """Seconds one batch takes, as a process of its own, writing into a fresh folder."""
    subprocess.run(["rm", "-rf", folder], check=True)
    os.makedirs(folder)
    start = time.perf_counter()
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode not in (0,):
        raise SystemExit(f"{' '.join(command)} failed: {result.stderr[-500:]}")
    return elapsed


def bench(invoicegen, work, rounds, floors=None):
    os.makedirs(work, exist_ok=True)
    make_data(work)
    me = [sys.executable, os.path.abspath(__file__)]
    data, table = work + "/invoices.json", work + "/table.csv"
    common = ["--input", data, "--config", work + "/invoicegen.json", "--jobs", "1", "--progress", "never", "--quiet"]
    runs = {
        "invoices, tagged: invoicegen": [invoicegen] + common + ["--out", work + "/o"],
        "invoices, tagged: Typst": me + ["typst-invoices", data, work + "/o"],
        "invoices, untagged: invoicegen": [invoicegen] + common + ["--untagged", "--out", work + "/o"],
        "invoices, untagged: ReportLab": me + ["reportlab-invoices", data, work + "/o"],
        "table, tagged: invoicegen": [invoicegen, "report", "--input", table, "--out", work + "/o/table.pdf", "--quiet"],
        "table, tagged: Typst": me + ["typst-table", table, work + "/o"],
        "table, untagged: invoicegen": [invoicegen, "report", "--input", table, "--out", work + "/o/table.pdf",
                                        "--untagged", "--quiet"],
        "table, untagged: ReportLab": me + ["reportlab-table", table, work + "/o"],
    }
    if floors:
        runs["invoices, floor"] = [floors[0], str(INVOICES), work + "/o"]
        runs["table, floor"] = [floors[1], "table", str(ROWS), work + "/o/table.pdf"]
    times = {name: [] for name in runs}
    for _ in range(rounds):
        for name, command in runs.items():
            times[name].append(timed(command, work + "/o"))
    medians = {name: statistics.median(values) for name, values in times.items()}
    print(f"peers: {INVOICES} one-page invoices and a {ROWS:,}-row table, one core each, medians of {rounds} interleaved rounds")
    print("| documents | invoicegen | peer | peer's time | invoicegen's time | invoicegen is |")
    print("|---|---|---|---|---|---|")
    for kind, peer in [("invoices, tagged", "Typst"), ("invoices, untagged", "ReportLab"),
                       ("table, tagged", "Typst"), ("table, untagged", "ReportLab")]:
        ours, theirs = medians[f"{kind}: invoicegen"], medians[f"{kind}: {peer}"]
        unit = f"{INVOICES / ours:.0f}/s vs {INVOICES / theirs:.0f}/s" if kind.startswith("invoices") else ""
        print(f"| {kind} | invoicegen | {peer} | {theirs:.2f} s | {ours:.2f} s | {theirs / ours:.2f}× faster {unit} |")
    if floors:
        print_floors(medians)


def print_floors(medians):
    """How far ahead of each peer plain cairo and pango are, and where invoicegen stands against them."""
    print()
    print("the cairo-and-pango floor: the same invoices (invoice-floor.c) and a comparable 6-column table of")
    print(f"{ROWS:,} rows (`floor table`), drawn at fixed positions, untagged, no layout engine")
    print("| documents | floor's time | Typst / floor | ReportLab / floor | invoicegen tagged / floor | invoicegen untagged / floor |")
    print("|---|---|---|---|---|---|")
    for kind in ["invoices", "table"]:
        floor = medians[f"{kind}, floor"]
        ratio = lambda name: f"{medians[name] / floor:.2f}×"
        print(f"| {kind} | {floor:.2f} s | {ratio(kind + ', tagged: Typst')} | {ratio(kind + ', untagged: ReportLab')} | "
              f"{ratio(kind + ', tagged: invoicegen')} | {ratio(kind + ', untagged: invoicegen')} |")


if __name__ == "__main__":
    batches = {"typst-invoices": typst_invoices, "typst-table": typst_table,
               "reportlab-invoices": reportlab_invoices, "reportlab-table": reportlab_table}
    if sys.argv[1] in batches:
        batches[sys.argv[1]](sys.argv[2], sys.argv[3])
    else:
        bench(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 3,
              sys.argv[4:6] if len(sys.argv) > 5 else None)
