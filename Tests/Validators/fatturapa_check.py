"""Checks FatturaPA files with a38 (PyPI): parsed into its model of FatturaPA 1.2, then validated.

a38 reads every element by the official schema's names and order (an unknown or misplaced element
fails the parse) and validates field formats, required fields and the totals' arithmetic. Prints
one JSON object per file: {"file", "errors", "warnings", "numero", "totale"}. a38 does not redo the
sums, so `arithmetic` (this script's own) checks them: the lines' PrezzoTotale per rate against each
DatiRiepilogo's ImponibileImporto, its Imposta against the rate, and the document's total.
"""
import json
import sys
import xml.etree.ElementTree as ET

from decimal import ROUND_HALF_UP, Decimal

import a38.fattura
from a38.validation import Validation


def arithmetic(body):
    """The sums of a body that do not hold, as messages."""
    problems = []
    goods = body.dati_beni_servizi
    by_rate = {}
    for line in goods.dettaglio_linee:
        key = (Decimal(str(line.aliquota_iva)), line.natura)
        by_rate[key] = by_rate.get(key, Decimal(0)) + Decimal(str(line.prezzo_totale))
    total = Decimal(0)
    for summary in goods.dati_riepilogo:
        rate = Decimal(str(summary.aliquota_iva))
        basis = Decimal(str(summary.imponibile_importo))
        tax = Decimal(str(summary.imposta))
        if by_rate.get((rate, summary.natura)) != basis:
            problems.append(f"ImponibileImporto {basis} at {rate} is not the lines' {by_rate.get((rate, summary.natura))}")
        expected = (basis * rate / 100).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
        if abs(expected - tax) > Decimal("0.01"):
            problems.append(f"Imposta {tax} at {rate} is not {expected}")
        total += basis + tax
    stated = Decimal(str(body.dati_generali.dati_generali_documento.importo_totale_documento))
    if stated != total:
        problems.append(f"ImportoTotaleDocumento {stated} is not {total}")
    return problems


def check(path):
    try:
        fattura = a38.fattura.auto_from_etree(ET.parse(path).getroot())
    except Exception as error:  # a38 raises plain exceptions for what it cannot read
        return {"file": path, "errors": [f"parse: {error}"], "warnings": []}
    validation = Validation()
    fattura.validate(validation)
    body = fattura.fattura_elettronica_body[0]
    document = body.dati_generali.dati_generali_documento
    return {
        "file": path,
        "errors": [str(error) for error in validation.errors] + arithmetic(body),
        "warnings": [str(warning) for warning in validation.warnings],
        "numero": document.numero,
        "totale": str(document.importo_totale_documento),
    }


if __name__ == "__main__":
    print(json.dumps([check(path) for path in sys.argv[1:]], ensure_ascii=False, indent=1))
