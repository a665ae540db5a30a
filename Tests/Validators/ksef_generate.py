"""Writes FA(3) invoices with ksef-client's own builders (PyPI), a producer independent of invoicegen.

Usage: ksef_generate.py FOLDER. Writes one file per case and prints a JSON list with, per file, the
facts invoicegen must show when it reads it: the number, P_15 (the total), the buyer's name and the
line descriptions. The cases cover what invoicegen's own writer does not make: an EU buyer with an
intra-community supply, a foreign buyer, a consumer without an identifier, mixed rates with
exemption, a correction of an invoice in KSeF, and an issue place.
"""
import json
import sys
from datetime import date

from ksef_client.documents.fa3 import Address, BankAccount, InvoiceLine, InvoiceParty, PaymentTerms, TaxCategory
from ksef_client.documents.fa3.domain import FA3Invoice

SELLER = InvoiceParty.polish_company(
    nip="5261040828", name="Sprzedawca sp. z o.o.", address=Address.polish("ul. Prosta 1", "00-001 Warszawa"))
POLISH = InvoiceParty.polish_company(
    nip="7251801126", name="Nabywca S.A.", address=Address.polish("ul. Długa 2", "90-001 Łódź"))


def cases():
    eu = FA3Invoice.basic("FV/G/1").issued_on(date(2026, 3, 2)).currency("PLN").issue_place("Kraków")
    eu.seller(SELLER).buyer(InvoiceParty.eu_company(
        vat_id="811907980", country_code="DE", name="Käufer GmbH",
        address=Address.foreign("DE", "Hafenstraße 3", "20457 Hamburg")))
    eu.add_goods_line("Towar WDT", quantity=3, unit_net_price="100.00", tax=TaxCategory.zero_wdt())
    yield "fv-g-1", eu

    mixed = FA3Invoice.basic("FV/G/2").issued_on(date(2026, 3, 3)).currency("PLN")
    mixed.seller(SELLER).buyer(POLISH)
    mixed.add_goods_line("Laptop", quantity=2, unit_net_price="3999.99", tax=TaxCategory.standard_23())
    mixed.add_goods_line("Książka", quantity=4, unit_net_price="45.50", tax=TaxCategory.reduced_5())
    mixed.add_service_line("Transport", quantity=1, unit_net_price="120.00", tax=TaxCategory.reduced_8())
    mixed.add_service_line(
        "Szkolenie", quantity=1, unit_net_price="900.00", tax=TaxCategory.exempt("art. 43 ust. 1 pkt 29"))
    mixed.payment(PaymentTerms.transfer(
        due_date=date(2026, 3, 17), bank_account=BankAccount("61109010140000071219812874", swift="WBKPPLPP")))
    yield "fv-g-2", mixed

    abroad = FA3Invoice.basic("FV/G/3").issued_on(date(2026, 3, 4)).currency("EUR")
    abroad.seller(SELLER).buyer(InvoiceParty.foreign_company(
        identifier="12-3456789", country_code="US", name="Acme Inc.",
        address=Address.foreign("US", "1 Main Street", "New York, NY 10001")))
    abroad.add_goods_line("Export goods", quantity=10, unit_net_price="12.34", tax=TaxCategory.zero_export())
    yield "fv-g-3", abroad

    correction = FA3Invoice.correction("KOR/G/1").issued_on(date(2026, 3, 6)).currency("PLN")
    correction.seller(SELLER).buyer(POLISH)
    correction.corrects_invoice(
        number="FV/G/2", issue_date=date(2026, 3, 3), reason="Zwrot towaru",
        ksef_number="5261040828-20260303-0A1B2C-3D4E5F-A7")
    correction.add_corrected_line_before_after(
        before=InvoiceLine.corrected_before(
            "Laptop", quantity=2, unit_net_price="3999.99", tax=TaxCategory.standard_23()),
        after=InvoiceLine.corrected_after(
            "Laptop", quantity=1, unit_net_price="3999.99", tax=TaxCategory.standard_23()))
    yield "kor-g-1", correction


def main(folder):
    facts = []
    for name, builder in cases():
        invoice = builder.build()
        xml = builder.to_xml()
        path = f"{folder}/{name}.xml"
        with open(path, "wb") as out:
            out.write(xml)
        facts.append({
            "file": path, "number": invoice.invoice_number, "total": str(invoice.summary_gross),
            "buyer": invoice.buyer.name, "lines": [line.description for line in invoice.lines],
        })
    print(json.dumps(facts, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1])
